// An aligned timeline's first two renders where the render loop meets its entry 0
// (`EnginePaths.closedTimelines`, issue #26 `alignedstart`): entry 0, then entry 1 dated on entry
// 0's stale start (what `startsNoRun` finds), with the loop's general tests left out where this
// shape answers them. docs/design/engine.md, "Which path runs".
extension WidgetSimulation {
    /// Renders entries 0 and 1 of the timeline just delivered, as the render loop's first turns
    /// would, when entry 0 renders at `t`, its date, and entry 1 is dated on entry 0's stale start,
    /// renders then and starts no fresh run (`startsNoRun`: entry 2 dated after entry 1's stale
    /// start), and entry 2 renders in this run (at or before `limit`, before `dayEnd`): a timeline
    /// aligned to the clock (entry 0 at the reload, entry 1 on the next tick). The same steps as
    /// the loop, in the same order: entry 0's turn (the cursor's answer, `renderInLoop`), entry 1
    /// rendered where `startsNoRun` finds it (the views before it, the cursor's step, its
    /// render); the loop then goes on with entry 2 at its date, its `steady` whether entry 1
    /// moved the stale start (returned, with entry 2's date). What the shape says answers the
    /// loop's other tests: entry 1 is not the last (`last > 1`), not sharing (dated on the stale
    /// start, not before it), and entry 2 renders after entry 1's stale start (the loop leaves
    /// before it only after `limit` or at the day's end, checked first).
    ///
    /// `nil` (nothing changed but the change cursor's position, which answers the same, in one
    /// step, when the loop asks again) when a condition fails. Inlined into `renderRun`, its one
    /// caller, by the mandatory inliner (`@_transparent`: `@inline(__always)` left it a call
    /// there, whose set-up cost more than the loop's tests it leaves out).
    @_transparent
    mutating func alignedStart(
        at t: SimTime, last: Int, through limit: SimTime, before dayEnd: SimTime
    ) -> (steady: Bool, d2: SimTime)? {
        guard timelinePaths.freshRuns && last > 1 else { return nil }
        let d1 = timeline.date(ofEntry: 1)
        let d2 = timeline.date(ofEntry: 2)
        // Entries 1 and 2 render as dated (no render delay: `closedTimelines`), after `t`, in this
        // run; entry 2 after the tick a period after entry 1 (what `tickAfter` answers below, to
        // the bit: the same addition), or after `fetchStale` (asked first: entries on consecutive
        // ticks, a fresh run, fail it without asking the cursor).
        let period = predictable.gridPeriod
        let tick = d1 + period
        guard period > 0 && d1 > t && d2 > min(fetchStale, tick) && d2 <= limit && d2 < dayEnd else { return nil }
        // Entry 0's stale start is `min(fetchStale, after)` (`renderInLoop`, whether it moves or
        // not); entry 1 is dated on it and `startsNoRun` holds for it. (Asked before entry 0
        // renders: its render touches neither the cursor nor the dates.)
        let after = predictable.firstAfterInLoop(t)
        guard d1 == min(fetchStale, after), predictable.tickAfter(answer: d1) != nil, tick > d1 else { return nil }
        // Entry 0, as the loop's turn renders it (the views before it: counted at the loop's top).
        if viewNext < t { tallyViews(before: t) }
        _ = renderInLoop(at: t, staleAfter: after)
        // Entry 1, as the loop renders it where `startsNoRun` finds it.
        staleStartRenders &+= 1
        alignedStarts &+= 1
        if viewNext < d1 { tallyViews(before: d1) }
        predictable.stepAfter(answer: d1, next: tick)
        return (renderInLoop(at: d1, staleAfter: tick), d2)
    }
}

extension WidgetSimulation {
    /// Where `alignedStart` falls back (`renderRun`, at entry 0 of a timeline just delivered,
    /// rendering at `t`, its date, entries from 1 on evenly spaced as `dates`): the two other
    /// common shapes of an aligned timeline's start, in closed form. Entries from 1 on a whole
    /// fraction of the grid's period apart (`ClosedGrid.perTick`) are a fresh run
    /// (`alignedFreshRun`); entries further apart are entries 0 and 1, then the loop leaves at
    /// entry 2, after `limit` or at the day's end (`alignedStartLeaving`). Returns whether one of
    /// them rendered; `false`, with nothing changed but the change cursor's position (which
    /// answers the same) and `closedGrid`, when a condition fails: the loop renders entry 0 as
    /// before.
    @inline(never)
    mutating func alignedStartFallBack(
        at t: SimTime, dates: (first: SimTime, spacing: Double, offset: Int), last: Int, through limit: SimTime,
        before dayEnd: SimTime
    ) -> Bool {
        guard timelinePaths.freshRuns else { return false }
        let period = predictable.gridPeriod
        if !closedGrid.holds(spacing: dates.spacing, period: period) {
            closedGrid = ClosedGrid(spacing: dates.spacing, period: period)
        }
        let n = closedGrid.perTick
        if n > 0 { return alignedFreshRun(at: t, dates: dates, perTick: n) }
        return alignedStartLeaving(at: t, last: last, through: limit, before: dayEnd)
    }

