/// The stale time of age segments and the time they spend above an age `a`, estimated from the
/// marginal distributions of their ends and of their beginnings, with a bound on the rounding error:
/// what decides the bisection's questions (``AgeQuantile``) without adding every segment in order.
///
/// Since `from <= to` for every segment, the time spent above `a` is
/// `Σ_{to > a} to − Σ_{from ≥ a} from − a · (#{to > a} − #{from ≥ a})`
/// (a segment beginning at or above `a` also ends above it; one ending at or below `a` counts
/// nothing, one spanning `a` counts `to − a`). Both marginals are kept as histograms (`AgeLevel`)
/// whose bucket edges are the values with a given leading part of their bit pattern: the first over
/// every segment, 2^s buckets to each octave from 2^-24 s to 2^40 s; when the edges of the bucket
/// holding `a` cannot decide, a finer histogram of that bucket's values alone, and so on.
///
/// A run of `k` stretches of one shape (`StretchRuns`) adds to every sum here at once, `k · x`:
/// one rounding where `k` additions make up to `k`, so the error bounds below, which count the
/// stretches, hold for it too. Only the answers are kept to the bit (an answer too close to call
/// is `nil`, and the caller adds the segments in order); the sums themselves are estimates.
struct AgeMarginals {
    /// The histograms, each over one bucket of the one before; the first over every segment.
    private(set) var levels: [AgeLevel]
    /// False when some segment breaks `0 <= from <= to` or is not finite, or there are too many
    /// for the bounds below: every question falls back.
    let usable: Bool
    /// The stale time `Σ (to − from)`, each run's term added at once (an estimate).
    let stale: Double
    /// The largest end (the plain pass's, when ``usable``).
    let hi: Double
    /// How many segments, and how many runs they are read as at most (`StretchRuns.runCount`).
    let count: Int, runs: Int

    /// From this many segments on, the bisection's first pass builds the histogram and answers
    /// from it whether the bisection is needed (most summaries need it); below, a plain first pass
    /// decides, and the histogram is built after.
    static let onePass = 2_048

    /// Beyond this many segments no question is answered from the estimates (the bounds below
    /// assume `count · u` small): a limit no run reaches (2^40 stretches).
    static let mostSegments = 1 << 40

