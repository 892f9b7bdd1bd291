// The render loop's fast paths (`EnginePaths.renderRuns`, `EnginePaths.strideRuns`): the renders
// due before the next other event run in one loop, and evenly spaced entries on an `every` grid in
// strides (`StaleStride`), with the same additions in the same order as `renderEntry(at:)` one
// render at a time. docs/design/engine.md.
extension WidgetSimulation {
    /// The renders due at or before `limit` and before `dayEnd`, one after the other (no other
    /// event comes in between but views, counted on the way with `inlineViews`, strictly before
    /// each render as the event loop orders them): the common ones in one loop, the rest by
    /// `renderEntry`.
    ///
    /// The loop is `renderEntry` for a render with nothing counted in bulk, content already shown,
    /// and a timeline that may hold fresh runs, or the evenly spaced entries after those closer
    /// than the render spacing (``closeLoopStart``): the same stale starts asked in the same order
    /// and the same stretches accounted (so the same sums, to the bit), without the checks those
    /// cases need and with each date computed once. It renders the timeline's last entry too (nothing follows it). It leaves as
    /// soon as the next entry renders by the stale start in a timeline that may hold fresh runs (a
    /// fresh run or shared stale start to look for); an entry that alone shares the stale start
    /// (`sharesOnly`) is rendered in the loop, which changes no sum, as counting it in bulk would
    /// not, and so is any entry rendering by the stale start where fresh runs are not looked for.
    mutating func renderRun(through limit: SimTime, before dayEnd: SimTime) {
        runs: while nextRender <= limit && nextRender < dayEnd {
            if paths.inlineViews { tallyViews(before: nextRender) }
            guard
                bulkCursor >= bulkEnd && hasContent
                    && (timelinePaths.freshRuns || closeLoopStart.serial == serial && nextEntry >= closeLoopStart.entry)
            else {
                if paths.freshRuns && !timelinePaths.freshRuns && closeLoopStart.serial != serial {
                    // A timeline with entries closer than the render spacing: where the loop may take
                    // it from, found once.
                    closeLoopStart = (serial, EnginePaths.loopStart(of: timeline, minSpacing: system.minRenderSpacing))
                    if closeLoopStart.entry < .max { loopStartTimelines += 1 }
                    continue
                }
                // Entries closer than the render spacing: a stride over those rendered.
                if timelinePaths.spacedStrides && spacedRun(through: limit, before: dayEnd) { continue }
                renderEntry(at: nextRender)
                continue
            }
            inFreshRun = false
            var k = nextEntry, t = nextRender
            var date = timeline.date(ofEntry: k)
            // Entry indices and the day's render count wrap instead of trapping (no check at each
            // turn: a timeline holds, and a day renders, far fewer than `Int.max`).
            let last = timeline.count &- 1
            // The entry before `k` rendered in this loop, went stale at a tick of its own, and is
            // accounted until it rendered.
            var steady = false
            // A timeline's first entry, rendering as dated, with entry 1 one spacing after it: the
            // entries that repeat one stretch after it, at once (the other conditions asked there);
            // else, entry 1 on entry 0's stale start (aligned), entries 0 and 1 at once, the loop
            // going on with entry 2.
            if k == 0 && paths.closedTimelines && t == date, let dates = timeline.evenDates(from: 1), dates.offset == 1 {
                if dates.first - dates.spacing == t {
                    // (Not when entry 1 renders after `limit` or at the day's end: no entry after
                    // entry 0 would be rendered, and the loop renders entry 0 and leaves.)
                    // (Nor when the grid's facts kept for this spacing already say the entries are
                    // no whole number of periods apart: `closedTimeline` would fall back at them.)
                    if dates.first <= limit && dates.first < dayEnd
                        && (closedGrid.exactCycle == 1 || !closedGrid.holds(spacing: dates.spacing, period: predictable.gridPeriod))
                    {
                        switch closedTimeline(at: t, dates: dates, last: last, through: limit, before: dayEnd) {
                        case .fallBack: break
                        case .left: continue runs
                        case let .goOn(next, nextDate, nextAt):
                            k = next
                            date = nextDate
                            t = nextAt
                            steady = true
                        }
                    }
                } else if let (moved, d2) = alignedStart(at: t, last: last, through: limit, before: dayEnd) {
                    k = 2
                    date = d2
                    t = d2
                    steady = moved
                } else if alignedStartFallBack(at: t, dates: dates, last: last, through: limit, before: dayEnd) {
                    continue runs
                }
            }
            while true {
                // Cycles that repeat one stretch at once (`closedCycles`), else a stride. Neither
                // renders anything when the loop would leave after entry k (the next entry is the
                // last, or renders after `limit` or the day's end: the stride asks it of each
                // entry), and neither is called then.
                // The cycles may render the entry after their moves too (`renderedNext`, entries
                // whole periods apart): then this turn's render is theirs, and it changed the stale start.
                var renderedNext = false
                // (Evenly spaced entries with no render delay go in strides, `paths.strideRuns`: read
                // where it is asked, not kept in a register or the frame across the turns.)
                if steady && paths.strideRuns && k &+ 1 < last, let dates = timeline.evenDates(from: k),
                    case let following = dates.first + Double(k &+ 1 &- dates.offset) * dates.spacing,
                    following <= limit && following < dayEnd
                {
                    var n = 0
                    if paths.closedTimelines {
                        (n, renderedNext) = closedCycles(from: k, dates: dates, last: last, through: limit, before: dayEnd, whole: true)
                    }
                    // (-1 from the cycles: entry k is this turn's, with no stride, the cycles asked
                    // again at the next entry.)
                    if n == 0 { n = strideRun(from: k, at: t, dates: dates, last: last, through: limit, before: dayEnd) }
                    if renderedNext {
                        // Entries k … k + n - 1 rendered, the last at its date (`lastRender`).
                        k &+= n &- 1
                        date = lastRender
                        t = date
                    } else if n > 0 {
                        k &+= n
                        date = timeline.date(ofEntry: k)
                        t = date
                    }
                }
                if !renderedNext {
                    if paths.inlineViews && viewNext < t { tallyViews(before: t) }
                    steady = renderInLoop(at: t, staleAfter: predictable.firstAfterInLoop(date))
                }
                k &+= 1
                if k > last {
                    // The timeline's last entry: nothing follows (`renderEntry`'s turn after it).
                    nextEntry = k
                    nextRender = .infinity
                    break
                }
                var nextDate = timeline.date(ofEntry: k)
                var nextAt = max(nextDate + constantRenderDelay, t)
                var leaves = nextAt > limit || nextAt >= dayEnd
                if !leaves && nextAt <= staleStart {
                    if k == last {
                        // The last entry, by the stale start: the search may count it in bulk.
                        leaves = timelinePaths.freshRuns
                    } else if !sharesOnly(k, date: nextDate, renderedAt: nextAt) {
                        if !timelinePaths.freshRuns {
                            // No search (entries closer than the render spacing, `closeLoopStart`):
                            // rendered in the loop, as when it comes back for it, with no stride or
                            // cycles before it.
                            steady = false
                        } else if paths.strideRuns, let (tick, following) = startsNoRun(k, date: nextDate, renderedAt: nextAt) {
                            // Rendered here, as when the loop comes back for it after the search
                            // found nothing: its turn with no stride or cycles before it, the
                            // cursor's answer and the next entry's date those `startsNoRun` read.
                            staleStartRenders &+= 1
                            date = nextDate
                            t = nextAt
                            if paths.inlineViews && viewNext < t { tallyViews(before: t) }
                            predictable.stepAfter(answer: date, next: tick)
                            steady = renderInLoop(at: t, staleAfter: tick)
                            // Entry k + 1 (k is not the last) renders after the new stale start
                            // (`following` is after it): the loop renders it unless it leaves.
                            k &+= 1
                            nextDate = following
                            nextAt = max(nextDate + constantRenderDelay, t)
                            leaves = nextAt > limit || nextAt >= dayEnd || nextAt <= staleStart
                        } else {
                            leaves = true
                        }
                    }
                }
                if leaves {
                    // Back to the general case: `renderEntry`'s turn after rendering entry k - 1.
                    nextEntry = k
                    scheduleNext(after: k &- 1, renderedAt: t, date: date, nextDate: nextDate, nextAt: nextAt)
                    break
                }
                date = nextDate
                t = nextAt
            }
        }
    }

