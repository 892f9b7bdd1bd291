import WidgetBudgetKit

/// The share of each local clock hour of each day that the display was fresh, over replications:
/// the day-by-hour heat map's cells.
public enum HourlyFreshness {
    /// One cell: a day and an hour of the local clock.
    public struct Cell: Sendable, Equatable {
        /// The simulated day, 0-based.
        public var day: Int
        /// The local hour, 0…23.
        public var hour: Int
        /// Fraction of the hour the display was fresh, 0…1, over all replications.
        public var freshness: Double
    }

    /// Cells for the first `days` days of `runs` (one run per replication, same widget): from the
    /// stale seconds per hour a run kept for the figures (`RunFigures.hourlyStale`), or from its
    /// stretches when it kept them all.
    ///
    /// Hours follow the local clock: a day that loses an hour to daylight saving has no cell for it;
    /// one that repeats an hour merges both into one cell.
    /// - Complexity: O(days · 24 + n) for n age segments per run.
    public static func cells(runs: [WidgetRunResult], calendar: SimulationCalendar, days: Int) -> [Cell] {
        let clock = calendar.clock
        var cells: [Cell] = []
        var cursors = [Int](repeating: 0, count: runs.count)
        for d in 0..<min(days, calendar.days) {
            let bounds = HourlyStale.bounds(day: d, calendar: calendar)
            let runStale = runs.indices.map { r in
                if let kept = runs[r].figures?.hourlyStale, d < kept.count { return kept[d] }
                return HourlyStale.seconds(runs[r].ageSegments, bounds: bounds, cursor: &cursors[r])
            }
            var stale = [Double](repeating: 0, count: 24)
            var length = [Double](repeating: 0, count: 24)
            for i in 0..<(bounds.count - 1) {
                let a = bounds[i], b = bounds[i + 1]
                guard b > a else { continue }
                let hour = min(23, Int(clock.secondsOfDay(a) / Seconds.hour))
                for r in runs.indices {
                    length[hour] += b - a
                    stale[hour] += runStale[r][i]
                }
            }
            for hour in 0..<24 where length[hour] > 0 {
                cells.append(Cell(day: d, hour: hour, freshness: max(0, min(1, 1 - stale[hour] / length[hour]))))
            }
        }
        return cells
    }
}
