// A delivered timeline's first renders in one step (`EnginePaths.closedTimelines`, issue #26
// `closedform`): entry 0, then the entries after it that repeat one stretch `step` later each,
// accounted in closed form up to the first bound, instead of `renderRun`'s turns, `strideRun`'s
// set-up and the stride's walk and jump. docs/design/engine.md, "Which path runs".
extension WidgetSimulation {
    /// What `closedTimeline` did.
    enum ClosedTimeline {
        /// Nothing (a condition does not hold): the render loop renders entry 0 as before.
        case fallBack
        /// Entries 0 … `k - 1` rendered, and the render loop left after the last of them (the next
        /// render scheduled, as the loop leaves).
        case left
        /// Entries 0 … `k - 1` rendered; the loop goes on with entry `k`, dated `date`, rendering at `t`.
        case goOn(k: Int, date: SimTime, t: SimTime)
    }

    /// Renders entry 0 of the timeline just delivered (rendering at `t`, its date) and the entries
    /// after it that the render loop would render in this run, when they repeat one stretch: the
    /// entries from 1 on are evenly spaced `step` apart, `step` a whole number of periods of an
    /// `every` grid (`ChangeCursor.strideEnd`), entry 1 dated `step` after entry 0, and every date
    /// and tick exact (`StaleStride.exact`). Then entry `j ≥ 1` goes stale at `S0 + j · step` (`S0`
    /// entry 0's stale start) and its stretch, from entry `j - 1`'s render to its own, is entry 1's
    /// shifted by `(j - 1) · step`, to the bit: its terms are added once by `AgeAccounting.add` and
    /// then `K - 1` times by `RepeatedSum` (the bits of adding them one by one, as the render loop,
    /// the stride and its jump add them), and the stretches stored `step` apart (each start `step`
    /// after the one before: a tick of the stride, exact). `K` is the last entry the loop would
    /// render before it leaves: before the timeline's last entry, at or before `limit` (the next
    /// policy reload, app request, App Intent, retry or grant), before `dayEnd`, and going stale
    /// before the grid's exact stretch ends and before the first unpredictable change. The views
    /// before entry `K`'s render are counted after it, each with the stale start of the last entry
    /// rendered by its time (`tallyViewsInJump`), as the stride counts the views inside a jump.
    ///
    /// Falls back (`fallBack`, nothing changed but the change cursor's position, which answers the
    /// same, and `closedGrid`) when any condition fails, or when fewer than `closedMinimum` entries would follow
    /// entry 0. The caller checked that entry 0 renders as dated (at `t`), that entry 1 is
    /// dated `step` after it (`dates`: the entries from 1 on, evenly spaced), and that entry 1
    /// is dated at or before `limit` and before `dayEnd` (else `K` is 0: nothing to do here).
    @inline(never)
    mutating func closedTimeline(
        at t: SimTime, dates: (first: SimTime, spacing: Double, offset: Int), last: Int, through limit: SimTime,
        before dayEnd: SimTime
    ) -> ClosedTimeline {
        // Entry 0 renders at `t`, its date `d0`; entries from 1 on are dated `first + (j - 1) ·
        // step`, entry 1's stretch starting at entry 0's render, `step` before its date (the
        // caller checked these; exactly so: checked below).
        let d0 = t
        let step = dates.spacing, d1 = dates.first
        guard last > Self.closedMinimum else { return .fallBack }
        let s0 = min(fetchStale, predictable.firstAfterInLoop(d0))
        // The grid's facts for this spacing, asked once while it and the period stay (a fixed
        // provider's every timeline): entries whole periods apart, the grid's part of the
        // exactness known.
        let period = predictable.gridPeriod
        if !closedGrid.holds(spacing: step, period: period) { closedGrid = ClosedGrid(spacing: step, period: period) }
        // Entry 0's stale start is a tick of the grid's exact stretch, before entry 1.
        let gridExponent = closedGrid.exactExponent
        guard closedGrid.exactCycle == 1, s0 < fetchStale, s0 < d1,
            let lastTick = predictable.exactStretchEnd(from: s0)
        else { return .fallBack }
        // Entry 0 changes the stale start (the repeated stretch is entry 1's, from entry 0's
        // render), or shows content that goes stale when the display did (it adds nothing, entry
        // 1 accounts from where the display was accounted to, and entry 2's stretch repeats).
        let steady = s0 != staleStart
        let r = steady ? 1 : 2
        // Entry j goes stale at the tick `step` after entry j - 1's: entry 1 is dated at least
        // `step - period` after `s0` and before `s0 + step`.
        let tickBound = min(lastTick + period, fetchStale)
        guard d1 >= s0 + (step - period), d1 < s0 + step else { return .fallBack }
        // K: entries 1 … K render in this run (K ≤ last - 1: the loop leaves after rendering
        // last - 1), each dated at or before `limit` and before `dayEnd` (before `renderBound`),
        // going stale before `tickBound`. Estimated by one division, then checked against the
        // dates (computed as the timeline computes them) and the ticks, which are the grid's once
        // exactness holds (below: asked only when enough entries repeat): entry j, dated about
        // `d1 + (j - 1) · step`, renders before `renderBound` when its tick `s0 + j · step` is
        // before `renderBound` moved by their difference (to the bit once the times are exact;
        // nearly otherwise, which only moves where the check starts).
        let renderBound = min(limit.nextUp, dayEnd)
        // Entry indices wrap instead of trapping (a timeline holds far fewer than `Int.max`).
        var k = last &- 1
        @inline(__always) func fits(_ j: Int) -> Bool {
            d1 + Double(j &- 1) * step < renderBound && s0 + Double(j) * step < tickBound
        }
        // (`wholePart`: `Int(q)` without its range checks, for `1 ≤ q < k`; for a `k` of 2^52 or
        // more some other start, which changes no answer: `fits` holds for a prefix of the entries.)
        @inline(__always) func estimate(_ q: Double) -> Int {
            q.isNaN || q < 1 ? 1 : q >= Double(k) ? k : ExactMultiples.wholePart(q)
        }
        let bound = min(tickBound, renderBound + (s0 + step - d1))
        k = min(k, estimate((bound - s0) / step))
        while k > 0 && !fits(k) { k &-= 1 }
        while k < last &- 1 && fits(k &+ 1) { k &+= 1 }
        guard k >= Self.closedMinimum else { return .fallBack }
        // `StaleStride.exact` with the grid's part of it (a function of `step` and the period
        // alone, the same for every timeline of a fixed provider) kept in `closedGrid`, through
        // the dates and ticks entries 1 … K use (entry K + 1's date, after entry K's tick). Past
        // them the dates and ticks are only compared with the bounds (`fits`: the dates by the
        // timeline's formula, as the loop computes them; rounding, monotone, never takes a tick
        // below a bound its exact value is at or past): the timeline's last date need not be exact.
        let following = d1 + Double(k) * step
        guard StaleStride.exact(first: d1, tick: s0, gridExponent: gridExponent, through: Self.boundMax(following, s0) + 2 * step)
        else { return .fallBack }

        // Entry 0, as the render loop renders it (its views were counted before it); when it
        // keeps the stale start, entry 1 is accounted as the loop accounts it.
        if steady {
            account(until: t)
            staleStart = s0
        } else {
            account(until: d1)
        }
        // Entries r … K (none when K is 1 and entry 0 kept the stale start): entry r's stretch
        // from entry r - 1's render (`step` before its date), stale since entry r - 1's stale
        // start; its terms, each alone (0 + x is x), are what every entry after it adds.
        let n = k &- r &+ 1
        if n > 0 {
            let from = d1 + Double(r &- 2) * step, stale = s0 + Double(r &- 1) * step
            var fresh = 0.0, integral = 0.0, age = -Double.infinity
            let stretch = AgeAccounting.add(
                from: from, to: from + step, staleSince: stale, freshSeconds: &fresh, ageIntegral: &integral, maxAge: &age)
            day.freshSeconds += fresh
            day.ageIntegral += integral
            if age > day.maxAge { day.maxAge = age }
            // The stretches stored before the repeated additions (which touch neither): `stretch`
            // is then not live across `RepeatedSum`'s call out of line, where every live double
            // is saved and reloaded.
            if let stretch, runDetail.ageSegments { storeRepeated(stretch, count: n, step: step) }
            // Entries r + 1 … K: one more addition each (a second one written out, as
            // `RepeatedSum` would make it).
            if n == 2 {
                day.freshSeconds += fresh
                day.ageIntegral += integral
            } else if n > 2 {
                RepeatedSum.add(fresh, times: n &- 1, to: &day.freshSeconds)
                RepeatedSum.add(integral, times: n &- 1, to: &day.ageIntegral)
            }
        }
        let dk = d1 + Double(k &- 1) * step
        let tick = s0 + Double(k) * step
        // The views before entry K's render, each with the stale start of the last entry
        // rendered by then: `s0` before entry 1, then `step` more at each entry.
        if viewNext < dk { tallyViewsInJump(ViewsInJump(moves: k &- 1, firstMove: d1, tick: s0), step: step, before: dk) }
        day.renders &+= k &+ 1
        lastRender = dk
        accountedUntil = dk
        staleStart = tick
        predictable.advance(ticks: (tick - s0) / period, to: tick, after: dk, perEntry: step / period)
        closedTaken.timelines &+= 1
        // The render loop's turn after rendering entry K: it leaves, or goes on with entry K + 1.
        let next = k &+ 1
        let nextDate = timeline.date(ofEntry: next)
        let nextAt = max(nextDate + constantRenderDelay, dk)
        if next == last || nextAt > limit || nextAt >= dayEnd
            || (nextAt <= staleStart && !sharesOnly(next, date: nextDate, renderedAt: nextAt))
        {
            nextEntry = next
            scheduleNext(after: k, renderedAt: dk, date: dk, nextDate: nextDate, nextAt: nextAt)
            return .left
        }
        return .goOn(k: next, date: nextDate, t: nextAt)
    }

