/// The stale stretches of a run in order, without their times: each run of consecutive stretches of
/// the same shape (the same age at their start and at their end, to the bit) kept once with its
/// count (``WidgetRunResult/ageShapes``).
///
/// What the run's time-weighted 95th-percentile age reads (``AgeQuantile``), which looks at a
/// stretch's ages only: iterated, it yields every stretch in the order the engine accounted it
/// (with `start` 0), so the quantile adds the same terms in the same order as over the stretches
/// themselves, to the bit. A run whose stretches repeat one shape (a render every so many seconds
/// against a regular grid: one-second entries, a ticking clock) keeps a few of these a day
/// whatever its horizon, where the stretches themselves are one per render.
public struct AgeShapes: Collection, Sendable, Equatable {
    /// Consecutive stretches of one shape.
    public struct Run: Sendable, Equatable {
        /// Age at the start of each stretch, in seconds.
        public var from: Double
        /// Age at its end, in seconds.
        public var to: Double
        /// How many stretches, one after the other.
        public var count: Int
    }

    /// The runs, in order.
    public private(set) var runs: [Run] = []
    /// How many stretches in all.
    public private(set) var count = 0

    /// No stretch.
    public init() {}

    /// Adds `segments` at the end, in order, each merged into the last run when of its shape.
    public mutating func append<S: Sequence>(contentsOf segments: S) where S.Element == AgeSegment {
        for s in segments {
            count += 1
            if let last = runs.indices.last, runs[last].from.bitPattern == s.from.bitPattern,
                runs[last].to.bitPattern == s.to.bitPattern
            {
                runs[last].count += 1
            } else {
                runs.append(Run(from: s.from, to: s.to, count: 1))
            }
        }
    }

    /// Makes room for `runs` runs in all.
    public mutating func reserveCapacity(_ runs: Int) {
        self.runs.reserveCapacity(runs)
    }

    /// A position: the `k`th stretch of run `run`.
    public struct Index: Comparable, Sendable {
        let run: Int
        let k: Int

        /// Whether `a` comes before `b`.
        public static func < (a: Index, b: Index) -> Bool { (a.run, a.k) < (b.run, b.k) }
    }

    /// The first stretch's position.
    public var startIndex: Index { Index(run: 0, k: 0) }
    /// One past the last stretch's position.
    public var endIndex: Index { Index(run: runs.count, k: 0) }

    /// The position after `i`.
    public func index(after i: Index) -> Index {
        i.k + 1 < runs[i.run].count ? Index(run: i.run, k: i.k + 1) : Index(run: i.run + 1, k: 0)
    }

    /// The stretch at `i`, its `start` 0.
    public subscript(i: Index) -> AgeSegment {
        AgeSegment(start: 0, from: runs[i.run].from, to: runs[i.run].to)
    }

    /// Iterates over the stretches in order (each run's shape its count of times).
    public struct Iterator: IteratorProtocol {
        private let runs: [Run]
        private var run = 0
        private var left = 0
        private var current = AgeSegment(from: 0, to: 0)

        fileprivate init(_ runs: [Run]) { self.runs = runs }

        /// The next stretch, or `nil` after the last.
        @inline(__always)
        public mutating func next() -> AgeSegment? {
            if left == 0 {
                guard run < runs.count else { return nil }
                current = AgeSegment(start: 0, from: runs[run].from, to: runs[run].to)
                left = runs[run].count
                run += 1
            }
            left -= 1
            return current
        }
    }

    /// An iterator over the stretches in order.
    public func makeIterator() -> Iterator { Iterator(runs) }

    /// The same stretches in the same order.
    public static func == (a: AgeShapes, b: AgeShapes) -> Bool {
        a.count == b.count && a.runs.count == b.runs.count
            && zip(a.runs, b.runs).allSatisfy {
                $0.count == $1.count && $0.from.bitPattern == $1.from.bitPattern && $0.to.bitPattern == $1.to.bitPattern
            }
    }
}
