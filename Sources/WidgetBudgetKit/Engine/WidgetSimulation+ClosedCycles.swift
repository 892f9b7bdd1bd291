// The render loop's stale entries on a grid from any entry, in one step (`EnginePaths.closedTimelines`,
// issue #26 `cycles`): where `renderRun` would call `strideRun` (an entry just went stale at a tick
// of its own), the cycles of entries that repeat one stretch, accounted in closed form up to the
// first bound, instead of the stride's set-up, walk and jump. Timelines resumed after a cut (a
// day's end, a bound, an entry rendered on a tick after a first entry rendered alone) and entries
// half a grid period apart. docs/design/engine.md, "Per timeline".
extension WidgetSimulation {
    /// Renders entries `k`, `k + 1`, … as the render loop would, at the loop's steady point (entry
    /// `k - 1` just rendered, accounted until its render and gone stale at the tick `staleStart` of
    /// the exact stretch of an `every` grid, `ChangeCursor.strideEnd`), when they repeat one stretch
    /// in cycles of `c` entries `step` apart from entry `k` on: entries from `k` on evenly spaced
    /// (`dates`, no render delay), `step` (a whole number of periods) `c` spacings, with `c` 1 or 2
    /// (half a period), and the cycle's moving entry `m` (`k`, or `k + 1` after entry `k` shares
    /// the stale start alone) dated after the stale start, before the tick `step` after it, and
    /// `step` after the end of the accounting (entry `k - 1`'s render); every date and tick exact
    /// (`StaleStride.exact`). Then move `i` (entry `m + i · c`) goes stale at `staleStart + (i + 1) · step`
    /// and its stretch is move 0's shifted by `i · step`, to the bit: its terms are added `n` times
    /// by `RepeatedSum` (the bits of adding them one by one, as the loop, the stride and its jump
    /// add them) and its stretches stored `step` apart, for the `n` moves after which the loop goes
    /// on (the entry after it not the last, rendering at or before `limit` and before `dayEnd`,
    /// the new stale start before the exact stretch ends and before the first unpredictable
    /// change). The views before the last of them are counted after it, each with the stale start
    /// of the last entry rendered by its time (`tallyViewsInJump`), as the stride counts the views
    /// inside a jump.
    ///
    /// Returns how many entries it rendered: 0 when a condition fails, with nothing changed but
    /// `closedGrid` (the loop then calls the stride); -1, with nothing changed either, when the
    /// stride would render no more than the render loop's turn for entry `k` (no move fits, or the
    /// timeline ends within a cycle: it would stop at a bound after entry `k` or before it), or
    /// when entry `k` moves the stale start but begins no cycle while the entry after it would
    /// (`movesFirst`, below): `renderRun` then renders entry `k` in its turn, with no stride, and
    /// asks the cycles again at the next (`cyclesOrStride` takes the stride for either).
    ///
    /// The loop renders the entry after the last of them, as after a stride, but with `whole`
    /// (`renderRun`, not `spacedRun`) for entries whole periods apart (`c = 1`): there that entry
    /// is move `n`, which repeats the stretch too when its own stale start is before `tickBound`
    /// (the tick part of the bound on the moves; its date is the one checked for move `n - 1`,
    /// and it is before the timeline's last entry, as the entry after each move is). Then it is
    /// rendered here as the `n + 1`-th move, as the loop's turn would render it (the same terms
    /// added once more, its stretch stored once more, the views before it counted in the same
    /// jump), and `renderedNext` says so: the loop goes on from the turn's end (what follows that
    /// entry), as after rendering it.
    @inline(never)
    mutating func closedCycles(
        from k: Int, dates: (first: SimTime, spacing: Double, offset: Int), last: Int, through limit: SimTime,
        before dayEnd: SimTime, whole: Bool = false
    ) -> (entries: Int, renderedNext: Bool) {
        let spacing = dates.spacing
        // Entry indices wrap instead of trapping (no check at each use: a timeline holds far fewer
        // than `Int.max` entries); the dates as the timeline computes them.
        @inline(__always) func date(_ j: Int) -> SimTime { dates.first + Double(j &- dates.offset) * spacing }
        let s = staleStart, from = accountedUntil
        // The grid's facts for this spacing, asked once while it and the period stay (a fixed
        // provider's every timeline): the step, the cycle and the grid's part of the exactness.
        let period = predictable.gridPeriod
        if !closedGrid.holds(spacing: spacing, period: period) { closedGrid = ClosedGrid(spacing: spacing, period: period) }
        let step = closedGrid.step, c = closedGrid.exactCycle, gridExponent = closedGrid.exactExponent
        guard c > 0, s < fetchStale, let lastTick = predictable.exactStretchEnd(from: s) else { return (0, false) }
        // The cycle's moving entry: entry k, or entry k + 1 after entry k shares `s` alone (dated
        // before it, the next after it: `sharesOnly`). It goes stale at the tick `step` after `s`
        // (dated at least `step - period` after `s`, and after it: an entry dated on the tick
        // would render as the display goes stale, a fresh run), its stretch one `step` long.
        let m = k &+ c &- 1
        let dm = date(m)
        guard dm > s, dm >= s + (step - period), dm < s + step, from == dm - step, c == 1 || date(k) < s else {
            // Entry k moves the stale start as a cycle's moving entry would, but does not begin the
            // cycles (its stretch does not start `step` before its date: the first entry after a
            // late render, or entries half a period apart paired the other way), while the cycles
            // from the entry after it would start as they ask (`from == dm - step` there): the loop
            // renders entry k and asks again from the next (-1), instead of a stride.
            let dk = date(k)
            let movesFirst = dk > s && dk >= s + (step - period) && dk < s + step && date(k &+ c) - step == dk
            return movesFirst ? toLoop() : (0, false)
        }
        // n: moves 0 … n - 1 render, the loop going on after each: the entry after move i (dated
        // `dm + i · step + spacing`) is not the last, renders at or before `limit` and before
        // `dayEnd` (before `renderBound`), and the move's stale start is before `tickBound`.
        // Estimated by one division, then checked against the dates (as the timeline computes
        // them) and the ticks: move i's next entry, dated about `dm + spacing + i · step`, renders
        // before `renderBound` when its tick `s + (i + 1) · step` is before `renderBound` moved by
        // their difference (to the bit once the times are exact, checked below; nearly otherwise,
        // which only moves where the check starts).
        let tickBound = min(lastTick + period, fetchStale)
        let renderBound = min(limit.nextUp, dayEnd)
        let most = last &- 2 &- m
        // (None left: entries half a period apart, entry k + 1 the one before the last. The stride
        // would render entry k alone, as the loop's turn.)
        guard most >= 0 else { return toLoop() }
        var n = most / c &+ 1
        @inline(__always) func fits(_ i: Int) -> Bool {
            date(m &+ i &* c &+ 1) < renderBound && s + Double(i &+ 1) * step < tickBound
        }
        // (`wholePart`: `Int(q)` without its range checks, for `1 ≤ q < n`, as in `closedTimeline`.)
        @inline(__always) func estimate(_ q: Double) -> Int {
            q.isNaN || q < 0 ? 0 : q >= Double(n) ? n : q < 1 ? 1 : ExactMultiples.wholePart(q) &+ 1
        }
        let bound = min(tickBound, renderBound + (s + step - (dm + spacing)))
        n = min(n, estimate((bound - s) / step - 1))
        while n > 0 && !fits(n &- 1) { n &-= 1 }
        while n <= most / c && fits(n) { n &+= 1 }
        // (No move fits: the new stale start at or past `tickBound`, where the stride renders
        // nothing, or, half a period apart, entry k + 2 after `limit`, where it renders entry k
        // alone. The loop's turn renders as much.)
        guard n > 0 else { return toLoop() }
        // `StaleStride.exact` with the grid's part of it kept in `closedGrid` (with the spacing's
        // for entries half a period apart), through the dates and ticks the moves use: up to move
        // n (the entry the loop renders after the moves, rendered here when it repeats) and its
        // tick, before its date plus `step`. Past them the dates are only compared with the
        // bounds, as the loop compares them (`fits`: the same formula, so the same value, exact
        // or not), and the ticks too, where rounding, monotone, never takes one below a bound
        // its exact value is at or past: the timeline's last date, far after, need not be exact.
        guard
            StaleStride.exact(
                first: dates.first, tick: s, gridExponent: gridExponent, through: Self.boundMax(date(m &+ n &* c), s) + 2 * step)
        else { return (0, false) }
        // Move n, the entry the loop would render next, when it repeats the stretch too (`whole`,
        // above): its date was checked with move n - 1 (`fits(n - 1)`), its tick is checked here.
        let renderedNext = whole && c == 1 && s + Double(n &+ 1) * step < tickBound
        if renderedNext { n &+= 1 }

        // Move 0's terms, each alone (0 + x is x), added n times: what every move adds.
        var fresh = 0.0, integral = 0.0, age = -Double.infinity
        let stretch = AgeAccounting.add(
            from: from, to: dm, staleSince: s, freshSeconds: &fresh, ageIntegral: &integral, maxAge: &age)
        // The stretches stored first (as in `closedTimeline`: `stretch` not live across the
        // repeated additions' call out of line).
        if let stretch, runDetail.ageSegments { storeRepeated(stretch, count: n, step: step) }
        RepeatedSum.add(fresh, times: n, to: &day.freshSeconds)
        RepeatedSum.add(integral, times: n, to: &day.ageIntegral)
        if age > day.maxAge { day.maxAge = age }
        let lastMove = m &+ (n &- 1) &* c
        let dl = dm + Double(n &- 1) * step
        // The views before the last move's render, each with the stale start of the last entry
        // rendered by then (entries sharing a stale start move nothing).
        if viewNext < dl { tallyViewsInJump(ViewsInJump(moves: n, firstMove: dm, tick: s), step: step, before: dl) }
        let tick = s + Double(n) * step
        day.renders &+= lastMove &- k &+ 1
        lastRender = dl
        accountedUntil = dl
        staleStart = tick
        predictable.advance(ticks: (tick - s) / period, to: tick, after: dl, perEntry: step / period)
        if c == 1 { closedTaken.whole &+= 1 } else { closedTaken.halves &+= 1 }
        if renderedNext { closedTaken.renderedNext &+= 1 }
        return (lastMove &- k &+ 1, renderedNext)
    }

