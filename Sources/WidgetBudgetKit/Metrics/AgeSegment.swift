/// A stretch during which the display was stale, its age growing linearly from `from` to `to`
/// seconds (the sawtooth's rising edge), beginning at simulation time `start`. Between segments the
/// display was fresh (age 0).
public struct AgeSegment: Sendable, Equatable, Codable {
    /// When the stretch begins, in simulation seconds.
    public var start: SimTime
    /// Age at the start of the stretch, in seconds.
    public var from: Double
    /// Age at its end, in seconds.
    public var to: Double

    /// When the stretch ends, in simulation seconds.
    public var end: SimTime { start + (to - from) }

    /// Creates a segment.
    public init(start: SimTime = 0, from: Double, to: Double) {
        self.start = start
        self.from = from
        self.to = to
    }
}

/// Time-weighted quantiles of age.
public enum AgeQuantile {
    /// The age `q` such that the display was older than `q` for a fraction `1 - p` of `totalTime`
    /// (fresh time counts as age 0). Exact up to 1e-6 s, by bisection.
    ///
    /// - Complexity: O(n log(maxAge / 1e-6)) for n segments at worst; far less when few segments
    ///   reach the quantile.
    public static func timeWeighted<S: Collection>(_ segments: S, totalTime: Double, p: Double) -> Double where S.Element == AgeSegment {
        timeWeighted(parts: CollectionOfOne(segments), totalTime: totalTime, p: p)
    }

    /// `timeWeighted` over the segments of `parts` one after the other (the runs of a summary),
    /// without first copying them into one array.
    ///
    /// The bisection's sums over the segments above each midpoint keep their terms and order, hence
    /// their bits, whatever the segments are read from: the parts themselves until the lower bound
    /// first rises, then a list of the segments that reach above it (the only ones any later
    /// midpoint can count), filtered again as the bound rises.
    public static func timeWeighted<P: Collection>(parts: P, totalTime: Double, p: Double) -> Double
    where P.Element: Collection, P.Element.Element == AgeSegment {
        guard totalTime > 0 else { return 0 }
        let target = (1 - p) * totalTime
        var stale = 0.0, hi = 0.0
        for part in parts {
            for s in part {
                stale += s.to - s.from
                hi = max(hi, s.to)
            }
        }
        if stale <= target { return 0 }
        var lo = 0.0
        var active: ContiguousArray<AgeSegment>? = nil
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            let above = active.map { time(of: $0, above: mid) } ?? parts.reduce(0.0) { time(of: $1, above: mid, adding: $0) }
            if above > target {
                lo = mid
                if active == nil {
                    active = reaching(above: lo, in: parts)
                } else {
                    active!.removeAll { $0.to <= lo }
                }
            } else {
                hi = mid
            }
            if hi - lo < 1e-6 { break }
        }
        return hi
    }

    /// `sum` plus the time the segments spent older than `age`, added in order.
    @inline(__always)
    private static func time<C: Collection>(of segments: C, above age: Double, adding sum: Double = 0) -> Double
    where C.Element == AgeSegment {
        var above = sum
        for s in segments where s.to > age { above += s.to - max(s.from, age) }
        return above
    }

    /// The segments of `parts` that grow older than `age`, in order.
    private static func reaching<P: Collection>(above age: Double, in parts: P) -> ContiguousArray<AgeSegment>
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var list = ContiguousArray<AgeSegment>()
        for part in parts {
            for s in part where s.to > age { list.append(s) }
        }
        return list
    }
}