    /// Renders entry 0 of the timeline just delivered (at `t`, its date) and counts entries
    /// `1 … last - 1` in bulk as the fresh run they are, when entry 1 is dated on entry 0's stale
    /// start and the entries from 1 on are `n` to the grid's period (`FreshRun.alignedRun`: a
    /// timeline aligned to the clock, entries a minute or 30 s apart against a minute clock). The
    /// render loop's turns for it, in closed form: entry 0's turn (the cursor's answer,
    /// `renderInLoop`); then entry 1, dated on the stale start, not sharing it and starting no
    /// run of its own (`startsNoRun`: entry 2 is dated by the tick after it), leaves the loop
    /// whatever the bounds, and the search after entry 0 (`scheduleNext`, its `sharesOnly` false)
    /// finds that fresh run, counted in bulk from entry 1 (`countInBulk`'s stores, written out).
    /// Returns whether it did (`false`: the cursor moved, nothing else).
    @inline(__always)
    mutating func alignedFreshRun(at t: SimTime, dates: (first: SimTime, spacing: Double, offset: Int), perTick n: Int) -> Bool {
        // Entry 0's stale start is `min(fetchStale, after)`: `after` itself, entry 1's date, which
        // `alignedRun` checks is before `fetchStale`.
        let after = predictable.firstAfterInLoop(t)
        let tick = predictable.tickIndex
        guard after == dates.first,
            case let .freshRun(last, runStaleStart) = FreshRun.alignedRun(
                of: timeline, staleStart: after, perTick: n, fetchStale: fetchStale, changes: &predictable)
        else { return false }
        // Entry 0, as the loop's turn renders it (the views before it: counted at the loop's top).
        if paths.inlineViews && viewNext < t { tallyViews(before: t) }
        _ = renderInLoop(at: t, staleAfter: after)
        alignedFreshRuns &+= 1
        // The run counted in bulk from entry 1, as `countInBulk` counts it (the entry after it
        // is the timeline's last).
        bulkCursor = 1
        alignedRun = (tick, n)
        staleStart = runStaleStart
        inFreshRun = true
        nextEntry = last &+ 1
        bulkEnd = nextEntry
        nextRender = renderTime(of: nextEntry)
        return true
    }

    /// Renders entries 0 and 1 of the timeline just delivered as `alignedStart` does (entry 0 at
    /// `t`, its date; entry 1 on its stale start, where `startsNoRun` finds it: entry 2 dated
    /// after `min(fetchStale, d1 + period)`), when entry 1 renders in this run (at or before
    /// `limit`, before `dayEnd`) and entry 2 does not (after `limit`, or at or after `dayEnd`:
    /// entries a reload's interval or more apart), then leaves as the loop leaves before entry 2
    /// (`scheduleNext` after entry 1, entry 2 rendering at its date). The loop's turns for
    /// entries 0 and 1 and its leaving, in one step; `alignedStart` asks the same with entry 2
    /// rendering in this run. Returns whether it did (`false`: the cursor moved, nothing else).
    /// Inlined by the mandatory inliner (`@_transparent`: `@inline(__always)` left it a call).
    @_transparent
    mutating func alignedStartLeaving(at t: SimTime, last: Int, through limit: SimTime, before dayEnd: SimTime) -> Bool {
        guard last > 1 else { return false }
        let d1 = timeline.date(ofEntry: 1)
        let d2 = timeline.date(ofEntry: 2)
        let period = predictable.gridPeriod
        let tick = d1 + period
        guard period > 0 && d1 > t && d1 <= limit && d1 < dayEnd && d2 > min(fetchStale, tick) && (d2 > limit || d2 >= dayEnd)
        else { return false }
        let after = predictable.firstAfterInLoop(t)
        guard d1 == min(fetchStale, after), predictable.tickAfter(answer: d1) != nil, tick > d1 else { return false }
        // Entry 0, as the loop's turn renders it; entry 1, as the loop renders it where
        // `startsNoRun` finds it.
        if paths.inlineViews && viewNext < t { tallyViews(before: t) }
        _ = renderInLoop(at: t, staleAfter: after)
        staleStartRenders &+= 1
        alignedStartsLeaving &+= 1
        if paths.inlineViews && viewNext < d1 { tallyViews(before: d1) }
        predictable.stepAfter(answer: d1, next: tick)
        _ = renderInLoop(at: d1, staleAfter: tick)
        // Entry 2 renders after `limit` or at the day's end (its date; no render delay): the
        // loop leaves before it, `renderEntry`'s turn after entry 1.
        nextEntry = 2
        scheduleNext(after: 1, renderedAt: d1, date: d1, nextDate: d2, nextAt: max(d2 + constantRenderDelay, d1))
        return true
    }
}