    /// Renders entries `k`, `k + 1`, … from entry `k` rendering at `t`, as the render loop would:
    /// in cycles that repeat one stretch, at once (`closedCycles`, when ``EnginePaths/closedTimelines``),
    /// else in a stride (`strideRun`, also where the cycles leave entry `k` to the loop's turn,
    /// -1). Returns how many (0 when neither renders entry `k`). The choice of `spacedRun` (over
    /// its timeline of every `m`-th entry); `renderRun` makes it with the cycles rendering the
    /// entry after their moves too (`closedCycles`' `whole`), and renders entry `k` in its own
    /// turn, with no stride, where they return -1.
    @inline(__always)
    mutating func cyclesOrStride(
        from k: Int, at t: SimTime, dates: (first: SimTime, spacing: Double, offset: Int), last: Int,
        through limit: SimTime, before dayEnd: SimTime
    ) -> Int {
        let n = paths.closedTimelines ? closedCycles(from: k, dates: dates, last: last, through: limit, before: dayEnd).entries : 0
        return n > 0 ? n : strideRun(from: k, at: t, dates: dates, last: last, through: limit, before: dayEnd)
    }

    /// Renders entries `k`, `k + 1`, … as the render loop would, in a loop of its own
    /// (``StaleStride``), while they are evenly spaced on an `every` grid, a whole number of periods
    /// apart or closer than a period, and render as dated (no render delay): returns how many (0
    /// when entry `k` does not).
    ///
    /// The first tick after an entry's date is the display's stale start when the date is before
    /// it, else the tick `step` after it when the date is before that one and at or after the tick
    /// before it, all in the exact stretch (`ChangeCursor.strideEnd`): comparisons instead of
    /// asking the cursor. The stretches are accounted as `account(until:)` accounts them
    /// (`AgeAccounting`), in the same order. It stops at an entry whose tick is not that, or not
    /// before the first unpredictable change, or after which the render loop would leave (the next
    /// entry is the last, after `limit` or `dayEnd`, or renders by the new stale start without
    /// sharing it alone); the views before each render are counted first, as the loop counts them.
    @inline(never)
    mutating func strideRun(
        from k: Int, at t: SimTime, dates: (first: SimTime, spacing: Double, offset: Int), last: Int,
        through limit: SimTime, before dayEnd: SimTime
    ) -> Int {
        // The stale start is the first tick after the last entry rendered (set by the loop's last
        // turn, before the first unpredictable change).
        guard staleStart < fetchStale, let grid = predictable.strideEnd(from: staleStart, spacing: dates.spacing) else {
            return 0
        }
        let keepSegments = runDetail.ageSegments
        let firstTick = staleStart
        var state = StaleStride(
            entry: k, date: t, tick: staleStart, rendered: lastRender, accountedUntil: accountedUntil,
            freshSeconds: day.freshSeconds, ageIntegral: day.ageIntegral, maxAge: day.maxAge)
        var bounds = StaleStride.Bounds(
            first: dates.first, dateSpacing: dates.spacing, offset: dates.offset, last: last, step: grid.step,
            gap: grid.step - grid.period, tickBound: min(grid.lastTick + grid.period, fetchStale),
            renderBound: min(limit.nextUp, dayEnd), viewNext: paths.inlineViews ? viewNext : .infinity)
        // Cycles of one entry (entries whole periods apart) or two (half a period apart).
        let cycle = grid.step == dates.spacing ? 1 : grid.step == 2 * dates.spacing ? 2 : 0
        if paths.gridJumps && cycle > 0
            && StaleStride.exact(
                first: dates.first, dateSpacing: dates.spacing, tick: staleStart, step: grid.step, period: grid.period,
                through: max(bounds.date(last), staleStart) + 2 * grid.step)
        {
            bounds.cycle = cycle
            bounds.viewsInJumps = paths.viewsInJumps
            bounds.runs = paths.jumpRuns
        }
        while true {
            // The loop stores without checking, in the room there is.
            if keepSegments && segments.room == 0 { segments.reserveGrowing(segments.count + 1) }
            let room = keepSegments ? segments.room : .max
            let (advanced, viewDue) = StaleStride.advance(state, bounds, segments: keepSegments ? segments.end : nil, room: room)
            if advanced.runCount > 0 { segments.markRun(slot: segments.count + advanced.runSlot, count: advanced.runCount) }
            segments.count += advanced.stored
            let full = advanced.stored == room
            state = advanced
            state.stored = 0
            state.runCount = 0
            if viewDue {
                if state.lastJump.moves > 0 {
                    tallyViewsInJump(state.lastJump, step: grid.step, before: state.date)
                    state.lastJump.moves = 0
                } else {
                    staleStart = state.tick  // What the views see.
                    tallyViews(before: state.date)
                }
                bounds.viewNext = viewNext
                continue
            }
            if full { continue }
            break
        }
        let n = state.entry - k
        guard n > 0 else { return 0 }
        day.freshSeconds = state.freshSeconds
        day.ageIntegral = state.ageIntegral
        day.maxAge = state.maxAge
        day.renders += n
        lastRender = state.rendered
        accountedUntil = state.accountedUntil
        staleStart = state.tick
        predictable.advance(
            ticks: (state.tick - firstTick) / grid.period, to: state.tick, after: lastRender,
            perEntry: grid.step / grid.period)
        return n
    }

