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
    /// - Complexity: O(n log(maxAge / 1e-6)) for n segments at worst; about O(n) when few
    ///   segments begin or end near the quantile.
    public static func timeWeighted<S: Collection>(_ segments: S, totalTime: Double, p: Double) -> Double where S.Element == AgeSegment {
        timeWeighted(parts: CollectionOfOne(segments), totalTime: totalTime, p: p)
    }

    /// `timeWeighted` over the segments of `parts` one after the other (the runs of a summary),
    /// without first joining them into one array.
    ///
    /// Each step of the bisection asks whether the time spent older than `mid`, summed segment by
    /// segment in order, exceeds the target. `AgeTail` answers most steps from running totals with
    /// a bound on their rounding error; only a step too close to call sums the segments in order
    /// (the same terms in the same order as ever, hence the same bits and the same answer).
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
        var tail = AgeTail(parts)
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            let above = tail.exceeds(target, above: mid, within: lo, hi) ?? (time(of: parts, above: mid) > target)
            if above { lo = mid } else { hi = mid }
            if hi - lo < 1e-6 { break }
        }
        return hi
    }

    /// The time the segments of `parts` spent older than `age`, added in order.
    private static func time<P: Collection>(of parts: P, above age: Double) -> Double
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var above = 0.0
        for part in parts {
            for s in part where s.to > age { above += s.to - max(s.from, age) }
        }
        return above
    }
}

/// The time age segments spend above an age `mid` inside a bisection's bracket `lo < mid < hi`,
/// estimated from running totals with a bound on the rounding error.
///
/// As the bracket narrows, segments leave the list still read one by one: those ending at or
/// below `lo` (they never count again), those starting at or above `hi` (they always count whole:
/// `to - from`) and those spanning the bracket (they always count `to - mid`: one total of `to`
/// and a count). What stays are the segments beginning or ending inside the bracket.
private struct AgeTail {
    /// Segments beginning or ending inside the bracket, as far as known.
    private var pending: ContiguousArray<(from: Double, to: Double)> = []
    /// Segments starting at or above the bracket: the sum of `to - from`.
    private var wholeSum = 0.0
    /// Segments spanning the bracket: the sum of `to`, and how many.
    private var spanningSum = 0.0
    private var spanningCount = 0.0
    /// Every segment (a bound on the terms of any sum).
    private let count: Double

    init<P: Collection>(_ parts: P) where P.Element: Collection, P.Element.Element == AgeSegment {
        var n = 0
        for part in parts { n += part.count }
        count = Double(n)
        pending.reserveCapacity(n)
        for part in parts {
            for s in part { pending.append((s.from, s.to)) }
        }
    }

    /// Whether the time spent older than `mid`, summed segment by segment in any order, exceeds
    /// `target`; `nil` when the estimate is too close to `target` to tell. `lo` and `hi` only
    /// ever narrow from one call to the next.
    ///
    /// The estimate and an ordered sum of the same terms each differ from the exact sum by at most
    /// about n·u of the sum of the magnitudes involved (n terms, u = 2⁻⁵³ the unit roundoff); the
    /// margin used is four times that, plus room for the last comparisons.
    mutating func exceeds(_ target: Double, above mid: Double, within lo: Double, _ hi: Double) -> Bool? {
        // A bracket too narrow for its midpoint to fall strictly inside (ages near 10^10 s).
        guard lo < mid && mid < hi else { return nil }
        var kept = 0
        var pendingSum = 0.0
        var whole = wholeSum, spanning = spanningSum, spanningN = spanningCount
        pending.withUnsafeMutableBufferPointer { list in
            for i in list.indices {
                let s = list[i]
                if s.to <= lo { continue }
                if s.from >= hi {
                    whole += s.to - s.from
                } else if s.to >= hi && s.from <= lo {
                    spanning += s.to
                    spanningN += 1
                } else {
                    if s.to > mid { pendingSum += s.to - max(s.from, mid) }
                    list[kept] = s
                    kept += 1
                }
            }
        }
        pending.removeLast(pending.count - kept)
        wholeSum = whole
        spanningSum = spanning
        spanningCount = spanningN
        let spanningMid = spanningCount * mid
        let estimate = spanningSum - spanningMid + wholeSum + pendingSum
        let magnitude = spanningSum + spanningMid + wholeSum + pendingSum + abs(estimate)
        let margin = 4 * (count + 8) * (Double.ulpOfOne / 2) * magnitude
        if estimate - margin > target { return true }
        if estimate + margin <= target { return false }
        return nil
    }
}
