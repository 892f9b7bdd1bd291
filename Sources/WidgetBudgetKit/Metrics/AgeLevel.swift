/// A histogram of the ends and the beginnings of age segments inside one range of ages, its bucket
/// edges the values with a given leading part of their bit pattern (for non-negative doubles the bit
/// pattern grows with the value, so a bucket index from it does too). Its counts and sums are the
/// estimates of ``AgeMarginals``.
struct AgeLevel {
    /// An end or a beginning inside a finer level's range, and how many segments have it (a run's
    /// stretches, `StretchRuns`: one value with its count).
    struct Value {
        var value: Double
        var count: Double
    }

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
    /// The ends and the beginnings inside the range, with their counts (empty for the first level).
    var ends: ContiguousArray<Value> = []
    var beginnings: ContiguousArray<Value> = []

    /// The first level, empty, with 2^`bits` buckets to each octave.
    init(bits: Int) {
        low = 0
        high = .infinity
        shift = 52 - bits
        origin = (1023 + Self.lowestExponent) << 52
        buckets = Self.octaves << bits
        table = ContiguousArray(repeating: 0, count: 4 * (buckets + 1))
    }

    /// The level inside bucket `m` of the first level `parent`, its values read from `parts` (read
    /// as `runs` runs: no more values than that).
    init<P: Collection>(inside m: Int, of parent: AgeLevel, _ parts: P, runs: Int)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        let low = parent.edge(m), high = parent.edge(m + 1)
        let endCount = Int(parent.table[4 * m] - parent.table[4 * m + 4])
        let beginningCount = Int(parent.table[4 * m + 2] - parent.table[4 * m + 6])
        var ends: ContiguousArray<Value> = [], beginnings: ContiguousArray<Value> = []
        // At least one place each: an empty array is shared by every thread, and writing into it is
        // a data race (ThreadSanitizer reports it, `Scripts/tsan.sh`).
        ends.reserveCapacity(max(min(endCount, runs), 1))
        beginnings.reserveCapacity(max(min(beginningCount, runs), 1))
        Self.collect(parts, in: low, high, &ends, &beginnings)
        self.init(inside: m, of: parent, holding: ends, beginnings)
    }

    /// Appends the ends and the beginnings of `parts` in `low ..< high` to `ends` and `beginnings`,
    /// each run's once with its count. Inlined into its one caller: called (since `AgeShapes` made
    /// the quantile's second specialisation) its loop cost 2.8 times as much (#26 gridform: 323 M
    /// instructions of the bench against 115 M).
    @inline(__always)
    private static func collect<P: Collection>(
        _ parts: P, in low: Double, _ high: Double, _ ends: inout ContiguousArray<Value>, _ beginnings: inout ContiguousArray<Value>
    ) where P.Element: Collection, P.Element.Element == AgeSegment {
        for part in parts {
            StretchRuns.forEach(in: part) { from, to, count in
                if to >= low && to < high { ends.append(Value(value: to, count: Double(count))) }
                if from >= low && from < high { beginnings.append(Value(value: from, count: Double(count))) }
            }
        }
    }

    /// The level inside bucket `m` of `parent`, its values among `ends` and `beginnings`.
    init(inside m: Int, of parent: AgeLevel, _ ends: ContiguousArray<Value>, _ beginnings: ContiguousArray<Value>) {
        let low = parent.edge(m), high = parent.edge(m + 1)
        self.init(
            inside: m, of: parent, holding: ends.filter { $0.value >= low && $0.value < high },
            beginnings.filter { $0.value >= low && $0.value < high })
    }

    /// The level inside bucket `m` of `parent`, holding `ends` and `beginnings` (exactly the values
    /// in that bucket).
    private init(inside m: Int, of parent: AgeLevel, holding ends: ContiguousArray<Value>, _ beginnings: ContiguousArray<Value>) {
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
                let b = Self.bucket(v.value, start, by, top) &<< 2
                table[b] += v.count
                table[b + 1] += v.count * v.value
            }
            for v in beginnings {
                let b = Self.bucket(v.value, start, by, top) &<< 2
                table[b + 2] += v.count
                table[b + 3] += v.count * v.value
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
    /// sums involved and how many values they add (counted as the segments they stand for).
    func scan(_ age: Double) -> (estimate: Double, magnitude: Double, count: Double) {
        var toCount = table[0], toSum = table[1], fromCount = table[2], fromSum = table[3]
        for v in ends where v.value > age {
            toCount += v.count
            toSum += v.count * v.value
        }
        for v in beginnings where v.value >= age {
            fromCount += v.count
            fromSum += v.count * v.value
        }
        let spanning = age * (toCount - fromCount)
        let estimate = toSum - fromSum - spanning
        return (estimate, toSum + fromSum + abs(spanning) + abs(estimate), toCount + fromCount)
    }
}
