/// The stale stretches of a run in order, without their times: each run of consecutive stretches of
/// the same shape (the same age at their start and at their end, to the bit) kept once with its
/// count (``WidgetRunResult/ageShapes``).
///
/// What the run's time-weighted 95th-percentile age reads (``AgeQuantile``), which looks at a
/// stretch's ages only: iterated, it yields every stretch in the order the engine accounted it
/// (with `start` 0); the quantile reads it a run at a time (`StretchRuns`) and adds a run's
/// terms with the bits of adding them stretch after stretch, so its answer is the one over the
/// stretches themselves, to the bit. A run whose stretches repeat one shape (a render every so many seconds
/// against a regular grid: one-second entries, a ticking clock) keeps a few of these a day
/// whatever its horizon, where the stretches themselves are one per render.
///
/// With a store (``init(store:)``), the runs beyond the last ``memoryRuns`` go to it as they are
/// appended, and all of them at ``finish()``: what the shapes keep in memory no longer grows with
/// the horizon, nor, once finished, with the runs of a summary (stretches whose shapes seldom
/// repeat, such as those of unpredictable content, are one run each). Iterated, the stored runs
/// come first, read back a chunk at a time, then those in memory: the same stretches in the same
/// order as without a store.
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

    /// With a store, the runs kept in memory before the older ones go to it (96 KB): a run's
    /// shapes in memory stay below this whatever its horizon.
    public static let memoryRuns = 4_096

    /// The runs kept in memory, in order, after the ``storedRuns`` in the store (every run when
    /// there is no store).
    public private(set) var runs: [Run] = []
    /// How many stretches in all.
    public private(set) var count = 0
    /// Where the runs before ``runs`` are, `nil` when every run is in memory.
    public let store: (any AgeShapeStore)?
    /// How many runs are in the store, before ``runs``.
    public private(set) var storedRuns = 0

    /// No stretch, every run kept in memory.
    public init() { store = nil }

    /// No stretch, the runs going to `store` (empty) but the last ``memoryRuns``, and all of them at
    /// ``finish()``.
    public init(store: any AgeShapeStore) { self.store = store }

    /// How many runs in all, stored and in memory.
    public var runCount: Int { storedRuns + runs.count }

    /// Adds `segments` at the end, in order, each merged into the last run when of its shape.
    public mutating func append<S: Sequence>(contentsOf segments: S) where S.Element == AgeSegment {
        // The last run is grown in locals and written back when another shape comes: the array
        // is written once a run, not once a stretch (the optimizer's runs append millions).
        let appended =
            segments.withContiguousStorageIfAvailable { fold($0.makeIterator()) } ?? fold(segments.makeIterator())
        count += appended
        // Every run but the last (which the next stretches may still join) to the store.
        if store != nil && runs.count > Self.memoryRuns { moveToStore(runs.count - 1) }
    }

    /// Adds the stretches of `slots` at the end, in order, each merged into the last run when of
    /// its shape: a marked slot (`StretchSlots/runs`: a stride's jump, `SegmentStore`) with its
    /// count at once. The same runs as ``append(contentsOf:)`` of the stretches written out.
    mutating func append(slots: StretchSlots) {
        let scratch = UnsafeMutablePointer<Run>.allocate(capacity: Swift.max(1, slots.slots.count))
        defer { scratch.deallocate() }
        append(slots: slots.slots, marks: slots.runs, scratch: scratch)
    }

    /// ``append(slots:)`` of the slots `slots` of which those in `marks` (in slot order, each
    /// below `slots.count`) stand for their count, with the new runs written first into `scratch`
    /// (room for a run per slot, uninitialised), then appended to ``runs`` at once: one check of
    /// the array's storage a day, not one a run.
    ///
    /// Into no run yet (a run's first fold: the optimizer's runs fold their days at once, at the
    /// end), the runs are written in place into a new array with room for a run a slot, not into
    /// `scratch` and then copied: `scratch` may then be `nil`.
    mutating func append(
        slots: UnsafeBufferPointer<AgeSegment>, marks: UnsafeBufferPointer<StretchSlots.Run>, scratch: UnsafeMutablePointer<Run>?
    ) {
        guard let p = slots.baseAddress, !slots.isEmpty else { return }
        // The last run's count when the first slot joins it (the run is then written again).
        var carried = 0
        if let last = runs.last, last.from.bitPattern == p[0].from.bitPattern, last.to.bitPattern == p[0].to.bitPattern {
            carried = last.count
            runs.removeLast()
        }
        if runs.isEmpty {
            var n = 0
            runs = [Run](unsafeUninitializedCapacity: slots.count) { buffer, written in
                (written, n) = Self.fold(slots, marks: marks, carried: carried, into: buffer.baseAddress.unsafelyUnwrapped)
            }
            count += n
        } else {
            let out = scratch.unsafelyUnwrapped
            let (written, n) = Self.fold(slots, marks: marks, carried: carried, into: out)
            runs.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
            count += n
        }
        if store != nil && runs.count > Self.memoryRuns { moveToStore(runs.count - 1) }
    }

    /// ``fold(_:)`` over slots (at least one) of which those in `marks` stand for runs, in one
    /// loop over the slots: a run's count is the slots from where it began to where it ends, plus
    /// each of its marked slots' count less 1 (and `carried`, the count of the last run before
    /// them, which the first slot joins), kept as where the run would have begun had each of its
    /// stretches a slot (`start`, moved back by those), so a run's count is one subtraction and a
    /// slot that continues it two comparisons (#26 engine-2: the slots between marks and the
    /// marked ones had a loop each, and a count a slot). The slots are read in one pass: a loop
    /// over the marks, each running the slots' loop up to its slot, then the slots' loop to the
    /// end (round 13: one loop whose bound moved at each mark kept the marks' place and count on
    /// the stack, 25 instructions a mark against 16). The runs are written into `out` (no more
    /// than one a slot). Returns how many runs were written, and how many stretches the slots are.
    @inline(__always)
    private static func fold(
        _ slots: UnsafeBufferPointer<AgeSegment>, marks: UnsafeBufferPointer<StretchSlots.Run>, carried: Int,
        into out: UnsafeMutablePointer<Run>
    ) -> (runs: Int, stretches: Int) {
        let end = slots.count
        let p = slots.baseAddress.unsafelyUnwrapped
        // The current run's shape, and where it would have begun with a slot a stretch.
        var from = p[0].from.bitPattern, to = p[0].to.bitPattern
        var start = -carried
        var i = 1
        // Runs written to `out`.
        var r = 0
        // (`&+`, `&-`: no count passes the stretches' count, an `Int`.) Up to each marked slot,
        // and it; then up to the end: one loop over the marks, one over the slots after the last.
        for mark in marks {
            foldSlots(p, upTo: mark.slot &+ 1, &i, &from, &to, &start, into: out, &r)
            // Slot `i - 1` is the marked one, in the current run: its stretches but the one counted.
            start &-= mark.count &- 1
        }
        foldSlots(p, upTo: end, &i, &from, &to, &start, into: out, &r)
        out[r] = Run(from: Double(bitPattern: from), to: Double(bitPattern: to), count: end &- start)
        // The stretches: a slot each, and each marked slot's count less 1.
        var n = end
        for mark in marks { n &+= mark.count &- 1 }
        return (r &+ 1, n)
    }

    /// The loop of ``fold(_:marks:carried:into:)`` over the slots from `i` up to `stop`: a slot of
    /// another shape than the current run's (`from`, `to`, the bits) ends the run, written to
    /// `out[r]` with its count from `start`, and begins the next.
    @inline(__always)
    private static func foldSlots(
        _ p: UnsafePointer<AgeSegment>, upTo stop: Int, _ i: inout Int, _ from: inout UInt64, _ to: inout UInt64,
        _ start: inout Int, into out: UnsafeMutablePointer<Run>, _ r: inout Int
    ) {
        while i < stop {
            let f = p[i].from.bitPattern, t = p[i].to.bitPattern
            if f != from || t != to {
                out[r] = Run(from: Double(bitPattern: from), to: Double(bitPattern: to), count: i &- start)
                r &+= 1
                from = f
                to = t
                start = i
            }
            i &+= 1
        }
    }

    /// Appends the stretches of `stretches` to ``runs``, each merged into the last run when of its
    /// shape, and returns how many.
    @inline(__always)
    private mutating func fold<I: IteratorProtocol>(_ stretches: I) -> Int where I.Element == AgeSegment {
        var stretches = stretches
        guard var first = stretches.next() else { return 0 }
        var n = 1
        var k = 1
        if let last = runs.last, last.from.bitPattern == first.from.bitPattern, last.to.bitPattern == first.to.bitPattern {
            k = last.count + 1
            runs.removeLast()
        }
        var from = first.from.bitPattern, to = first.to.bitPattern
        // (`&+`: neither passes the stretches' count, an `Int`.)
        while let s = stretches.next() {
            n &+= 1
            if s.from.bitPattern == from && s.to.bitPattern == to {
                k &+= 1
            } else {
                runs.append(Run(from: first.from, to: first.to, count: k))
                first = s
                from = s.from.bitPattern
                to = s.to.bitPattern
                k = 1
            }
        }
        runs.append(Run(from: first.from, to: first.to, count: k))
        return n
    }

    /// Sends every run in memory to the store, when there is one: the run is over (no stretch is
    /// appended after this), and its shapes are kept only for the summary's quantile.
    public mutating func finish() {
        guard store != nil else { return }
        moveToStore(runs.count)
        runs = []  // and the buffer
    }

    /// Makes room for `runs` runs in all (with a store, for at most ``memoryRuns`` more).
    public mutating func reserveCapacity(_ runs: Int) {
        self.runs.reserveCapacity(store == nil ? runs : Swift.min(runs, Self.memoryRuns + 1))
    }

    /// Appends the first `n` runs in memory to the store, and drops them from memory.
    private mutating func moveToStore(_ n: Int) {
        guard let store, n > 0 else { return }
        runs.withUnsafeBufferPointer { store.append(UnsafeBufferPointer(rebasing: $0.prefix(n))) }
        runs.removeSubrange(0..<n)
        storedRuns += n
    }

    /// Run `i` (0-based among all the runs, stored first): one read of the store for a stored run
    /// (iterate instead of indexing, to read it a chunk at a time).
    public func run(at i: Int) -> Run {
        if i >= storedRuns { return runs[i - storedRuns] }
        var run = Run(from: 0, to: 0, count: 1)
        _ = withUnsafeMutablePointer(to: &run) { store?.read(from: i, into: UnsafeMutableBufferPointer(start: $0, count: 1)) }
        return run
    }

    /// A position: the `k`th stretch of run `run` (0-based among all the runs).
    public struct Index: Comparable, Sendable {
        let run: Int
        let k: Int

        /// Whether `a` comes before `b`.
        public static func < (a: Index, b: Index) -> Bool { (a.run, a.k) < (b.run, b.k) }
    }

    /// The first stretch's position.
    public var startIndex: Index { Index(run: 0, k: 0) }
    /// One past the last stretch's position.
    public var endIndex: Index { Index(run: runCount, k: 0) }

    /// The position after `i`.
    public func index(after i: Index) -> Index {
        i.k + 1 < run(at: i.run).count ? Index(run: i.run, k: i.k + 1) : Index(run: i.run + 1, k: 0)
    }

    /// The stretch at `i`, its `start` 0.
    public subscript(i: Index) -> AgeSegment {
        let run = run(at: i.run)
        return AgeSegment(start: 0, from: run.from, to: run.to)
    }

    /// An iterator over the stretches in order.
    public func makeIterator() -> Iterator { Iterator(RunIterator(self)) }

    /// An iterator over the runs in order: the stored ones, then those in memory.
    public func makeRunIterator() -> RunIterator { RunIterator(self) }

    /// The same stretches in the same runs, in the same order (to the bit), wherever they are kept.
    public static func == (a: AgeShapes, b: AgeShapes) -> Bool {
        guard a.count == b.count && a.runCount == b.runCount else { return false }
        var x = a.makeRunIterator(), y = b.makeRunIterator()
        while let r = x.next() {
            guard let s = y.next(), r.count == s.count, r.from.bitPattern == s.from.bitPattern, r.to.bitPattern == s.to.bitPattern
            else { return false }
        }
        return y.next() == nil
    }
}
