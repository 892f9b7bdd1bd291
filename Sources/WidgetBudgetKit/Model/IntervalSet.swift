/// A sorted set of disjoint half-open time intervals `[start, end)` in simulation time.
///
/// Windows of local time (market hours, waking hours, low-power nights, foreground sessions) are
/// turned into interval sets over the simulated horizon once, so that "is `t` inside?" and "when
/// does the next one start?" are binary searches.
public struct IntervalSet: Sendable, Equatable, Codable {
    /// Interval starts, ascending.
    public private(set) var starts: [SimTime]
    /// Interval ends; `ends[i] > starts[i]` and `ends[i] <= starts[i + 1]`.
    public private(set) var ends: [SimTime]

    /// The empty set.
    public static let empty = IntervalSet(starts: [], ends: [])

    /// Creates a set from intervals in any order; overlapping or touching intervals are merged.
    public init(intervals: [(SimTime, SimTime)]) {
        let sorted = intervals.filter { $0.1 > $0.0 }.sorted { $0.0 < $1.0 }
        var s: [SimTime] = [], e: [SimTime] = []
        for (a, b) in sorted {
            if let last = e.last, a <= last {
                e[e.count - 1] = max(last, b)
            } else {
                s.append(a)
                e.append(b)
            }
        }
        starts = s
        ends = e
    }

    private init(starts: [SimTime], ends: [SimTime]) {
        self.starts = starts
        self.ends = ends
    }

    /// The set of instants inside any of `windows`, from `from` to `to`.
    public init(windows: [TimeWindow], clock: LocalClock, from: SimTime, to: SimTime) {
        var intervals: [(SimTime, SimTime)] = []
        let firstDay = clock.localDay(from) - 1
        let lastDay = clock.localDay(to)
        if firstDay <= lastDay {
            for day in firstDay...lastDay {
                let weekday = LocalClock.weekday(ofLocalDay: day)
                for window in windows where window.weekdays & (1 << UInt8(weekday)) != 0 {
                    let midnight = Double(day) * Seconds.day
                    let endWall = window.end > window.start ? midnight + window.end : midnight + Seconds.day + window.end
                    let a = clock.simTime(wall: midnight + window.start)
                    let b = clock.simTime(wall: endWall)
                    if b > from && a < to { intervals.append((max(a, from), min(b, to))) }
                }
            }
        }
        self.init(intervals: intervals)
    }

    /// The number of intervals.
    public var count: Int { starts.count }

    /// True when there are no intervals.
    public var isEmpty: Bool { starts.isEmpty }

    /// Index of the last interval starting at or before `t`, or -1.
    @inline(__always)
    private func lastStart(atOrBefore t: SimTime) -> Int {
        starts.countAtOrBefore(t) - 1
    }

    /// True when `t` lies inside an interval.
    @inline(__always)
    public func contains(_ t: SimTime) -> Bool {
        let i = lastStart(atOrBefore: t)
        return i >= 0 && t < ends[i]
    }

    /// ``contains(_:)`` for ascending instants: `cursor` (0 before the first call, then left as
    /// this call leaves it) is the first interval ending after the previous `t`, so a sequence of
    /// calls steps through the intervals once instead of searching them each time.
    @inline(__always)
    package func contains(_ t: SimTime, cursor: inout Int) -> Bool {
        // The intervals are sorted and disjoint: step to the first ending after `t`; `t` is inside
        // when that one has begun.
        while cursor < ends.count && ends[cursor] <= t { cursor += 1 }
        return cursor < ends.count && starts[cursor] <= t
    }

    /// `t` itself when outside every interval, otherwise the end of the interval holding it.
    @inline(__always)
    public func deferred(_ t: SimTime) -> SimTime {
        let i = lastStart(atOrBefore: t)
        return i >= 0 && t < ends[i] ? ends[i] : t
    }

    /// The first interval start strictly after `t`, or `nil`.
    public func nextStart(after t: SimTime) -> SimTime? {
        let i = lastStart(atOrBefore: t) + 1
        return i < starts.count ? starts[i] : nil
    }

    /// Total length of the intervals, in seconds.
    public var totalLength: Double {
        zip(starts, ends).reduce(0) { $0 + ($1.1 - $1.0) }
    }
}
