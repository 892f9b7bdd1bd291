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
        guard totalTime > 0 else { return 0 }
        let target = (1 - p) * totalTime
        var stale = 0.0, hi = 0.0
        for s in segments {
            stale += s.to - s.from
            hi = max(hi, s.to)
        }
        if stale <= target { return 0 }
        var lo = 0.0
        // Only segments reaching above `lo` can count at any later midpoint (all above `lo`), so the
        // others are dropped as `lo` rises; the sums keep their terms and order, hence their bits.
        var active = ContiguousArray(segments)
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            var above = 0.0
            for s in active where s.to > mid { above += s.to - max(s.from, mid) }
            if above > target {
                lo = mid
                active.removeAll { $0.to <= lo }
            } else {
                hi = mid
            }
            if hi - lo < 1e-6 { break }
        }
        return hi
    }
}
