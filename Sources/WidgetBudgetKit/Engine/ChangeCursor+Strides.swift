// `ChangeCursor`'s answers for `StaleStride` (evenly spaced entries going stale a step apart): the
// stride's step and the exact stretch's end, and the cursor moved past the counted entries at once.
extension ChangeCursor {
    /// Evenly spaced entries on an `every` grid (`StaleStride`): `stale` is the cursor's last
    /// answer, a tick of its exact stretch. With `spacing = m × period` for a whole `m ≥ 1`, an
    /// entry goes stale `step = spacing` after the stale start of the one before; with `spacing <
    /// period`, at that stale start or `step = period` after it. Every tick up to the stretch's
    /// last is a period after the one before (whole numbers below 2^52: `stale + j × step` is
    /// exact). Returns the stretch's last tick, `step` and the period; `nil` when the conditions
    /// do not hold.
    @inline(__always)
    func strideEnd(from stale: SimTime, spacing: Double) -> (lastTick: SimTime, step: Double, period: Double)? {
        guard let step = Self.strideStep(spacing: spacing, period: period), let lastTick = exactStretchEnd(from: stale) else {
            return nil
        }
        return (lastTick, step, period)
    }

    /// `strideEnd`'s `step`, a function of the spacing and the grid's period alone (a caller that
    /// asks it for every timeline of one provider keeps it): `period` for entries closer than a
    /// period, `spacing` when it is a whole number of periods, else `nil` (and for a list, `period` 0).
    @inline(__always)
    static func strideStep(spacing: Double, period: Double) -> Double? {
        guard period > 0, spacing > 0 else { return nil }
        if spacing < period { return period }
        let m = spacing / period
        guard m == m.rounded(.down), m * period == spacing else { return nil }
        return spacing
    }

    /// `strideEnd`'s part that depends on the cursor: the exact stretch's last tick when `stale`
    /// is the cursor's last answer, a tick of that stretch, on an `every` grid; else `nil`.
    @inline(__always)
    func exactStretchEnd(from stale: SimTime) -> SimTime? {
        guard period > 0, stale == tickTime, exact.contains(tick) else { return nil }
        return exact.time(ofIndex: exact.last, period: period)
    }

    /// The grid's period (0 for a list).
    var gridPeriod: Double { period }

    /// Moves the cursor `steps` ticks on, to the tick at `time`, the first after `date`, after
    /// entries going stale `perEntry` ticks apart (the next entry is then one jump on).
    mutating func advance(ticks steps: Double, to time: SimTime, after date: SimTime, perEntry: Double) {
        tick += steps
        tickTime = time
        lastDate = date
        jump = perEntry
    }
}