    /// Whether entry `j` (dated `date`, rendering at `at`, by the stale start), not the last,
    /// rendering with no render delay, is dated on the stale start and renders then, while the
    /// entry after it renders after its own stale start (a tick, `ChangeCursor.tickAfter`, or
    /// `fetchStale`): then `FreshRun.following` finds no fresh run (entry `j + 1` does not render
    /// by entry `j`'s stale start) and nothing sharing (entry `j` is not dated before the stale
    /// start), the render loop schedules entry `j` at `at` and, nothing else being due before it,
    /// comes back and renders it. The minute-aligned timelines' entry 1 (dated on the tick where
    /// entry 0 goes stale), answered without the search and without leaving the loop. (Entries of
    /// a timeline in the loop are never closer than the render spacing: `freshRuns` is off then.)
    /// (`j + 1` wraps instead of trapping, as the loop's entry indices: `j` is not the last entry.)
    /// Returns the tick after `date` (what the cursor answers for entry `j`, after `date`) and entry
    /// `j + 1`'s date, for the loop to render entry `j` with; `nil` when not so.
    @inline(__always)
    func startsNoRun(_ j: Int, date: SimTime, renderedAt at: SimTime) -> (tick: SimTime, following: SimTime)? {
        guard date == staleStart && at == date, let tick = predictable.tickAfter(answer: date), tick > date else { return nil }
        let following = timeline.date(ofEntry: j &+ 1)
        return following > min(fetchStale, tick) ? (tick, following) : nil
    }

