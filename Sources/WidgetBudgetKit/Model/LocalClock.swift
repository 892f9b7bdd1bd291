import Foundation

/// Converts simulation time (seconds from the scenario's start) to the user's local wall clock.
///
/// Budgets that reset "at midnight", windows such as "weekdays 09:30-16:00" and entries aligned to
/// the minute all need local time. The clock precomputes the time zone's UTC offsets (daylight
/// saving transitions) over the simulated horizon, so conversions are a short search, not a
/// calendar computation.
public struct LocalClock: Sendable, Equatable, Codable {
    /// The scenario's start as seconds since 1970 (UTC).
    public let startEpoch: Double
    /// The IANA time zone identifier.
    public let timeZoneIdentifier: String
    /// Simulation times at which the UTC offset changes (ascending).
    private let transitions: [Double]
    /// `offsets[i]` is the UTC offset in seconds before `transitions[i]`; the last one after all.
    private let offsets: [Double]
    /// Local wall times (seconds since 1970 local) in `[safeWallStarts[i], safeWallEnds[i])` lie in
    /// offset period `i` farther from its ends than any offset change: `simTime(wall:)` is plain
    /// `wall - startEpoch - offsets[i]` there (what its fix-point settles on, without searching).
    private let safeWallStarts: [Double]
    private let safeWallEnds: [Double]

    /// The largest change of UTC offset at any transition, in seconds (0 without transitions).
    public var largestShift: Double {
        zip(offsets, offsets.dropFirst()).reduce(0) { max($0, abs($1.1 - $1.0)) }
    }

