import WidgetBudgetKit

/// The age of the displayed content over a stretch of time: the sawtooth, as points to join.
///
/// Between ``AgeSegment``s the display is fresh (age 0); within one, age grows one second per
/// second. A render or reload that brings newer content makes the age drop: two points at the same
/// time.
public enum AgeCurve {
    /// One corner of the curve.
    public struct Point: Sendable, Equatable {
        /// Simulation seconds.
        public var time: SimTime
        /// Age in seconds (0 while fresh).
        public var age: Double
    }

    /// The corners of the age curve over `[from, to]`, from a run's time-ordered segments.
    /// - Complexity: O(log n + k) for n segments, k of them in the stretch.
    public static func points<S: RandomAccessCollection<AgeSegment>>(_ segments: S, from: SimTime, to: SimTime) -> [Point]
    where S.Index == Int {
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].end <= from { lo = mid + 1 } else { hi = mid }
        }
        var points: [Point] = []
        var last = from
        func add(_ t: SimTime, _ age: Double) {
            if let p = points.last, p.time == t, p.age == age { return }
            points.append(Point(time: t, age: age))
        }
        var i = lo
        while i < segments.count && segments[i].start < to {
            let s = segments[i]
            i += 1
            let s0 = max(s.start, from), s1 = min(s.end, to)
            guard s1 > s0 else { continue }
            let a0 = s.from + (s0 - s.start), a1 = s.from + (s1 - s.start)
            if s0 > last + 1e-9 {
                add(last, 0)
                add(s0, 0)
            }
            add(s0, a0)
            add(s1, a1)
            last = s1
        }
        add(last, 0)
        add(to, 0)
        return points
    }
}
