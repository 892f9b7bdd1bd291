/// The state and rule of one budget model: how charged reloads use the daily budget B up and how
/// it comes back.
///
/// One type per ``BudgetModel`` (``RollingWindowBudget``, ``MidnightBudget``,
/// ``TokenBucketBudget``); `ReloadBudget` wraps whichever the scenario names, so the engine, the
/// log analysis, the needed-budget search and the plots never switch over models. To add a model:
/// one file with a type conforming to this protocol, a case in ``BudgetModel`` naming it (the
/// scenario loader reads the case's raw value), and a paragraph in `docs/design/budget-model.md`;
/// the log analysis fits it, and its predictions get a column and a JSON key, with no other change.
///
/// The methods are called with `daily > 0` only (`ReloadBudget` handles an empty budget) and
/// with the local day of `t` when ``usesLocalDay`` is true (0 otherwise).
public protocol BudgetRule: Sendable {
    /// A full budget of `daily` (> 0) reloads.
    init(daily: Int)
    /// True when the rule needs the local calendar day of each instant.
    static var usesLocalDay: Bool { get }
    /// The key that holds this model's value in JSON documents (``ModelPredictions`` in
    /// `analyze --format json`); fixed once published.
    static var jsonKey: String { get }
    /// True when a charged reload may run at `t`.
    func isAvailable(at t: SimTime, localDay: Int) -> Bool
    /// Changes B to `daily` (> 0) from `t` on (the learning period ending), keeping what was spent.
    mutating func setDaily(_ daily: Int, at t: SimTime)
    /// Spends one reload at `t`, allowed or not (the balance may go below zero).
    mutating func charge(at t: SimTime, localDay: Int)
    /// The instant after `t` at which a charged reload may run again; called only when the budget
    /// is not available at `t`. `nextMidnight` is the first local midnight after `t`.
    func nextRecovery(after t: SimTime, nextMidnight: () -> SimTime) -> SimTime
    /// Charged reloads still available at `t`.
    func left(at t: SimTime, localDay: Int) -> Int
    /// The instants in `[from, until]`, besides the charges themselves, at which the budget left
    /// may change without a charge (for drawing the budget over time), given the ascending charge
    /// times; need not be sorted or distinct.
    static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime]
    /// The smallest daily budget B (at least 1) under which a charged reload at each of
    /// `chargeTimes` (ascending, non-empty) finds budget, each then charged: the B that
    /// ``NeededBudget/minimum(chargeTimes:model:clock:)`` returns.
    ///
    /// A model answers in closed form where one exists; the default is the reference search, a
    /// binary search over B of replays through the rule (`neededBudgetBySearch(chargeTimes:clock:in:)`).
    static func neededBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int
}

extension BudgetRule {
    /// The reference search: replays `chargeTimes` through the rule.
    public static func neededBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int {
        neededBudgetBySearch(chargeTimes: chargeTimes, clock: clock, in: 1...Swift.max(1, chargeTimes.count))
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
            let day = usesLocalDay ? clock.localDay(t) : 0
            guard rule.isAvailable(at: t, localDay: day) else { return false }
            rule.charge(at: t, localDay: day)
        }
        return true
    }
}
