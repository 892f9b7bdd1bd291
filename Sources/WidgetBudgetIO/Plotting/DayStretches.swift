import WidgetBudgetKit

/// The stale stretches of one day of one replication, each widget's, with their times: what an age
/// curve draws (``AgeCurve``).
///
/// A run keeps them when it kept every stretch (``WidgetRunResult/ageSegments``) or when the day is
/// the one it kept for the figures (`RunFigures`: its least fresh day, or the day asked before
/// the run); otherwise the replication is run again keeping that day
/// (`Simulator.dayFigures`), at the event level of the first run, so the stretches are the same.
enum DayStretches {
    /// Day `day` (0-based) of replication `replication` of `result`, run at `events`: one list per
    /// widget, in scenario order.
    static func of(_ result: SimulationResult, replication: Int, day: Int, events: EventLevel) -> [[AgeSegment]] {
        let calendar = result.calendar
        let from = calendar.dayStarts[day], to = calendar.dayStarts[day + 1]
        return zip(result.runs[replication], figures(of: result, replication: replication, day: day, events: events, reloads: false))
            .map { run, figures in figures?.stretches ?? Self.slice(run.ageSegments, from: from, to: to) }
    }

    /// What the figures read of day `day` (0-based) of replication `replication` of `result`, run
    /// at `events`, each widget's (`RunFigures`, its `day` being `day`): the run's own when it kept
    /// that day, else the replication's run again for it, once for all the widgets, which with
    /// `reloads` keeps the day's reload events too (`FigureReloads`); `nil` for a run that kept
    /// every stretch (its ``WidgetRunResult/ageSegments``, ``slice(_:from:to:)``).
    static func figures(
        of result: SimulationResult, replication: Int, day: Int, events: EventLevel, reloads: Bool
    ) -> [RunFigures?] {
        let runs = result.runs[replication]
        guard runs.contains(where: { $0.figures.map { $0.day != day } ?? false }) else { return runs.map(\.figures) }
        let again = Simulator.dayFigures(result.scenario, replication: replication, day: day, events: events, reloads: reloads)
        return runs.indices.map { w in
            guard let figures = runs[w].figures else { return nil }
            return figures.day == day ? figures : again[w]
        }
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
