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
    /// Each step of the bisection asks whether the time spent older than `mid`, summed segment by
    /// segment in order, exceeds the target. `AgeMarginals` answers most steps from histograms of
    /// the segments' ends and beginnings with a bound on their rounding error; only a step too
    /// close to call sums the segments in order (the same terms in the same order as ever, hence
    /// the same bits and the same answer).
    ///
    /// Parts that are ``AgeShapes`` are read run by run (`StretchRuns`): a run of `k` stretches
    /// of one shape adds its terms with the bits of `k` additions one after the other
    /// (`RepeatedSum`), so the answer is the one over the stretches, to the bit, for O(runs)
    /// rather than O(stretches) per pass. Other parts are read stretch by stretch.
    public static func timeWeighted<P: Collection>(parts: P, totalTime: Double, p: Double) -> Double
    where P.Element: Collection, P.Element.Element == AgeSegment {
        guard totalTime > 0 else { return 0 }
        let target = (1 - p) * totalTime
        var count = 0
        for part in parts { count += part.count }
        var stale = 0.0, hi = 0.0
        var marginals: AgeMarginals?
        if count >= AgeMarginals.onePass {
            marginals = AgeMarginals(parts, count: count, stale: &stale, hi: &hi)
        } else {
            (stale, hi) = plainPass(parts)
        }
        if stale <= target { return 0 }
        if marginals == nil {
            // Few segments: the histogram only once the bisection is known to be needed.
            var again = 0.0, highest = 0.0
            marginals = AgeMarginals(parts, count: count, stale: &again, hi: &highest)
        }
        var lo = 0.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            let above = marginals?.exceeds(target, above: mid, parts) ?? (time(of: parts, above: mid) > target)
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

/// The time age segments spend above an age `a`, from the marginal distributions of their ends and
/// of their beginnings, with a bound on the rounding error.
///
/// Since `from <= to` for every segment, the time spent above `a` is
/// `Σ_{to > a} to − Σ_{from ≥ a} from − a · (#{to > a} − #{from ≥ a})`
/// (a segment beginning at or above `a` also ends above it; one ending at or below `a` counts
/// nothing, one spanning `a` counts `to − a`). Both marginals are kept as histograms (`AgeLevel`)
/// whose bucket edges are the values with a given leading part of their bit pattern: the first over
/// every segment, 2^s buckets to each octave from 2^-24 s to 2^40 s; when the edges of the bucket
/// holding `a` cannot decide, a finer histogram of that bucket's values alone, and so on.
struct AgeMarginals {
    /// The histograms, each over one bucket of the one before; the first over every segment.
    private(set) var levels: [AgeLevel]
    /// False when some segment breaks `0 <= from <= to` or is not finite: every step falls back.
    let usable: Bool

    /// From this many segments on, the bisection's first pass builds the histogram too (most
    /// summaries need the bisection); below, a plain first pass decides whether it is needed.
    static let onePass = 2_048

    /// Builds the first histogram in one pass over the `count` segments of `parts`, adding each
    /// segment's `to - from` to `stale` in order and raising `hi` to the largest `to` (the
    /// bisection's first pass).
    init<P: Collection>(_ parts: P, count n: Int, stale: inout Double, hi: inout Double)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        // About one bucket to every 16 segments, 2^0 to 2^5 to an octave.
        var bits = 0
        while bits < 5 && (16 * AgeLevel.octaves) << (bits + 1) <= n { bits += 1 }
        var level = AgeLevel(bits: bits)
        let origin = level.origin, shift = level.shift, top = level.buckets - 1
        // Segments alternate between two tables, added together after: consecutive segments often
        // fall in one bucket, and one table would make each addition wait for the one before.
        var other = ContiguousArray<Double>(repeating: 0, count: level.table.count)
        let totals = level.table.withUnsafeMutableBufferPointer { table in
            other.withUnsafeMutableBufferPointer { other in
                let totals = Self.firstPass(parts, into: table, other, origin: origin, shift: shift, top: top)
                for i in table.indices { table[i] += other[i] }
                return totals
            }
        }
        stale = totals.stale
        hi = totals.hi
        level.accumulate()
        usable = totals.shortest >= 0 && totals.lowestFrom >= 0 && level.table[1].isFinite && level.table[3].isFinite
        levels = [level]
    }

    /// The first pass: counts and sums per bucket into `table` and `other` (see `AgeLevel.table`,
    /// before `accumulate`; every other segment in each, their sum is the histogram), `to - from`
    /// added in order, the largest `to`, the shortest segment and the lowest `from`.
    ///
    /// Read run by run (`StretchRuns`), with the bits of reading the stretches one by one: a
    /// run's stretches alternate between the two tables like any others, its first one in the
    /// table the next stretch would go to, so one table has `⌈k/2⌉` of them and the other `⌊k/2⌋`,
    /// and the two swap after an odd run. Each stretch adds to four entries of its table, all
    /// distinct (a count and a sum at `4b` and `4b + 1` for its end, at `4f + 2` and `4f + 3` for
    /// its beginning), and a run's stretches all add to the same four; between two of them only
    /// the run's other stretches come, which go to the other table. So each entry receives the
    /// run's additions one after the other, and adding them at once (a count, exact below 2^53:
    /// `StretchRuns.count`; a sum through `RepeatedSum`) gives its bits. `stale` adds the run's
    /// length `k` times the same way; the largest `to`, the shortest segment and the lowest `from`
    /// are the same after one of the run's stretches as after all of them.
    static func firstPass<P: Collection>(
        _ parts: P, into table: UnsafeMutableBufferPointer<Double>, _ other: UnsafeMutableBufferPointer<Double>,
        origin: Int, shift: Int, top: Int
    ) -> (stale: Double, hi: Double, shortest: Double, lowestFrom: Double)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var stale = 0.0, hi = 0.0, shortest = 0.0, lowestFrom = 0.0
        var zeroFrom = 0
        // Values clamped into the buckets' range fall in the first or the last bucket, as in
        // `AgeLevel.bucket` (a NaN in the last: the sums tell it anyway).
        let floor = Double(bitPattern: UInt64(origin)), ceiling = Double(bitPattern: UInt64(origin + (top + 1) << shift)).nextDown
        let base = origin >> shift
        var (table, other) = (table, other)
        for part in parts {
            StretchRuns.forEach(in: part) { from, to, count in
                let length = to - from
                hi = hi > to ? hi : to  // `max(hi, to)` but for a NaN `to` (one instruction)
                shortest = min(shortest, length)
                let below = to < ceiling ? to : ceiling  // (a NaN gives the ceiling)
                let clamped = below < floor ? floor : below
                let t = (Int(bitPattern: UInt(clamped.bitPattern)) &>> shift &- base) &<< 2
                if count == 1 {
                    swap(&table, &other)
                    stale += length
                    table[t] += 1
                    table[t + 1] += to
                    if from == 0 {
                        zeroFrom += 1
                    } else {
                        lowestFrom = min(lowestFrom, from)
                        let f = AgeLevel.bucket(from, origin, shift, top) &<< 2
                        table[f + 2] += 1
                        table[f + 3] += from
                    }
                    return
                }
                StretchRuns.add(length, times: count, to: &stale)
                // The run's first stretch (and every other one after it) in `other`, the table the
                // next stretch goes to; the rest in `table`.
                let f = from == 0 ? -1 : AgeLevel.bucket(from, origin, shift, top) &<< 2
                Self.add((count + 1) / 2, of: from, to, at: f, t, into: other)
                Self.add(count / 2, of: from, to, at: f, t, into: table)
                if from == 0 {
                    zeroFrom += count
                } else {
                    lowestFrom = min(lowestFrom, from)
                }
                if count % 2 == 1 { swap(&table, &other) }
            }
        }
        table[2] += Double(zeroFrom)
        if stale.isNaN {
            // Perhaps a NaN `to`, which `max` skips: the largest end again as the plain pass has it.
            hi = 0
            for part in parts {
                StretchRuns.forEach(in: part) { _, to, _ in hi = max(hi, to) }
            }
        }
        return (stale, hi, shortest, lowestFrom)
    }

    /// Adds `n` stretches from `from` to `to` to `table`, one after the other (the first pass's
    /// additions for them): the end's count and sum at `t` and `t + 1`, the beginning's at `f + 2`
    /// and `f + 3` unless `f` is negative (a beginning at 0, counted apart).
    @inline(__always)
    private static func add(
        _ n: Int, of from: Double, _ to: Double, at f: Int, _ t: Int, into table: UnsafeMutableBufferPointer<Double>
    ) {
        StretchRuns.count(n, into: &table[t])
        StretchRuns.add(to, times: n, to: &table[t + 1])
        guard f >= 0 else { return }
        StretchRuns.count(n, into: &table[f + 2])
        StretchRuns.add(from, times: n, to: &table[f + 3])
    }

    /// Whether the time spent older than `mid`, summed segment by segment in order, exceeds
    /// `target`; `nil` when the estimate is too close to `target` to tell.
    ///
    /// The estimate and an ordered sum of the same terms each differ from the exact sum by at most
    /// about n·u of the sum of the magnitudes involved (n the number of ends and beginnings above
    /// the bucket's lower edge, u = 2⁻⁵³ the unit roundoff); the margin used is twice the sum of
    /// both bounds, plus room for underflow.
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
                return decide(estimate, margin(magnitude, count), target)
            }
            let m = level.bucket(mid)
            let (atLow, atHigh, magnitude, count) = level.bounds(m)
            let bound = margin(magnitude, count)
            // The time above `mid` lies between the times above the bucket's edges.
            if atHigh - bound > target { return true }
            if atLow + bound <= target { return false }
            depth += 1
            if depth < levels.count && levels[depth].contains(mid) { continue }
            guard level.shift > 0 else { return nil }
            let child =
                depth == 1
                ? AgeLevel(inside: m, of: level, parts) : AgeLevel(inside: m, of: level, level.ends, level.beginnings)
            levels.removeSubrange(depth...)
            levels.append(child)
        }
    }

    /// The rounding margin for sums of at most `count` non-negative terms whose magnitudes add up to
    /// `magnitude`. Adding a zero is exact, so the sums over buckets round no more than sums of their
    /// values; the ordered sum has no more terms either.
    private func margin(_ magnitude: Double, _ count: Double) -> Double {
        4 * (count + 4) * (Double.ulpOfOne / 2) * magnitude + Double.leastNormalMagnitude
    }

    /// Whether `estimate` exceeds `target` beyond `margin`, is at or below it beyond, or neither.
    private func decide(_ estimate: Double, _ margin: Double, _ target: Double) -> Bool? {
        if estimate - margin > target { return true }
        if estimate + margin <= target { return false }
        return nil
    }
}

