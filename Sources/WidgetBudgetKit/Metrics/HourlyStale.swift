/// The stale seconds of each local clock hour of a day: what the hourly freshness heat map sums
/// over replications.
///
/// A day's hours are the stretches between its start, each whole local hour after it and its end
/// (`bounds(day:calendar:)`): 24 on most days, 23 or 25 on a daylight-saving day.
package enum HourlyStale {
    /// Day `day`'s hour bounds: its start, each whole local hour inside it, its end.
    package static func bounds(day: Int, calendar: SimulationCalendar) -> [SimTime] {
        let clock = calendar.clock
        let dayStart = calendar.dayStarts[day], dayEnd = calendar.dayStarts[day + 1]
        var bounds = [dayStart]
        var t = clock.nextAligned(after: dayStart, step: Seconds.hour)
        while t < dayEnd {
            bounds.append(t)
            t = clock.nextAligned(after: t, step: Seconds.hour)
        }
        bounds.append(dayEnd)
        return bounds
    }

    /// The stale seconds between each two consecutive `bounds` (0 where they do not increase),
    /// from time-ordered `segments`, swept from `cursor` (left at the first segment that may still
    /// overlap a later stretch, for the next day's call).
    ///
    /// The terms are added in time order, so the sums are the same whether `segments` are the
    /// whole run's or only the day's (a day's stretches end at its end: the others add nothing).
    /// - Complexity: O(hours + k) for k segments from `cursor` that overlap the day.
    package static func seconds<S: RandomAccessCollection<AgeSegment>>(_ segments: S, bounds: [SimTime], cursor: inout Int) -> [Double]
    where S.Index == Int {
        var stale = [Double](repeating: 0, count: max(0, bounds.count - 1))
        for i in stale.indices {
            let a = bounds[i], b = bounds[i + 1]
            guard b > a else { continue }
            stale[i] = seconds(segments, from: a, to: b, cursor: &cursor)
        }
        return stale
    }

    /// Stale seconds in `[from, to)`, sweeping `segments` from `cursor` (left at the first segment
    /// that may still overlap later stretches).
    private static func seconds<S: RandomAccessCollection<AgeSegment>>(_ segments: S, from: SimTime, to: SimTime, cursor: inout Int)
        -> Double
    where S.Index == Int {
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
