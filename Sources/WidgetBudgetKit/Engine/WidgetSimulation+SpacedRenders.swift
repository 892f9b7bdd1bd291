// Entries closer than the render spacing (`EnginePaths.spacedStrides`): a timeline of entries a
// second apart renders one entry every `minRenderSpacing` seconds, each the latest due by then
// (`spaceNextRender`), and the entries it overtook are never rendered. When the spacing is a whole
// fraction of the render spacing and every date is exact, the entries rendered are every `m`th,
// evenly spaced `minRenderSpacing` apart: their cycles in one step (`closedCycles`) or a stride
// (`strideRun`, `StaleStride`) over them renders them as `renderEntry` and `spaceNextRender` would
// one at a time, with the same additions in the same order. docs/design/engine.md, "Entries closer
// than the render spacing, in strides".
extension WidgetSimulation {
    /// Renders, from the entry due next (`nextEntry` at `nextRender`), the entries of a timeline
    /// whose entries are closer than the render spacing that render one render spacing apart, as
    /// a stride over every `m`th entry, through `limit` and before `dayEnd`; then schedules the
    /// next render as `renderEntry` would after the last of them. Returns false when it renders
    /// none, having changed nothing of the run (the entry before did not go stale at a tick of its
    /// own, a tick is inexact, or the stride stops at once); when the timeline's spacing does not
    /// divide the render spacing exactly or its dates are inexact, the timeline is not asked again
    /// (``EnginePaths/Timeline/spacedStrides`` off until the next delivery).
    ///
    /// Rendered one at a time, entry `k` (rendered at its date `t`) is followed by the latest entry
    /// rendering by `t + minRenderSpacing` (`spaceNextRender`): with entries `spacing` apart to the
    /// bit and `minRenderSpacing = m × spacing` exactly, that is entry `k + m`, dated `t +
    /// minRenderSpacing` to the bit, which renders then. So the renders are those of a timeline of
    /// entries `minRenderSpacing` apart from entry `k`'s date on, its entry `v` entry `k + m × v`:
    /// `closedCycles`, else the stride, runs on that timeline, whose dates `StaleStride.exact`
    /// finds exact and so equal to the real ones.
    @inline(never)
    mutating func spacedRun(through limit: SimTime, before dayEnd: SimTime) -> Bool {
        let k = nextEntry, t = nextRender
        let spacing = system.minRenderSpacing
        let last = timeline.count - 1
        // The entry before rendered at its date and went stale at a tick of its own (accounted
        // until it rendered), as a stride's first entry asks; at least two renders `R` apart to
        // come (`m ≥ 2`).
        guard k + 4 <= last && hasContent && accountedUntil == lastRender && staleStart < fetchStale,
            let dates = timeline.evenDates(from: k), timeline.date(ofEntry: k) == t
        else { return false }
        let step = dates.spacing
        let m = (spacing / step).rounded(.towardZero)
        // `m × step` is `spacing` to the bit, its product exact (the rounding error of the product
        // is 0), and the dates exact: else no run of this timeline's renders is a stride.
        guard step > 0 && m >= 2 && m < 0x1p52, m * step == spacing, (m * step).addingProduct(-m, step) == 0,
            Self.exactDates(first: dates.first, spacing: step, through: timeline.date(ofEntry: last))
        else {
            timelinePaths.spacedStrides = false
            return false
        }
        let stride = Int(m)
        // The virtual timeline's last entry: entry `k + stride × virtualLast`, at or before the last.
        let virtualLast = (last - k) / stride
        guard virtualLast >= 2, let grid = predictable.strideEnd(from: staleStart, spacing: spacing),
            StaleStride.exact(
                first: t, dateSpacing: spacing, tick: staleStart, step: grid.step, period: grid.period,
                through: max(t + Double(virtualLast) * spacing, staleStart) + 2 * grid.step)
        else { return false }
        // Cycles that repeat one stretch at once, else a stride, as `renderRun` renders them.
        let renders = (first: t, spacing: spacing, offset: 0)
        let n = cyclesOrStride(from: 0, at: t, dates: renders, last: virtualLast, through: limit, before: dayEnd)
        guard n > 0 else { return false }
        spacedTaken.runs += 1
        spacedTaken.renders += n
        // The last entry rendered, and `renderEntry`'s turn after it.
        let rendered = k + stride * (n - 1)
        inFreshRun = false
        nextEntry = rendered + 1
        let date = timeline.date(ofEntry: rendered), nextDate = timeline.date(ofEntry: rendered + 1)
        scheduleNext(
            after: rendered, renderedAt: lastRender, date: date, nextDate: nextDate,
            nextAt: max(nextDate + constantRenderDelay, lastRender))
        return true
    }

    /// Whether the dates `first + Double(j) * spacing` up to `through` are computed without
    /// rounding: `first` and `spacing` multiples of a power of two `u` below `2^52 · u` in
    /// magnitude, as the dates are (the differences and products then exact too).
    static func exactDates(first: SimTime, spacing: Double, through: SimTime) -> Bool {
        guard through.isFinite, let a = StaleStride.lowBitExponent(first), let b = StaleStride.lowBitExponent(spacing) else {
            return false
        }
        let k = min(a, b)
        guard k < Int.max else { return false }
        return StaleStride.binadeExponent(first) < k + 52 && StaleStride.binadeExponent(through) < k + 52
    }
}