/// A histogram of the ends and the beginnings of age segments inside one range of ages, its bucket
/// edges the values with a given leading part of their bit pattern (for non-negative doubles the bit
/// pattern grows with the value, so a bucket index from it does too).
struct AgeLevel {
    /// Lowest octave with buckets of its own in the first level: smaller values share bucket 0.
    static let lowestExponent = -24
    /// Octaves with buckets in the first level: values of 2^40 s and more share the top bucket.
    static let octaves = 64
    /// A level with at most this many values keeps them unsorted and reads them all at each step.
    static let fewValues = 48

    /// The range, `low ..< high` (`0 ..< ∞` for the first level).
    let low: Double, high: Double
    /// The bit pattern where bucket 0 would begin unclamped, and the bucket width as a power of two
    /// of the pattern (values below and above the buckets share the first and the last).
    let origin: Int, shift: Int
    /// How many buckets; 0 for a level of few values read one by one.
    let buckets: Int
    /// For bucket `b` (and `buckets`, one past the top), at `4b`: count and sum of the ends `to` in
    /// bucket `b` and above, beyond the range included; at `4b + 2`: the same for the beginnings.
    var table: ContiguousArray<Double>
    /// The ends and the beginnings inside the range (empty for the first level).
    var ends: ContiguousArray<Double> = []
    var beginnings: ContiguousArray<Double> = []

