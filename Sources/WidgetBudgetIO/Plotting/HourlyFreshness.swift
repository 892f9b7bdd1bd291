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

    /// Cells for the first `days` days of `runs` (one run per replication, same widget).
    ///
    /// Hours follow the local clock: a day that loses an hour to daylight saving has no cell for it;
    /// one that repeats an hour merges both into one cell.
    /// - Complexity: O(days · 24 + n) for n age segments per run.
    public static func cells(runs: [WidgetRunResult], calendar: SimulationCalendar, days: Int) -> [Cell] {
        let clock = calendar.clock
        var cells: [Cell] = []
        var cursors = [Int](repeating: 0, count: runs.count)
        for d in 0..<min(days, calendar.days) {
            let dayStart = calendar.dayStarts[d], dayEnd = calendar.dayStarts[d + 1]
            var bounds = [dayStart]
            var t = clock.nextAligned(after: dayStart, step: Seconds.hour)
            while t < dayEnd {
                bounds.append(t)
                t = clock.nextAligned(after: t, step: Seconds.hour)
            }
            bounds.append(dayEnd)
            var stale = [Double](repeating: 0, count: 24)
            var length = [Double](repeating: 0, count: 24)
            for i in 0..<(bounds.count - 1) {
                let a = bounds[i], b = bounds[i + 1]
                guard b > a else { continue }
                let hour = min(23, Int(clock.secondsOfDay(a) / Seconds.hour))
                for (r, run) in runs.enumerated() {
                    length[hour] += b - a
                    stale[hour] += staleTime(run.ageSegments, from: a, to: b, cursor: &cursors[r])
                }
            }
            for hour in 0..<24 where length[hour] > 0 {
                cells.append(Cell(day: d, hour: hour, freshness: max(0, min(1, 1 - stale[hour] / length[hour]))))
            }
        }
        return cells
    }

    /// Stale seconds in `[from, to)`, sweeping `segments` from `cursor` (left at the first
    /// segment that may still overlap later stretches).
    private static func staleTime(_ segments: AgeSegments, from: SimTime, to: SimTime, cursor: inout Int) -> Double {
        while cursor < segments.count && segments[cursor].end <= from { cursor += 1 }
        var total = 0.0
        var i = cursor
        while i < segments.count && segments[i].start < to {
            total += max(0, min(segments[i].end, to) - max(segments[i].start, from))
            i += 1
        }
        return total
    }
}
