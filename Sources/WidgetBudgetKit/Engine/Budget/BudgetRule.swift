/// The state and rule of one budget model: how charged reloads use the daily budget B up and how
/// it comes back.
///
/// One type per ``BudgetModel`` (``RollingWindowBudget``, ``MidnightBudget``,
/// ``TokenBucketBudget``); `ReloadBudget` wraps whichever the scenario names, so the engine, the
/// log analysis, the needed-budget search and the plots never switch over models. To add a model:
/// one file with a type conforming to this protocol, a case in ``BudgetModel`` naming it (the
/// scenario loader reads the case's raw value), and a paragraph in `docs/design/budget-model.md`;
/// the log analysis fits it, and its predictions get a column and a JSON key, with no other change.
/// CONTRIBUTING.md works one through (an hourly cap).
///
/// A rule that counts per stretch of local time (a local day, a local hour) names it as its
/// ``window``; the methods then get the key of the window holding `t` (found through the
/// scenario's clock, or a device-log record's UTC offset), and 0 when ``window`` is `nil`. The
/// methods are called with `daily > 0` only (`ReloadBudget` handles an empty budget).
public protocol BudgetRule: Sendable {
    /// A full budget of `daily` (> 0) reloads.
    init(daily: Int)
    /// The stretches of local time the rule counts in, or `nil` when it needs no local time (the
    /// engine then finds no window key, which costs nothing).
    static var window: BudgetWindow? { get }
    /// The key that holds this model's value in JSON documents (``ModelPredictions`` in
    /// `analyze --format json`); fixed once published.
    static var jsonKey: String { get }
    /// True when a charged reload may run at `t`, in window `window`.
    func isAvailable(at t: SimTime, window: Int) -> Bool
    /// Changes B to `daily` (> 0) from `t` on (the learning period ending), keeping what was spent.
    mutating func setDaily(_ daily: Int, at t: SimTime)
    /// Spends one reload at `t`, in window `window`, allowed or not (the balance may go below zero).
    mutating func charge(at t: SimTime, window: Int)
    /// The instant after `t` at which a charged reload may run again; called only when the budget
    /// is not available at `t`. `nextWindow` is the first instant after `t` in the next window
    /// (the next local midnight for ``BudgetWindow/localDay``; only meaningful with a ``window``).
    func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime
    /// Charged reloads still available at `t`, in window `window`.
    func left(at t: SimTime, window: Int) -> Int
    /// The instants in `[from, until]`, besides the charges themselves, at which the budget left
    /// may change without a charge (for drawing the budget over time), given the ascending charge
    /// times; need not be sorted or distinct.
    static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime]
    /// A daily budget B under which a charged reload at each of `chargeTimes` (ascending,
    /// non-empty) finds budget: the top of the needed-budget search's range.
    ///
    /// No default: B = n (the number of charges) suffices for a model whose B is the allowance of
    /// a day (rolling window, midnight, token bucket), but not for one that splits B into smaller
    /// windows (an hourly cap of ⌈B / 24⌉ needs B = 24 × (n − 1) + 1 for n charges in one hour).
    static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int
    /// The smallest daily budget B (at least 1) under which a charged reload at each of
    /// `chargeTimes` (ascending, non-empty) finds budget, each then charged: the B that
    /// ``NeededBudget/minimum(chargeTimes:model:clock:)`` returns.
    ///
    /// A model answers in closed form where one exists; the default is the reference search, a
    /// binary search over B in 1 … ``sufficientBudget(chargeTimes:clock:)`` of replays through the
    /// rule (`neededBudgetBySearch(chargeTimes:clock:in:)`).
    static func neededBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int
}

extension BudgetRule {
    /// Spends one reload at `t`, in window `window`, when a charged reload may run then: true
    /// when it was spent. ``isAvailable(at:window:)`` then ``charge(at:window:)``, inlined
    /// together (the engine asks at every charged grant).
    @inline(__always)
    package mutating func chargeIfAvailable(at t: SimTime, window: Int) -> Bool {
        guard isAvailable(at: t, window: window) else { return false }
        charge(at: t, window: window)
        return true
    }

    /// The reference search: replays `chargeTimes` through the rule, B in 1 …
    /// ``sufficientBudget(chargeTimes:clock:)``.
    public static func neededBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int {
        neededBudgetBySearch(chargeTimes: chargeTimes, clock: clock, in: searchRange(chargeTimes: chargeTimes, clock: clock))
    }

    /// `1 ... sufficientBudget(chargeTimes:clock:)`: the range of the reference search.
    package static func searchRange(chargeTimes: [SimTime], clock: LocalClock) -> ClosedRange<Int> {
        1...Swift.max(1, sufficientBudget(chargeTimes: chargeTimes, clock: clock))
    }

    /// The window key of `t` as the rule needs it: the key of its ``window`` through `clock`, 0
    /// without one.
    @inline(__always)
    package static func windowKey(at t: SimTime, clock: LocalClock) -> Int {
        window?.key(at: t, clock: clock) ?? 0
    }

    /// The smallest B in `range` under which every charge in `chargeTimes` finds budget, by binary
    /// search, given that B = `range.lowerBound` − 1 does not suffice (or is 0) and B =
    /// `range.upperBound` does ("B suffices" is monotone in B).
    ///
    /// - Complexity: O(n log |range|) rule steps for n charges.
    package static func neededBudgetBySearch(chargeTimes: [SimTime], clock: LocalClock, in range: ClosedRange<Int>) -> Int {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if grantsEvery(chargeTimes, daily: mid, clock: clock) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// True when a full budget of `daily` (> 0) grants every charge in `chargeTimes` at its time:
    /// the replay `ReloadBudget` makes for a positive budget.
    package static func grantsEvery(_ chargeTimes: [SimTime], daily: Int, clock: LocalClock) -> Bool {
        var rule = Self(daily: daily)
        for t in chargeTimes {
            let key = windowKey(at: t, clock: clock)
            guard rule.isAvailable(at: t, window: key) else { return false }
            rule.charge(at: t, window: key)
        }
        return true
    }
}
