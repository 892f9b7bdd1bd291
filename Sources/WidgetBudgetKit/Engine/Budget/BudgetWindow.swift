/// The stretches of local wall-clock time a ``BudgetRule`` counts its reloads in: a local day
/// (``localDay``, the `midnight` model), a local hour (``localHour``), or any length of local
/// time.
///
/// Window `k` holds the local wall times in `[k × length, (k + 1) × length)` seconds since
/// 1970-01-01 00:00 local; its key is `k`. The engine finds a key through the scenario's
/// ``LocalClock`` (so a day across a daylight-saving change lasts 23 or 25 hours, as on the
/// user's calendar), the device-log analysis through each record's UTC offset.
public struct BudgetWindow: Sendable, Equatable {
    /// The length of a window in local wall-clock seconds (> 0).
    public let length: Double

    /// Windows of `length` seconds of local time (> 0; a divisor of a day keeps them aligned to
    /// local midnight).
    public init(length: Double) {
        precondition(length > 0, "a budget window lasts more than 0 seconds")
        self.length = length
    }

    /// A local calendar day, midnight to midnight.
    public static let localDay = BudgetWindow(length: Seconds.day)
    /// A local clock hour.
    public static let localHour = BudgetWindow(length: Seconds.hour)

    /// The key of the window holding the local wall time `wall` (seconds since 1970-01-01 00:00
    /// local).
    @inline(__always)
    public func key(wall: Double) -> Int {
        Bounds.saturatingInt((wall / length).rounded(.down))
    }

    /// The key of the window holding simulation time `t` (for ``localDay``: `clock.localDay(t)`).
    @inline(__always)
    public func key(at t: SimTime, clock: LocalClock) -> Int {
        key(wall: clock.wallSeconds(t))
    }

    /// The key of the window holding `t`, and the last instant `through` (at or after `t`) up to
    /// which every instant is known to share it (`through` is `-infinity` when none is known).
    ///
    /// Keys do not decrease with `t` while the UTC offset stays the same: ``key(at:clock:)`` is
    /// `floor((startEpoch + t + offset) / length)`, saturated, and each of its roundings is
    /// monotone. So two instants of one offset period with the same key have it at every instant
    /// between. `through` is one second before the next window's start as the offset at `t` puts
    /// it (before the period's end), checked to have the key: the engine remembers the window
    /// this way and finds the key once a window rather than at every grant (``ReloadBudget``).
    package func keyAndLastInstant(at t: SimTime, clock: LocalClock) -> (key: Int, through: SimTime) {
        let key = key(at: t, clock: clock)
        guard key < Int.max else { return (key, -.infinity) }
        let nextStart = Double(key + 1) * length - clock.startEpoch - clock.utcOffset(at: t)
        let through = min(nextStart, clock.offsetPeriodEnd(after: t)) - 1
        // `through >= t` is false for a NaN `t`; `through` before the period's end is in `t`'s period.
        guard through >= t, through < clock.offsetPeriodEnd(after: t), self.key(at: through, clock: clock) == key else {
            return (key, -.infinity)
        }
        return (key, through)
    }

    /// The first instant strictly after `t` in a later window (for ``localDay``:
    /// `clock.nextMidnight(after: t)`).
    public func nextStart(after t: SimTime, clock: LocalClock) -> SimTime {
        clock.simTime(wall: Double(key(at: t, clock: clock) + 1) * length)
    }

    /// The key of the window holding Unix time `time` at UTC offset `offset` (a device log's
    /// record; for ``localDay``: `LocalTime.day(time, offset: offset)`).
    @inline(__always)
    public func key(unixTime time: Double, utcOffset offset: Double) -> Int {
        key(wall: time + offset)
    }

    /// The first instant strictly after Unix time `time` in a later window, assuming `offset`
    /// holds until then (for ``localDay``: `LocalTime.nextMidnight(after:offset:)`).
    public func nextStart(afterUnixTime time: Double, utcOffset offset: Double) -> Double {
        Double(key(unixTime: time, utcOffset: offset) + 1) * length - offset
    }
}
