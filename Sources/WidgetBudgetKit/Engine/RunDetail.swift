/// What a widget run computes beyond its sums: a `simulate` wants everything; the optimizer, which
/// reads only each day's sums, the stale stretches and the times of the charged grants, turns off
/// the per-day age quantile and the budget left on each event, and keeps the charge times as plain
/// times rather than as events.
package struct RunDetail: Sendable, Equatable {
    /// The time-weighted 95th percentile of age per day (``DayMetrics/p95Age``, a bisection over
    /// the day's stale stretches); 0 in every day when off. The summary's percentile, computed
    /// from the run's stale stretches, is the same either way.
    package var dayAgeQuantiles: Bool
    /// The budget left at each recorded reload event (``EngineEvent/budgetLeft``); -1 when off.
    package var budgetLeft: Bool
    /// The times of the charged grants, in ``WidgetRunResult/chargeTimes`` (what the needed budget
    /// reads), whatever the ``EventLevel``: one `SimTime` per charge rather than an event.
    package var chargeTimes: Bool

    /// Everything: what `simulate`, `report` and `compare` write.
    package static let full = RunDetail(dayAgeQuantiles: true, budgetLeft: true, chargeTimes: false)
    /// What the optimizer reads: each day's sums, the run's stale stretches and the times of its
    /// charged grants (for the needed budget).
    package static let optimization = RunDetail(dayAgeQuantiles: false, budgetLeft: false, chargeTimes: true)
}
