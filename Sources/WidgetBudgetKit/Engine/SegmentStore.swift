/// The stale stretches of a run as the engine writes them, one per accounting step: a buffer the
/// run owns from its first stretch to its end, when ``take(trim:)`` hands it over (``AgeSegments``).
///
/// An `Array` checks that its storage is not shared before every append (a call into the runtime,
/// which also makes the render loop keep its sums in memory); this buffer has one owner, the
/// running `WidgetSimulation`, so an append is a comparison and a store. The compiler holds it to
/// that: the store is `~Copyable` (so is the simulation that holds it), so no copy can share the
/// buffer, and a store dropped before ``take(trim:)`` (a simulation never run) frees it in `deinit`.
///
/// With `EnginePaths.jumpRuns` a slot may stand for a run of stretches of one shape (``runs``): a
/// jump's `n` repeated stretches (`StaleStride`'s `jump`) take one slot and one entry of ``runs``,
/// and the day's stretches are read as ``slots`` (`StretchSlots`: by the day's quantile, run by
/// run, and folded into ``AgeShapes`` with those counts): the same as the `n` stretches themselves.
struct SegmentStore: ~Copyable {
    private var base: UnsafeMutablePointer<AgeSegment>?
    /// How many slots are stored (stretches, when no slot stands for a run).
    var count = 0
    private var capacity = 0
    /// The slots that stand for a run of stretches of their shape, in slot order (``runs``): none
    /// unless `EnginePaths.jumpRuns`. Kept in a buffer of the store's own, as the slots are: a
    /// mark is a comparison and a store, and forgetting them at the day's close one store (an
    /// `Array` checked its storage on each, and cleared itself through the runtime, #26 engine-2).
    private var marks: UnsafeMutablePointer<StretchSlots.Run>?
    /// How many slots are marked.
    private var markCount = 0
    private var markCapacity = 0
    /// Room for the runs of shapes the stored slots fold into (one a slot at most), for
    /// `AgeShapes.append(slots:marks:scratch:)`: reused day after day.
    private var scratch: UnsafeMutablePointer<AgeShapes.Run>?
    private var scratchCapacity = 0

    /// An empty store (no buffer until the first stretch).
    init() {}

    deinit {
        scratch?.deallocate()
        marks?.deallocate()
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
        markCount = 0
    }

    /// Marks slot `slot` (written, or about to be) as standing for `count` stretches of its shape
    /// (after every slot marked so far).
    @inline(__always)
    mutating func markRun(slot: Int, count: Int) {
        if markCount == markCapacity { growMarks() }
        marks.unsafelyUnwrapped[markCount] = StretchSlots.Run(slot: slot, count: count)
        markCount += 1
    }

    /// The marked slots, in slot order (valid until the store next changes).
    var runs: UnsafeBufferPointer<StretchSlots.Run> { UnsafeBufferPointer(start: marks, count: markCount) }

    /// Every stretch stored, a slot marked as a run standing for its count (valid until the store
    /// next changes).
    var slots: StretchSlots { StretchSlots(suffix(from: 0), runs: runs) }

    /// Folds the stored slots into `shapes` (``slots``' stretches, a marked slot's at once:
    /// `AgeShapes.append(slots:marks:scratch:)`), then forgets them, keeping the buffers for the
    /// next day.
    mutating func fold(into shapes: inout AgeShapes) {
        // (Into shapes of no run, the runs are written in place: no scratch.)
        if !shapes.runs.isEmpty && (scratch == nil || count > scratchCapacity) { growScratch() }
        shapes.append(slots: suffix(from: 0), marks: runs, scratch: scratch)
        removeAll()
    }

    /// Room for as many runs of shapes as there are slots stored (what folding them may make).
    @inline(never)
    private mutating func growScratch() {
        scratch?.deallocate()
        scratchCapacity = Swift.max(64, count, scratchCapacity * 2)
        scratch = .allocate(capacity: scratchCapacity)
    }

    @inline(never)
    private mutating func growMarks() {
        growMarks(to: Swift.max(16, markCapacity * 2))
    }

    /// Moves the marks to a buffer of `capacity` (> `markCount`).
    private mutating func growMarks(to capacity: Int) {
        let bigger = UnsafeMutablePointer<StretchSlots.Run>.allocate(capacity: capacity)
        if let marks {
            bigger.moveInitialize(from: marks, count: markCount)
            marks.deallocate()
        }
        marks = bigger
        markCapacity = capacity
    }

    /// Makes room for `total` stretches in all (nothing when there is room already).
    mutating func reserve(_ total: Int) {
        if total > capacity { grow(to: total) }
    }

    /// Makes room for `total` slots and `marked` marks in all (nothing where there is room
    /// already): for days kept in the buffer until a later fold (`RunDetail.foldedSlots`), so
    /// that neither buffer is copied to a bigger one as they fill.
    @inline(__always)
    mutating func reserve(_ total: Int, marks marked: Int) {
        if total > capacity || marked > markCapacity { makeRoom(total, marks: marked) }
    }

    /// ``reserve(_:marks:)`` once one of the buffers is short.
    @inline(never)
    private mutating func makeRoom(_ total: Int, marks marked: Int) {
        if total > capacity { grow(to: total) }
        if marked > markCapacity { growMarks(to: marked) }
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
    /// empty. No slot may stand for a run (those stretches have no times to hand over).
    mutating func take(trim: Bool) -> AgeSegments {
        precondition(markCount == 0, "stretches kept as runs have no times")
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
