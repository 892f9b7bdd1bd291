import WidgetBudgetKit

/// The days on which the budget ran out over some runs (a widget's replications, for the findings
/// and the JSON document; one replication's widgets, for the report's worst replication and its
/// title), counted in one pass over each run's days in order: stored days (``DayList``) are read a chunk at a time.
/// A lazy filter's `count` reads them by index instead, one read of the store a day (issue #26:
/// the quietest scenarios' findings cost 5,000 instructions a simulated day, and a system call).
struct DaysOutOfBudget {
    /// Days in all.
    private(set) var all = 0
    /// Days on which the budget ran out (``DayMetrics/wasExhausted``).
    private(set) var out = 0
    /// When it ran out, for each day that says (``DayMetrics/exhaustedAt``), in run and day order.
    private(set) var exhaustedAt: [SimTime] = []

    /// Counts the days of `runs`.
    init(_ runs: [WidgetRunResult]) {
        for run in runs {
            for day in run.days {
                all += 1
                if day.wasExhausted { out += 1 }
                if let at = day.exhaustedAt { exhaustedAt.append(at) }
            }
        }
    }
}
