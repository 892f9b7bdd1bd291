/// The stale stretches of a run as the engine writes them, one per accounting step: a buffer the
/// run owns from its first stretch to its end, when ``take(trim:)`` hands it over (``AgeSegments``).
///
/// An `Array` checks that its storage is not shared before every append (a call into the runtime,
/// which also makes the render loop keep its sums in memory); this buffer has one owner, the
/// running `WidgetSimulation`, so an append is a comparison and a store. The compiler holds it to
/// that: the store is `~Copyable` (so is the simulation that holds it), so no copy can share the
/// buffer, and a store dropped before ``take(trim:)`` (a simulation never run) frees it in `deinit`.
struct SegmentStore: ~Copyable {
    private var base: UnsafeMutablePointer<AgeSegment>?
    /// How many stretches are stored.
    var count = 0
    private var capacity = 0

    /// An empty store (no buffer until the first stretch).
    init() {}

    deinit {
        guard let base else { return }
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds a stretch at the end.
    @inline(__always)
    mutating func append(_ segment: AgeSegment) {
        if count == capacity { grow(to: Swift.max(64, capacity * 2)) }
        base.unsafelyUnwrapped[count] = segment
        count += 1
    }

    /// Forgets every stretch, keeping the buffer for the next ones.
    mutating func removeAll() {
        base?.deinitialize(count: count)
        count = 0
    }

    /// Makes room for `total` stretches in all (nothing when there is room already).
    mutating func reserve(_ total: Int) {
        if total > capacity { grow(to: total) }
    }

    /// Makes room for `total` stretches in all, at least doubling the room when it grows (for
    /// callers that ask again and again as the run goes on).
    mutating func reserveGrowing(_ total: Int) {
        if total > capacity { grow(to: Swift.max(total, capacity * 2)) }
    }

    /// How many more stretches fit without growing.
    var room: Int { capacity - count }

    /// Where the next stretch goes, for a writer that made room with ``reserveGrowing(_:)`` and
    /// then adds to ``count`` what it wrote.
    var end: UnsafeMutablePointer<AgeSegment>? { base.map { $0 + count } }

    /// The stretches from `start` on.
    func suffix(from start: Int) -> UnsafeBufferPointer<AgeSegment> {
        UnsafeBufferPointer(start: base.map { $0 + start }, count: count - start)
    }

    /// The stretches, handed over without copying; with `trim`, a buffer more than a quarter empty
    /// is copied to one of the right size instead (for results that are kept). The store is left
    /// empty.
    mutating func take(trim: Bool) -> AgeSegments {
        guard let full = base else { return AgeSegments() }
        let taken: AgeSegments
        if trim && capacity - count > count / 4 + 64 {
            // Keep only what is used: a copy, and the buffer freed.
            taken = AgeSegments(Array(UnsafeBufferPointer(start: full, count: count)))
            full.deinitialize(count: count)
            full.deallocate()
        } else {
            taken = AgeSegments(adopting: full, count: count)
        }
        base = nil
        count = 0
        capacity = 0
        return taken
    }

    @inline(never)
    private mutating func grow(to newCapacity: Int) {
        let bigger = UnsafeMutablePointer<AgeSegment>.allocate(capacity: newCapacity)
        if let base {
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = bigger
        capacity = newCapacity
    }
}