    /// Creates a clock for a start instant and time zone, valid over `horizon` seconds (and a week
    /// beyond, so windows can look ahead).
    public init(start: Date, timeZone: TimeZone, horizon: Double) {
        startEpoch = start.timeIntervalSince1970
        timeZoneIdentifier = timeZone.identifier
        var times: [Double] = []
        var offs: [Double] = [Double(timeZone.secondsFromGMT(for: start))]
        var cursor = start
        let end = start.addingTimeInterval(horizon + 8 * Seconds.day)
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            times.append(next.timeIntervalSince(start))
            offs.append(Double(timeZone.secondsFromGMT(for: next)))
            cursor = next
        }
        transitions = times
        offsets = offs
        // Every guess the fix-point makes is within the offsets' range of the answer; one more second
        // of margin covers the rounding of these bounds.
        let margin = (offs.max()! - offs.min()!) + 1
        let epoch = startEpoch
        safeWallStarts = offs.indices.map { i in i == 0 ? -.infinity : epoch + times[i - 1] + offs[i] + margin }
        safeWallEnds = offs.indices.map { i in i == times.count ? .infinity : epoch + times[i] + offs[i] - margin }
    }

    /// A UTC clock starting at the given epoch second (for tests and library users).
    public static func utc(startEpoch: Double = 1_767_571_200) -> LocalClock {
        LocalClock(start: Date(timeIntervalSince1970: startEpoch), timeZone: TimeZone(identifier: "UTC")!, horizon: 0)
    }

    /// The UTC offset in effect at simulation time `t`, in seconds.
    @inline(__always)
    public func utcOffset(at t: SimTime) -> Double {
        if transitions.isEmpty { return offsets[0] }
        return offsets[transitions.countAtOrBefore(t)]
    }

    /// The first offset change strictly after `t` (`+infinity` when none comes): every instant in
    /// `[t, offsetPeriodEnd(after: t))` has `t`'s UTC offset, as ``utcOffset(at:)`` finds it.
    package func offsetPeriodEnd(after t: SimTime) -> SimTime {
        let period = transitions.countAtOrBefore(t)
        return period < transitions.count ? transitions[period] : .infinity
    }

    /// Local wall-clock seconds since 1970-01-01 00:00 (as if the local time were UTC).
    @inline(__always)
    public func wallSeconds(_ t: SimTime) -> Double {
        startEpoch + t + utcOffset(at: t)
    }

    /// The simulation time at which the local wall clock reads `wall` (seconds since 1970 local).
    /// In a daylight-saving gap the instant after the gap is returned.
    public func simTime(wall: Double) -> SimTime {
        // Away from any offset change the answer needs no fix-point (one search instead of five).
        let lo = safeStretch(containing: wall)
        if lo > 0 && wall < safeWallEnds[lo - 1] { return wall - startEpoch - offsets[lo - 1] }
        var t = wall - startEpoch - utcOffset(at: wall - startEpoch - offsets[0])
        // Two fix-point steps settle the offset around transitions.
        for _ in 0..<2 { t = wall - startEpoch - utcOffset(at: t) }
        // In a gap the fix-point oscillates between instants on either side of the transition, whose
        // wall times both differ from `wall`: answer the transition itself.
        if wallSeconds(t) != wall, let transition = gapTransition(containing: wall) { return transition }
        return t
    }

    /// When the local wall time `wall` lies far from every offset change, the end of the stretch of
    /// wall times around it where `simTime(wall:)` is plain `wall - startEpoch - offset` with one
    /// offset (the fast case of `simTime(wall:)`); `nil` near an offset change.
    package func plainStretch(containing wall: Double) -> Double? {
        let lo = safeStretch(containing: wall)
        return lo > 0 && wall < safeWallEnds[lo - 1] ? safeWallEnds[lo - 1] : nil
    }

    /// The number of safe stretches starting at or before `wall`.
    @inline(__always)
    private func safeStretch(containing wall: Double) -> Int {
        safeWallStarts.countAtOrBefore(wall)
    }

    /// The transition whose forward jump skips the local wall time `wall`, if any.
    private func gapTransition(containing wall: Double) -> SimTime? {
        for (i, transition) in transitions.enumerated() where offsets[i + 1] > offsets[i] {
            let before = startEpoch + transition + offsets[i]  // Wall time just before the jump.
            if wall >= before && wall < startEpoch + transition + offsets[i + 1] { return transition }
        }
        return nil
    }

    /// Local day number (days since 1970-01-01 in local time) at `t`.
    @inline(__always)
    public func localDay(_ t: SimTime) -> Int {
        Bounds.saturatingInt((wallSeconds(t) / Seconds.day).rounded(.down))
    }

    /// Seconds since local midnight at `t`, in `0..<86400`.
    @inline(__always)
    public func secondsOfDay(_ t: SimTime) -> Double {
        let wall = wallSeconds(t)
        return wall - (wall / Seconds.day).rounded(.down) * Seconds.day
    }

    /// Day of the week at `t`: 0 is Sunday, 6 is Saturday.
    public func weekday(_ t: SimTime) -> Int {
        Self.weekday(ofLocalDay: localDay(t))
    }

    /// Day of the week of a local day number: 0 is Sunday.
    public static func weekday(ofLocalDay day: Int) -> Int {
        ((day + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday.
    }

    /// The first local midnight strictly after `t`.
    public func nextMidnight(after t: SimTime) -> SimTime {
        simTime(wall: Double(localDay(t) + 1) * Seconds.day)
    }

    /// The first instant strictly after `t` whose local wall time is a multiple of `step` seconds
    /// (60 for whole minutes, 900 for quarter hours, 3600 for hours).
    ///
    /// Walks in real time: the wall clock runs with real time except at a daylight-saving transition,
    /// where it jumps (forward over a gap, or back to repeat an hour whose whole minutes happen twice);
    /// the search restarts at the transition then, which may itself be aligned (03:00 after a jump).
    ///
    /// Inlined for a clock without offset changes (the aligned providers ask at every reload): one
    /// offset, so the walk's first step is the answer; otherwise the walk over the offset periods
    /// (`nextAlignedWalking(after:step:)`, in the package).
    @inline(__always)
    public func nextAligned(after t: SimTime, step: Double) -> SimTime {
        guard transitions.isEmpty else {
            // The three fields, not the clock: passing `self` made the grant copy the whole
            // clock to its stack at every reload, for this rare call.
            return Self.alignedWalking(after: t, step: step, startEpoch: startEpoch, transitions: transitions, offsets: offsets)
        }
        // The walk's first step in period 0 (strictly after `t`), with the same operations.
        let offset = offsets[0]
        let wall = startEpoch + t + offset
        let next = Self.roundedDown(wall / step) * step + step
        return next - startEpoch - offset
    }

    /// `q.rounded(.down)` to the bit, the zero's sign included, without the C library's call
    /// below 2^52 (the grant's aligned second entry: the call made every live double be saved
    /// around it). There `|q| + 2^52` lies where doubles are 1 apart, so `(|q| + 2^52) - 2^52`
    /// is `|q|` rounded to a whole number exactly; one step down (up for a negative `q`, whose
    /// floor is minus the ceiling of `|q|`) where it went past. From 2^52 on, and for NaN, as
    /// `rounded(.down)` says.
    @inline(__always)
    package static func roundedDown(_ q: Double) -> Double {
        let magnitude = abs(q)
        guard _fastPath(magnitude < 0x1p52) else { return q.rounded(.down) }
        let nearest = (magnitude + 0x1p52) - 0x1p52
        if q.sign == .minus { return -(nearest < magnitude ? nearest + 1 : nearest) }
        return nearest > magnitude ? nearest - 1 : nearest
    }

    /// ``nextAligned(after:step:)`` walking the offset periods (a clock with offset changes; any
    /// clock in the tests, which compare the two).
    package func nextAlignedWalking(after t: SimTime, step: Double) -> SimTime {
        Self.alignedWalking(after: t, step: step, startEpoch: startEpoch, transitions: transitions, offsets: offsets)
    }

    /// ``nextAlignedWalking(after:step:)`` from the clock's fields it reads.
    @inline(never)
    private static func alignedWalking(
        after t: SimTime, step: Double, startEpoch: Double, transitions: [Double], offsets: [Double]
    ) -> SimTime {
        var from = t
        var strictlyAfter = true
        // The offset period of `from`, found once: each restart moves to the next period.
        var period = transitions.countAtOrBefore(from)
        while true {
            let offset = offsets[period]
            let wall = startEpoch + from + offset
            var next = (wall / step).rounded(.down) * step
            if strictlyAfter || next < wall { next += step }
            // The aligned wall time mapped back exactly as `simTime(wall:)` maps `every` ticks, so an
            // entry aligned to the minute never lands a rounding error before the minute's change.
            let result = next - startEpoch - offset
            if period < transitions.count, transitions[period] <= result {
                from = transitions[period]
                period += 1
                strictlyAfter = false
                continue
            }
            return result
        }
    }

    /// The local time at `t` as `HH:MM:SS`.
    public func clockString(_ t: SimTime) -> String {
        let s = Bounds.saturatingInt(secondsOfDay(t).rounded(.down))
        return pad2(s / 3600) + ":" + pad2(s / 60 % 60) + ":" + pad2(s % 60)
    }

    /// The local date and time at `t` as `YYYY-MM-DD HH:MM:SS`.
    public func dateTimeString(_ t: SimTime) -> String {
        let (y, m, d) = Self.civilDate(localDay: localDay(t))
        return String(y) + "-" + pad2(m) + "-" + pad2(d) + " " + clockString(t)
    }

    /// Converts a local day number into a (year, month, day) civil date.
    public static func civilDate(localDay: Int) -> (Int, Int, Int) {
        // Howard Hinnant's days_from_civil inverse.
        // Clamped to ±2.7 billion years, so the arithmetic below cannot overflow.
        let z = max(-1_000_000_000_000, min(1_000_000_000_000, localDay)) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    private func pad2(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