    /// The fewest entries after entry 0 it renders (from 1: with a few, it still costs less than
    /// the render loop's turns and a stride's set-up).
    static var closedMinimum: Int { 1 }
}

extension StaleStride {
    /// The part of ``exact(first:dateSpacing:tick:step:period:through:)`` that depends on the grid
    /// alone, for entries `step` apart (`dateSpacing == step`): the least exponent of `period`,
    /// `step` and `step - period` (`period` alone when they are equal), `nil` when one of them is
    /// not finite or subnormal (then `exact` is false).
    static func gridExponent(step: Double, period: Double) -> Int? {
        guard let e = lowBitExponent(period) else { return nil }
        if step == period { return e }
        guard let d = lowBitExponent(step), let f = lowBitExponent(step - period) else { return nil }
        return min(e, d, f)
    }

    /// ``exact(first:dateSpacing:tick:step:period:through:)`` for entries `step` apart, given
    /// `gridExponent(step:period:)`: the same answer, asked against one unit (`ExactMultiples`):
    /// the least exponent `k` of the lowest bits of `first`, `tick` and the grid is at least that
    /// of the unit of the largest binade of `first`, `tick` and `through` (so all three are below
    /// `2^(k + 53)`) exactly when `first` and `tick` are whole multiples of that unit and the
    /// grid's exponent is at least its own.
    @inline(__always)
    static func exact(first: SimTime, tick: SimTime, gridExponent: Int, through: SimTime) -> Bool {
        // Two-argument `max`s: the three-argument one is variadic, and walked its empty rest.
        let e = max(
            max(ExactMultiples.biasedExponent(first), ExactMultiples.biasedExponent(tick)),
            ExactMultiples.biasedExponent(through))
        guard e < 0x7FF else { return false }
        // Zeros and subnormals alone: exact when `first` and `tick` are zeros (a subnormal has no
        // lowest-bit exponent) and the grid has an exponent. Else, as `exact` answers, not when
        // no value has one (zeros on a grid of zeros).
        if e == 0 { return first == 0 && tick == 0 && gridExponent < Int.max }
        return gridExponent >= e - 1075 && ExactMultiples.isWhole(first, inUnitOf: e)
            && ExactMultiples.isWhole(tick, inUnitOf: e) && (gridExponent < Int.max || first != 0 || tick != 0)
    }
}
