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

    /// Whether the rolling rule (`RollingWindowBudget`) of B = `daily` (at least 1) charged at
    /// these times grants a charge at `t`: fewer than `daily` charges, or the `daily`th latest at
    /// least 24 hours before `t` (``EnginePaths/rollingFromCharges`` says when that is the rule's
    /// answer: times in order, below 2^40 s, `t` at or after the last, B constant).
    @inline(__always)
    func rollingAllows(at t: SimTime, daily: Int) -> Bool {
        // `count - daily` is in `0 ..< count` past the first test: no overflow to check.
        count < daily || base.unsafelyUnwrapped[count &- daily] + Seconds.day <= t
    }

    /// Where ``rollingAllows(at:daily:)`` is false, the first instant it is true again (the
    /// rule's `nextRecovery`): 24 hours after the `daily`th latest charge.
    @inline(__always)
    func rollingRecovery(daily: Int) -> SimTime {
        base.unsafelyUnwrapped[count &- daily] + Seconds.day
    }

    /// The times stored, in the order they were appended; the store is empty afterwards.
    mutating func take() -> [SimTime] {
        guard let base else { return [] }
        let times = Array(UnsafeBufferPointer(start: base, count: count))
        count = 0
        return times
    }

    /// Moves the times to a buffer of `newCapacity` (> `count`).
    private mutating func grow(to newCapacity: Int) {
        let bigger = UnsafeMutablePointer<SimTime>.allocate(capacity: newCapacity)
        if let base {
            bigger.initialize(from: base, count: count)
            base.deallocate()
        }
        base = bigger
        capacity = newCapacity
    }
}