    /// The first level, empty, with 2^`bits` buckets to each octave.
    init(bits: Int) {
        low = 0
        high = .infinity
        shift = 52 - bits
        origin = (1023 + Self.lowestExponent) << 52
        buckets = Self.octaves << bits
        table = ContiguousArray(repeating: 0, count: 4 * (buckets + 1))
    }

    /// The level inside bucket `m` of the first level `parent`, its values read from `parts`.
    init<P: Collection>(inside m: Int, of parent: AgeLevel, _ parts: P)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        let low = parent.edge(m), high = parent.edge(m + 1)
        let endCount = Int(parent.table[4 * m] - parent.table[4 * m + 4])
        let beginningCount = Int(parent.table[4 * m + 2] - parent.table[4 * m + 6])
        var beginnings: ContiguousArray<Double> = []
        // At least one place each: with none, the standard library writes the count into the empty
        // array shared by every thread (a data race ThreadSanitizer reports, `Scripts/tsan.sh`).
        let ends = ContiguousArray<Double>(unsafeUninitializedCapacity: max(endCount, 1)) { endBuffer, endsFound in
            beginnings = ContiguousArray(unsafeUninitializedCapacity: max(beginningCount, 1)) { beginningBuffer, beginningsFound in
                (endsFound, beginningsFound) = Self.collect(parts, in: low, high, endBuffer, beginningBuffer)
            }
        }
        self.init(inside: m, of: parent, holding: ends, beginnings)
    }

    /// Writes the ends and the beginnings of `parts` in `low ..< high` into `ends` and `beginnings`
    /// (no more than they hold), and returns how many of each. Inlined into its one caller: called
    /// (since `AgeShapes` made the quantile's second specialisation) its loop cost 2.8 times as much
    /// (#26 gridform: 323 M instructions of the bench against 115 M).
    @inline(__always)
    private static func collect<P: Collection>(
        _ parts: P, in low: Double, _ high: Double, _ ends: UnsafeMutableBufferPointer<Double>,
        _ beginnings: UnsafeMutableBufferPointer<Double>
    ) -> (ends: Int, beginnings: Int)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var e = 0, b = 0
        for part in parts {
            // A run of `count` stretches writes its values `count` times, as its stretches would.
            StretchRuns.forEach(in: part) { from, to, count in
                if to >= low && to < high { put(to, count, into: ends, at: &e) }
                if from >= low && from < high { put(from, count, into: beginnings, at: &b) }
            }
        }
        return (e, b)
    }

    /// Writes `value` `count` times into `buffer` from `i` on, no further than its end, and moves
    /// `i` past them: a run's end or beginning, written as many times as it has stretches.
    @inline(__always)
    private static func put(_ value: Double, _ count: Int, into buffer: UnsafeMutableBufferPointer<Double>, at i: inout Int) {
        guard i < buffer.count else { return }
        if count == 1 {
            buffer[i] = value
            i += 1
        } else {
            let n = min(count, buffer.count - i)
            (buffer.baseAddress! + i).initialize(repeating: value, count: n)
            i += n
        }
    }

    /// The level inside bucket `m` of `parent`, its values among `ends` and `beginnings`.
    init(inside m: Int, of parent: AgeLevel, _ ends: ContiguousArray<Double>, _ beginnings: ContiguousArray<Double>) {
        let low = parent.edge(m), high = parent.edge(m + 1)
        self.init(
            inside: m, of: parent, holding: ends.filter { $0 >= low && $0 < high },
            beginnings.filter { $0 >= low && $0 < high })
    }

    /// The level inside bucket `m` of `parent`, holding `ends` and `beginnings` (exactly the values
    /// in that bucket).
    private init(inside m: Int, of parent: AgeLevel, holding ends: ContiguousArray<Double>, _ beginnings: ContiguousArray<Double>) {
        low = parent.edge(m)
        high = parent.edge(m + 1)
        self.ends = ends
        self.beginnings = beginnings
        let count = self.ends.count + self.beginnings.count
        // About one bucket to every 4 values, 2^4 to 2^8 buckets.
        var bits = 4
        while bits < 8 && 4 << (bits + 1) <= count { bits += 1 }
        shift = max(parent.shift - bits, 0)
        origin = parent.origin + m << parent.shift
        buckets = count <= Self.fewValues ? 0 : 1 << (parent.shift - shift)
        table = ContiguousArray(repeating: 0, count: 4 * (buckets + 1))
        for k in 0..<4 { table[4 * buckets + k] = parent.table[4 * (m + 1) + k] }
        guard buckets > 0 else { return }
        let top = buckets - 1, by = shift, start = origin
        table.withUnsafeMutableBufferPointer { table in
            for v in ends {
                let b = Self.bucket(v, start, by, top) &<< 2
                table[b] += 1
                table[b + 1] += v
            }
            for v in beginnings {
                let b = Self.bucket(v, start, by, top) &<< 2
                table[b + 2] += 1
                table[b + 3] += v
            }
        }
        accumulate()
    }

    /// Turns the counts and sums per bucket into totals over each bucket and those above it.
    mutating func accumulate() {
        table.withUnsafeMutableBufferPointer { table in
            for b in stride(from: 4 * (buckets - 1), through: 0, by: -4) {
                for k in 0..<4 { table[b + k] += table[b + 4 + k] }
            }
        }
    }

    /// Whether `age` lies in the range.
    func contains(_ age: Double) -> Bool { age >= low && age < high }

    /// The bucket of a non-negative age.
    func bucket(_ age: Double) -> Int { Self.bucket(age, origin, shift, buckets - 1) }

    /// The bucket of a non-negative age among buckets `0...top` from `origin` by `shift`.
    @inline(__always)
    static func bucket(_ age: Double, _ origin: Int, _ shift: Int, _ top: Int) -> Int {
        min(max((Int(bitPattern: UInt(age.magnitude.bitPattern)) &- origin) &>> shift, 0), top)
    }

    /// The lowest age in bucket `b` (`low` for bucket 0, `high` for `b == buckets`).
    func edge(_ b: Int) -> Double {
        b == 0 ? low : b == buckets ? high : Double(bitPattern: UInt64(origin + b << shift))
    }

    /// The time above the edges of bucket `m` (every end in a bucket is at least its lower edge, every
    /// end below less, the same for the beginnings), the magnitude of the sums involved and how many
    /// values they add at most.
    func bounds(_ m: Int) -> (atLow: Double, atHigh: Double, magnitude: Double, count: Double) {
        let low = edge(m), high = edge(m + 1)
        let atLow = time(above: low, 4 * m), atHigh = time(above: high, 4 * (m + 1))
        let count = table[4 * m] + table[4 * m + 2]
        return (atLow, atHigh, table[4 * m + 1] + table[4 * m + 3] + high * count + abs(atLow) + abs(atHigh), count)
    }

    /// The time above `age` from the totals at `4b`.
    private func time(above age: Double, _ b: Int) -> Double {
        let spanning = table[b] - table[b + 2]
        return table[b + 1] - table[b + 3] - (spanning == 0 ? 0 : age * spanning)
    }

    /// The time above `age` from the values of a level of few, read one by one, the magnitude of the
    /// sums involved and how many values they add.
    func scan(_ age: Double) -> (estimate: Double, magnitude: Double, count: Double) {
        var toCount = table[0], toSum = table[1], fromCount = table[2], fromSum = table[3]
        for v in ends where v > age {
            toCount += 1
            toSum += v
        }
        for v in beginnings where v >= age {
            fromCount += 1
            fromSum += v
        }
        let spanning = age * (toCount - fromCount)
        let estimate = toSum - fromSum - spanning
        return (estimate, toSum + fromSum + abs(spanning) + abs(estimate), toCount + fromCount)
    }
}