    /// Builds the first histogram in one pass over the `count` segments of `parts`, with the stale
    /// time and the largest end.
    init<P: Collection>(_ parts: P, count n: Int)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var runs = 0
        for part in parts { runs += StretchRuns.runCount(of: part) }
        // About one bucket to every 16 runs (each pass costs a bucket's zeroing and a sum),
        // 2^0 to 2^5 to an octave.
        var bits = 0
        while bits < 5 && (16 * AgeLevel.octaves) << (bits + 1) <= runs { bits += 1 }
        var level = AgeLevel(bits: bits)
        let origin = level.origin, shift = level.shift, top = level.buckets - 1
        let totals = level.table.withUnsafeMutableBufferPointer { table in
            Self.firstPass(parts, into: table, origin: origin, shift: shift, top: top)
        }
        level.accumulate()
        stale = totals.stale
        hi = totals.hi
        count = n
        self.runs = runs
        usable =
            totals.shortest >= 0 && totals.lowestFrom >= 0 && totals.stale.isFinite && level.table[1].isFinite
            && level.table[3].isFinite && n < Self.mostSegments
        levels = [level]
    }

    /// The first pass: counts and sums per bucket into `table` (see `AgeLevel.table`, before
    /// `accumulate`), the stale time, the largest end, the shortest segment and the lowest `from`.
    /// Each run of `k` stretches (`StretchRuns`) adds `k` to its end's count at
    /// `4t` and `k · to` to its sum at `4t + 1`, the same for its beginning at `4f + 2` and
    /// `4f + 3`, and `k · (to − from)` to the stale time: a stretch on its own (`k` = 1) adds its
    /// values exactly as they are. The counts are exact (whole numbers below 2^53). The largest
    /// `to` is `max` but for a NaN `to` (which makes the sums NaN, and the histogram unusable).
    static func firstPass<P: Collection>(
        _ parts: P, into table: UnsafeMutableBufferPointer<Double>, origin: Int, shift: Int, top: Int
    ) -> (stale: Double, hi: Double, shortest: Double, lowestFrom: Double)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var stale = 0.0, hi = 0.0, shortest = 0.0, lowestFrom = 0.0
        var zeroFrom = 0
        // Values clamped into the buckets' range fall in the first or the last bucket, as in
        // `AgeLevel.bucket` (a NaN in the last: the sums tell it anyway).
        let floor = Double(bitPattern: UInt64(origin)), ceiling = Double(bitPattern: UInt64(origin + (top + 1) << shift)).nextDown
        let base = origin >> shift
        for part in parts {
            StretchRuns.forEach(in: part) { from, to, count in
                let k = Double(count)
                let length = to - from
                hi = hi > to ? hi : to  // `max(hi, to)` but for a NaN `to` (one instruction)
                shortest = min(shortest, length)
                stale += k * length
                let below = to < ceiling ? to : ceiling  // (a NaN gives the ceiling)
                let clamped = below < floor ? floor : below
                let t = (Int(bitPattern: UInt(clamped.bitPattern)) &>> shift &- base) &<< 2
                table[t] += k
                table[t + 1] += k * to
                if from == 0 {
                    zeroFrom &+= count
                } else {
                    lowestFrom = min(lowestFrom, from)
                    let f = AgeLevel.bucket(from, origin, shift, top) &<< 2
                    table[f + 2] += k
                    table[f + 3] += k * from
                }
            }
        }
        table[2] += Double(zeroFrom)
        return (stale, hi, shortest, lowestFrom)
    }

    /// Whether the stale time, the segments' `to − from` added in order, exceeds `target`; `nil`
    /// when the estimate is too close to tell (or not usable).
    ///
    /// Every term is at least 0. The estimate (`m` ≤ n runs, each a product then an addition: at
    /// most m + 1 roundings on a term) and the ordered sum (n − 1 additions) each differ from the
    /// exact sum `S` by at most `γ_(n+1) · S` (γ_k = k·u / (1 − k·u), u = 2⁻⁵³), so from each other
    /// by `2 γ_(n+1) · S` ≤ `2.01 (n + 1) u` times the estimate for n below ``mostSegments``: less
    /// than the margin `4 (n + 4) u` times the estimate, plus room for underflow (each of the
    /// 2n roundings at most 2⁻¹⁰⁷⁵ off among subnormals, below the least normal magnitude).
    func staleExceeds(_ target: Double) -> Bool? {
        guard usable else { return nil }
        return Self.decide(stale, Self.margin(stale, Double(count)), target)
    }

    /// Whether the time spent older than `mid`, summed segment by segment in order, exceeds
    /// `target`; `nil` when the estimate is too close to `target` to tell.
    ///
    /// The estimate and an ordered sum of the same terms each differ from the exact sum by at most
    /// about n·u of the sum of the magnitudes involved (n the number of ends and beginnings above
    /// the bucket's lower edge, at least the number of roundings: a run's product and addition
    /// stand for as many stretches, an empty bucket's addition of 0 is exact; u = 2⁻⁵³ the unit
    /// roundoff); the margin used is twice the sum of both bounds, plus room for underflow.
    mutating func exceeds<P: Collection>(_ target: Double, above mid: Double, _ parts: P) -> Bool?
    where P.Element: Collection, P.Element.Element == AgeSegment {
        guard usable else { return nil }
        // The finest level holding `mid` (each lies inside the one before).
        var depth = levels.count - 1
        while depth > 0 && !levels[depth].contains(mid) { depth -= 1 }
        while true {
            let level = levels[depth]
            guard level.buckets > 0 else {
                let (estimate, magnitude, count) = level.scan(mid)
                return Self.decide(estimate, Self.margin(magnitude, count), target)
            }
            let m = level.bucket(mid)
            let (atLow, atHigh, magnitude, count) = level.bounds(m)
            let bound = Self.margin(magnitude, count)
            // The time above `mid` lies between the times above the bucket's edges.
            if atHigh - bound > target { return true }
            if atLow + bound <= target { return false }
            depth += 1
            if depth < levels.count && levels[depth].contains(mid) { continue }
            guard level.shift > 0 else { return nil }
            let child =
                depth == 1
                ? AgeLevel(inside: m, of: level, parts, runs: runs) : AgeLevel(inside: m, of: level, level.ends, level.beginnings)
            levels.removeSubrange(depth...)
            levels.append(child)
        }
    }

    /// The rounding margin for sums of at most `count` non-negative terms whose magnitudes add up to
    /// `magnitude`. Adding a zero is exact, so the sums over buckets round no more than sums of their
    /// values; the ordered sum has no more terms either.
    private static func margin(_ magnitude: Double, _ count: Double) -> Double {
        4 * (count + 4) * (Double.ulpOfOne / 2) * magnitude + Double.leastNormalMagnitude
    }

    /// Whether `estimate` exceeds `target` beyond `margin`, is at or below it beyond, or neither.
    private static func decide(_ estimate: Double, _ margin: Double, _ target: Double) -> Bool? {
        if estimate - margin > target { return true }
        if estimate + margin <= target { return false }
        return nil
    }
}
