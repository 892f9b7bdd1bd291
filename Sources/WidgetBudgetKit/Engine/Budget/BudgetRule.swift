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
}