    /// `closedCycles`' -1 (entry `k` left to the render loop's turn), counted: one exit shared
    /// by its three (not inlined: rare, and out of the way of the cycles' registers).
    @inline(never)
    mutating func toLoop() -> (entries: Int, renderedNext: Bool) {
        cyclesToLoop &+= 1
        return (-1, false)
    }

    /// Stores `n` stretches of `stretch`'s shape, the first `stretch` and each of the others
    /// `step` after the one before (exact: a tick of the grid), as a jump stores them: one slot
    /// marked as standing for all `n` when only the fold into shapes and the day's quantile read
    /// them (`EnginePaths.jumpRuns`), else written through the store's end in the room made first
    /// (an append a stretch reloaded the store's fields each time).
    @inline(__always)
    mutating func storeRepeated(_ stretch: AgeSegment, count n: Int, step: Double) {
        // The store's count wraps instead of trapping (it counts stretches held in memory).
        if paths.jumpRuns && n > 1 {
            segments.reserveGrowing(segments.count &+ 1)
            segments.end.unsafelyUnwrapped[0] = stretch
            segments.markRun(slot: segments.count, count: n)
            segments.count &+= 1
        } else {
            segments.reserveGrowing(segments.count + n)
            let end = segments.end.unsafelyUnwrapped
            var start = stretch.start
            end[0] = stretch
            for i in 1..<n {
                start += step
                end[i] = AgeSegment(start: start, from: stretch.from, to: stretch.to)
            }
            segments.count += n
        }
    }

    /// `max(last, tick)` as the closed paths' `through` bound reads it (`StaleStride.exact`, after
    /// adding `2 * step`: its binade alone, a NaN refused): `tick > last ? tick : last`, one
    /// `maxsd`, rather than the branch-free select of Swift's NaN-correct `max` (`tick >= last ?
    /// tick : last`). Both give `last` when the two are unordered (a NaN); they differ only for
    /// zeros of opposite signs (`max` gives `tick`, this `last`), and a zero's sign changes no
    /// binade of the sum (round 13). `BoundMaxTests` checks the bound and `exact`'s answer against
    /// `max` kept verbatim.
    @inline(__always)
    static func boundMax(_ last: SimTime, _ tick: SimTime) -> SimTime { tick > last ? tick : last }
}
