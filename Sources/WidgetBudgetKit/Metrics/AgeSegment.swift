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
    ///   segments begin or end near the quantile (for ``AgeShapes``, n its runs, but for the
    ///   values gathered into a finer histogram, one per stretch).
    public static func timeWeighted<S: Collection>(_ segments: S, totalTime: Double, p: Double) -> Double where S.Element == AgeSegment {
        timeWeighted(parts: CollectionOfOne(segments), totalTime: totalTime, p: p)
    }

    /// `timeWeighted` over the segments of `parts` one after the other (the runs of a summary),
    /// without first joining them into one array.
    ///
    /// The answer is the plain bisection's: the stale time `Σ (to − from)` added in order against
    /// the target, then each step asking whether the time spent older than `mid`, summed segment
    /// by segment in order, exceeds the target. `AgeMarginals` answers the first question and
    /// most steps from an estimate (histograms of the segments' ends and beginnings, each run's
    /// terms added at once as `k · x`) with a bound on its rounding error and on the ordered sum's;
    /// only a question too close to call adds the segments in order (the same terms in the same
    /// order as ever, hence the same bits and the same answer).
    ///
    /// Parts that are ``AgeShapes`` are read run by run (`StretchRuns`): an ordered sum adds a run
    /// of `k` stretches of one shape with the bits of `k` additions one after the other
    /// (`RepeatedSum`), so the answer is the one over the stretches, to the bit, for O(runs)
    /// rather than O(stretches) per pass. Other parts are read stretch by stretch.
    public static func timeWeighted<P: Collection>(parts: P, totalTime: Double, p: Double) -> Double
    where P.Element: Collection, P.Element.Element == AgeSegment {
        guard totalTime > 0 else { return 0 }
        let target = (1 - p) * totalTime
        var count = 0
        for part in parts { count += part.count }
        var hi = 0.0
        var marginals: AgeMarginals
        if count >= AgeMarginals.onePass {
            // Most summaries need the bisection: the histogram at once, and the stale time's
            // ordered sum only when its estimate is too close to the target (or unusable).
            marginals = AgeMarginals(parts, count: count)
            switch marginals.staleExceeds(target) {
            case true?: hi = marginals.hi
            case false?: return 0
            case nil:
                let (stale, highest) = plainPass(parts)
                if stale <= target { return 0 }
                hi = highest
            }
        } else {
            // Few segments: the histogram only once the bisection is known to be needed.
            let (stale, highest) = plainPass(parts)
            if stale <= target { return 0 }
            hi = highest
            marginals = AgeMarginals(parts, count: count)
        }
        var lo = 0.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            let above = marginals.exceeds(target, above: mid, parts) ?? (time(of: parts, above: mid) > target)
            if above { lo = mid } else { hi = mid }
            if hi - lo < 1e-6 { break }
        }
        return hi
    }

    /// The bisection's first pass without the histogram: the segments' `to - from` added in order,
    /// and the largest `to`.
    static func plainPass<P: Collection>(_ parts: P) -> (stale: Double, hi: Double)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var stale = 0.0, hi = 0.0
        for part in parts {
            StretchRuns.forEach(in: part) { from, to, count in
                if count == 1 {
                    stale += to - from
                } else {
                    StretchRuns.add(to - from, times: count, to: &stale)
                }
                hi = max(hi, to)
            }
        }
        return (stale, hi)
    }

    /// The time the segments of `parts` spent older than `age`, added in order (a run of `k`
    /// stretches of one shape adds its term `k` times, through `RepeatedSum`).
    static func time<P: Collection>(of parts: P, above age: Double) -> Double
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var above = 0.0
        for part in parts {
            StretchRuns.forEach(in: part) { from, to, count in
                guard to > age else { return }
                if count == 1 {
                    above += to - max(from, age)
                } else {
                    StretchRuns.add(to - max(from, age), times: count, to: &above)
                }
            }
        }
        return above
    }
}
