/// The times of a run's charged grants as the engine writes them (``RunDetail/chargeTimes``): a
/// buffer the run owns, handed over as an array when it ends (``take()``).
///
/// An `Array` checks that its storage is not shared before every append (a call into the runtime
/// at every charged grant, issue #26 engine-2 `deliver`); this buffer has one owner, the running
/// `WidgetSimulation`, so an append is a comparison and a store, as ``SegmentStore``'s. The store
/// is `~Copyable`, so no copy can share the buffer.
///
/// The buffer is the storage of the array ``take()`` hands over (#26 engine-2, round 12 `loop`):
/// made as an array whose count is its whole room, written in place, its count cut to the times
/// at the end, so the times are not copied into another array at every run (one copy of about
/// 3.5 KB a run, which `memcpy` does a byte an instruction under callgrind).
struct ChargeTimeStore: ~Copyable {
    /// The array handed over by ``take()``: its first ``count`` elements are the times, the rest
    /// (up to `capacity`) room that is never read and is cut off at ``take()`` (`SimTime` is a
    /// trivial type: nothing to initialise or deinitialise). Changed only by `grow` and ``take()``.
    private var storage: [SimTime] = []
    /// `storage`'s elements, written in place: valid while `storage` keeps its buffer, which
    /// nothing but `grow` and ``take()`` replaces (nor copies: the store cannot be copied).
    private var base: UnsafeMutablePointer<SimTime>?
    /// How many times are stored.
    private(set) var count = 0
    private var capacity = 0

    /// An empty store (no buffer until the first time, or ``reserveCapacity(_:)``).
    init() {}

    /// Makes room for `n` times in all.
    mutating func reserveCapacity(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    /// Adds `t` at the end.
    @inline(__always)
    mutating func append(_ t: SimTime) {
        if count == capacity { grow(to: Swift.max(64, capacity * 2)) }
        base.unsafelyUnwrapped[count] = t
        // Below the capacity, an allocation's size: no overflow to check.
        count &+= 1
    }

    /// The times stored, in the order they were appended, in the store's own buffer (its room
    /// beyond them left as the array's capacity); the store is empty afterwards, with no buffer.
    mutating func take() -> [SimTime] {
        guard base != nil else { return [] }
        var times: [SimTime] = []
        swap(&times, &storage)
        // The only reference to the buffer now: the room is cut off in place, nothing copied.
        times.removeLast(capacity - count)
        base = nil
        count = 0
        capacity = 0
        return times
    }

    /// Moves the times to a new array of `newCapacity` elements (> `count`), the room beyond them
    /// left uninitialised.
    private mutating func grow(to newCapacity: Int) {
        let old = base, n = count
        var written: UnsafeMutablePointer<SimTime>?
        // The old array lives until this assignment: its times are copied first.
        storage = [SimTime](unsafeUninitializedCapacity: newCapacity) { buffer, initializedCount in
            let p = buffer.baseAddress.unsafelyUnwrapped
            if let old { p.initialize(from: old, count: n) }
            initializedCount = newCapacity
            written = p
        }
        base = written
        capacity = newCapacity
    }
}
