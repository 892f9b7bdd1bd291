import WidgetBudgetKit

/// The stale stretches of one day of one replication, each widget's, with their times: what an age
/// curve draws (``AgeCurve``).
///
/// A run keeps them when it kept every stretch (``WidgetRunResult/ageSegments``) or when the day is
/// the one it kept for the figures (`RunFigures`: its least fresh day, or the day asked before
/// the run); otherwise the replication is run again keeping that day
/// (`Simulator.dayStretches`), at the event level of the first run, so the stretches are the same.
enum DayStretches {
    /// Day `day` (0-based) of replication `replication` of `result`, run at `events`: one list per
    /// widget, in scenario order.
    static func of(_ result: SimulationResult, replication: Int, day: Int, events: EventLevel) -> [[AgeSegment]] {
        let calendar = result.calendar
        let from = calendar.dayStarts[day], to = calendar.dayStarts[day + 1]
        var kept: [[AgeSegment]?] = result.runs[replication].map { run in
            guard let figures = run.figures else { return Self.slice(run.ageSegments, from: from, to: to) }
            return figures.day == day ? figures.stretches : nil
        }
        if kept.contains(where: { $0 == nil }) {
            let again = Simulator.dayStretches(result.scenario, replication: replication, day: day, events: events)
            for w in kept.indices where kept[w] == nil { kept[w] = again[w] }
        }
        return kept.map { $0 ?? [] }
    }

    /// The time-ordered `segments` that overlap `[from, to)`, as ``AgeCurve/points(_:from:to:)``
    /// and the day's own stretches have them.
    static func slice(_ segments: AgeSegments, from: SimTime, to: SimTime) -> [AgeSegment] {
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].end <= from { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < segments.count && segments[end].start < to { end += 1 }
        return Array(segments[lo..<end])
    }
}
