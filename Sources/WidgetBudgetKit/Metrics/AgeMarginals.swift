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
    /// False when some segment breaks `0 <= from <= to` (or is `+0 ... −0`) or is not finite, or
    /// there are too many for the bounds below: every question falls back.
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
            totals.ordered && totals.lowestFrom >= 0 && totals.stale.isFinite && level.table[1].isFinite
            && level.table[3].isFinite && n < Self.mostSegments
        levels = [level]
    }

    /// The first pass: counts and sums per bucket into `table` (see `AgeLevel.table`, before
    /// `accumulate`), the stale time, the largest end, whether every segment ends at or after its
    /// beginning (`ordered`) and the lowest `from`.
    /// Each run of `k` stretches (`StretchRuns`) adds `k` to its end's count at
    /// `4t` and `k · to` to its sum at `4t + 1`, the same for its beginning at `4f + 2` and
    /// `4f + 3`, and `k · (to − from)` to the stale time: a stretch on its own (`k` = 1) adds its
    /// values exactly as they are. The counts are exact (whole numbers below 2^53). The largest
    /// `to` is `max` but for a NaN `to` (which makes the sums NaN, and the histogram unusable).
    static func firstPass<P: Collection>(
        _ parts: P, into table: UnsafeMutableBufferPointer<Double>, origin: Int, shift: Int, top: Int
    ) -> (stale: Double, hi: Double, ordered: Bool, lowestFrom: Double)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        let buckets = FirstPassBuckets(origin: origin, shift: shift, top: top)
        var totals = FirstPassTotals()
        for part in parts {
            if let shapes = part as? AgeShapes, shapes.storedRuns == 0 {
                // Every run in memory (the optimizer's summaries): read in a loop of its own, out
                // of line, whose sums stay in registers (#26 engine-2 round 13).
                totals = shapes.runs.withUnsafeBufferPointer { Self.firstPass($0, into: table, buckets, after: totals) }
            } else {
                StretchRuns.forEach(in: part) { from, to, count in
                    Self.add(
                        from, to, count, into: table, buckets, &totals.stale, &totals.hi, &totals.signs, &totals.lowestFrom,
                        &totals.zeroFrom)
                }
            }
        }
        table[2] += Double(totals.zeroFrom)
        return (totals.stale, totals.hi, totals.signs >> 63 == 0, totals.lowestFrom)
    }

    /// The first pass's running sums: the stale time, the largest end, the lowest beginning other
    /// than 0, the stretches' lengths' bit patterns or-ed together (a sign bit set: some stretch
    /// ends before it begins, or has a length of −0 or a NaN with its sign set, and the histogram
    /// is not used), and how many stretches begin at 0 (their beginnings' bucket is the first,
    /// their sum 0).
    struct FirstPassTotals {
        var stale = 0.0, hi = 0.0, lowestFrom = 0.0
        var signs: UInt64 = 0
        var zeroFrom = 0
    }

    /// Where the first pass puts a value: the buckets `0...top` from `origin` by `shift`, and the
    /// values those clamp to, the first and the last bucket's (as `AgeLevel.bucket`: a NaN in the
    /// last; the sums tell it anyway).
    struct FirstPassBuckets {
        let origin: Int, shift: Int, top: Int
        let floor: Double, ceiling: Double
        /// The first bucket's index in the bit pattern's leading part.
        let base: Int

        init(origin: Int, shift: Int, top: Int) {
            self.origin = origin
            self.shift = shift
            self.top = top
            floor = Double(bitPattern: UInt64(origin))
            ceiling = Double(bitPattern: UInt64(origin + (top + 1) << shift)).nextDown
            base = origin >> shift
        }
    }

    /// The first pass over runs in memory, after `totals`: each run added in order by
    /// ``add(_:_:_:into:_:_:_:_:_:_:)``, the sums in locals (kept in a struct, or captured by the
    /// closure of `StretchRuns.forEach`, they were stored back at every run).
    @inline(never)
    static func firstPass(
        _ runs: UnsafeBufferPointer<AgeShapes.Run>, into table: UnsafeMutableBufferPointer<Double>, _ buckets: FirstPassBuckets,
        after totals: FirstPassTotals
    ) -> FirstPassTotals {
        var stale = totals.stale, hi = totals.hi, signs = totals.signs, lowestFrom = totals.lowestFrom
        var zeroFrom = totals.zeroFrom
        for run in runs {
            assert(run.count > 0, "a run of no stretch in memory")
            add(run.from, run.to, run.count, into: table, buckets, &stale, &hi, &signs, &lowestFrom, &zeroFrom)
        }
        return FirstPassTotals(stale: stale, hi: hi, lowestFrom: lowestFrom, signs: signs, zeroFrom: zeroFrom)
    }

    /// Adds a run of `count` stretches from `from` to `to`: `count` to its end's count at `4t`
    /// and `count · to` to its sum at `4t + 1`, the same for its beginning at `4f + 2` and
    /// `4f + 3` (a beginning at 0 only counted, in `zeroFrom`), `count · (to − from)` to `stale`,
    /// `to` to the largest end `hi`, `from` to the lowest beginning, and the bits of `to − from`
    /// to `signs` (an `or` in the integers: as a `min` of the lengths, beside the `max` of the
    /// ends, the two were paired into vector instructions that cost 10 a run against 4).
    @inline(__always)
    static func add(
        _ from: Double, _ to: Double, _ count: Int, into table: UnsafeMutableBufferPointer<Double>, _ buckets: FirstPassBuckets,
        _ stale: inout Double, _ hi: inout Double, _ signs: inout UInt64, _ lowestFrom: inout Double, _ zeroFrom: inout Int
    ) {
        let k = Double(count)
        let length = to - from
        hi = hi > to ? hi : to  // `max(hi, to)` but for a NaN `to` (one instruction)
        signs |= length.bitPattern
        stale += k * length
        let below = to < buckets.ceiling ? to : buckets.ceiling  // (a NaN gives the ceiling)
        let clamped = below < buckets.floor ? buckets.floor : below
        let t = (Int(bitPattern: UInt(clamped.bitPattern)) &>> buckets.shift &- buckets.base) &<< 2
        table[t] += k
        table[t + 1] += k * to
        if from == 0 {
            zeroFrom &+= count
        } else {
            lowestFrom = min(lowestFrom, from)
            let f = AgeLevel.bucket(from, buckets.origin, buckets.shift, buckets.top) &<< 2
            table[f + 2] += k
            table[f + 3] += k * from
        }
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
