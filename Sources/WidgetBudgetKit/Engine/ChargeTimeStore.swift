/// The times of a run's charged grants as the engine writes them (``RunDetail/chargeTimes``): a
/// buffer the run owns, handed over as an array when it ends (``take()``).
///
/// An `Array` checks that its storage is not shared before every append (a call into the runtime
/// at every charged grant, issue #26 engine-2 `deliver`); this buffer has one owner, the running
/// `WidgetSimulation`, so an append is a comparison and a store, as ``SegmentStore``'s. The store
/// is `~Copyable`, so no copy can share the buffer, and one dropped before ``take()`` frees it in
/// `deinit`.
struct ChargeTimeStore: ~Copyable {
    private var base: UnsafeMutablePointer<SimTime>?
    /// How many times are stored.
    private(set) var count = 0
    private var capacity = 0

    /// An empty store (no buffer until the first time, or ``reserveCapacity(_:)``).
    init() {}

    deinit { base?.deallocate() }

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

    /// The times stored, in the order they were appended; the store is empty afterwards.
    mutating func take() -> [SimTime] {
        guard let base else { return [] }
        let n = count
        let times = [SimTime](unsafeUninitializedCapacity: n) { buffer, initialized in
            if let target = buffer.baseAddress { Self.copy(n, from: base, to: target) }
            initialized = n
        }
        count = 0
        return times
    }

    /// Moves the times to a buffer of `newCapacity` (> `count`).
    private mutating func grow(to newCapacity: Int) {
        let bigger = UnsafeMutablePointer<SimTime>.allocate(capacity: newCapacity)
        if let base {
            Self.copy(count, from: base, to: bigger)
            base.deallocate()
        }
        base = bigger
        capacity = newCapacity
    }

    /// How many times one `memcpy` copies at most: 1 KB, below the size from which the C
    /// library's copy switches to `rep movsb` (2 KB or more, by the processor), which the
    /// instruction count of the bench counts once a byte (#26 engine-2 `grant`: a run's charge
    /// times, about 3.4 KB, cost 3,500 instructions to hand over).
    static let piece = 128

    /// Initialises `n` times at `target` from those at `source` (not overlapping), `piece` at a
    /// time: the same bytes as one copy.
    private static func copy(_ n: Int, from source: UnsafePointer<SimTime>, to target: UnsafeMutablePointer<SimTime>) {
        var done = 0
        while done < n {
            let part = Swift.min(piece, n - done)
            (target + done).initialize(from: source + done, count: part)
            done += part
        }
    }
}