    /// Whether entry `j` (dated `date`, rendering at `at`, by the stale start), not the last,
    /// shares the stale start of the entry before it while the entry after it renders later: then
    /// `FreshRun.following` finds no fresh run and only entry `j` sharing (by its definition, which
    /// `EntryStepCursorTests` checks it against), and rendering entry `j` changes no sum. The
    /// common case of entries half a period apart and off the grid, answered without the search.
    /// (Entry `j + 1` renders at `max(its date + delay, at)`, asked through `rendersAfter`.)
    @inline(__always)
    func sharesOnly(_ j: Int, date: SimTime, renderedAt at: SimTime) -> Bool {
        date < staleStart && Self.rendersAfter(timeline.date(ofEntry: j &+ 1) + constantRenderDelay, at, staleStart)
    }

    /// `max(due, at) > stale` to the bit for any doubles (NaN, ±0, infinities included), without
    /// the select `max` compiles to (Swift's `max` is `at >= due ? at : due`, NaN-correct: a
    /// branch-free compare and blend of five instructions before the comparison): when `due > stale`
    /// the larger of the two is after `stale` either way; else `max` is after `stale` exactly
    /// when `at` is and `max` picks `at` (`at >= due`, false when `due` is a NaN, which `max`
    /// returns and which is after nothing); ±0 compare equal, so which zero `max` picks is not
    /// read (round 13). `RendersAfterTests` checks it against `max` kept verbatim.
    @inline(__always)
    static func rendersAfter(_ due: SimTime, _ at: SimTime, _ stale: SimTime) -> Bool {
        due > stale || (at > stale && at >= due)
    }
}
