// Timeline rendering and display accounting, entry by entry: when each entry renders, what the
// display shows from then on (its stale start), the entries counted in bulk instead of visited
// (`EnginePaths.bulkRenders`, `EnginePaths.freshRuns`), and the freshness and age sums
// (`account(until:)`, the one place a stale stretch is added). The render loop's fast paths are
// in WidgetSimulation+RenderRuns.swift. docs/design/engine.md.
extension WidgetSimulation {
    /// When entry `k` of the current timeline renders: its date plus the render delay, deferred by
    /// low power, never before the previous render.
    @inline(__always)
    func renderTime(of k: Int) -> SimTime {
        renderTime(of: k, date: timeline.date(ofEntry: k))
    }

    /// `renderTime(of: k)` when entry `k`'s date is known.
    @inline(__always)
    func renderTime(of k: Int, date: SimTime) -> SimTime {
        if paths.simpleRenderTimes { return max(date + constantRenderDelay, lastRender) }
        var at = date + system.renderDelay.value(unit: SeededGenerator.hashUnit(seed: inputs.delaySeed, serial, UInt64(k)))
        if !inputs.lowPower.isEmpty { at = inputs.lowPower.deferred(at) }
        return max(at, lastRender)
    }

    mutating func renderEntry(at t: SimTime) {
        countBulkRenders(through: t)
        inFreshRun = false
        let k = nextEntry
        let date = timeline.date(ofEntry: k)
        let newStaleStart = min(fetchStale, predictable.firstAfterCall(date))
        // Close the accounting stretch only when what the user sees changes staleness: a render that
        // shows the same content (as the entries counted in bulk do) must not split the sums, or the
        // metrics would differ in their last bits between event levels.
        if !hasContent || newStaleStart != staleStart {
            account(until: t)
            hasContent = true
            staleStart = newStaleStart
        }
        day.renders += 1
        lastRender = t
        record(t, .render, source: nil, detail: .entry(k + 1))
        nextEntry = k + 1
        if nextEntry == timeline.count {
            // The timeline's last entry (often its only one): nothing follows.
            if timelinePaths.bulkRenders {
                bulkCursor = nextEntry
                bulkEnd = nextEntry
            }
            nextRender = .infinity
        } else if timelinePaths.bulkRenders {
            bulkCursor = nextEntry
            bulkEnd = timeline.count
            nextRender = .infinity
        } else {
            let nextDate = timeline.date(ofEntry: nextEntry)
            scheduleNext(after: k, renderedAt: t, date: date, nextDate: nextDate, nextAt: renderTime(of: nextEntry, date: nextDate))
        }
    }

    /// When the entry after entry `k` (dated `date`, rendered at `t`) renders: at `nextAt`, the
    /// render time of entry `k + 1` (dated `nextDate`), unless a fresh run or entries sharing entry
    /// `k`'s stale start are counted in bulk, or the render spacing holds it back.
    @inline(__always)
    mutating func scheduleNext(after k: Int, renderedAt t: SimTime, date: SimTime, nextDate: SimTime, nextAt: SimTime) {
        // A fresh run, or entries sharing this one's stale start, need the next entry to render
        // by that stale start (the first thing `FreshRun.following` checks): most often it does
        // not, and the attempt is skipped.
        if timelinePaths.freshRuns && nextAt <= staleStart {
            // (Entry indices wrap instead of trapping: a timeline holds far fewer than `Int.max`.)
            if k &+ 1 < timeline.count &- 1 && sharesOnly(k &+ 1, date: nextDate, renderedAt: nextAt) {
                countInBulk(.sharing(last: k &+ 1))
                return
            }
            if let following = FreshRun.following(
                of: timeline, after: k, staleStart: staleStart, delay: constantRenderDelay, floor: t,
                fetchStale: fetchStale, changes: &predictable)
            {
                countInBulk(following)
                return
            }
        }
        nextRender = nextAt
        if nextDate - date < system.minRenderSpacing { spaceNextRender(after: t) }
    }

    /// Counts the entries of `following` in bulk when their time comes, from `nextEntry`.
    mutating func countInBulk(_ following: FreshRun.Following) {
        bulkCursor = nextEntry
        alignedRun.perTick = 0
        switch following {
        case let .freshRun(last, runStaleStart):
            staleStart = runStaleStart
            inFreshRun = true
            nextEntry = last + 1
        case let .sharing(last):
            // The stale start stays, and no stretch is closed: as when each renders in turn.
            nextEntry = last + 1
        }
        bulkEnd = nextEntry
        nextRender = nextEntry < timeline.count ? renderTime(of: nextEntry) : .infinity
    }

    /// The entry after the one rendered at `t` is dated less than `minRenderSpacing` after it: the
    /// next render comes no sooner than `minRenderSpacing` after `t`, and shows the latest entry due
    /// by then (the ones it overtook are never rendered).
    mutating func spaceNextRender(after t: SimTime) {
        let floor = t + system.minRenderSpacing
        while nextEntry + 1 < timeline.count && renderTime(of: nextEntry + 1) <= floor { nextEntry += 1 }
        nextRender = max(renderTime(of: nextEntry), floor)
    }

    /// A delivery cuts a fresh run short: from `t` the display shows the run's last entry rendered by
    /// then (fresh until `t`), which goes stale at its own stale start, not the run's.
    ///
    /// For an aligned timeline's run (`alignedFreshRun`, ``alignedRun`` kept: entry 1 on tick
    /// `tick`, `n` entries to a period), entry `j ≥ 1` goes stale at tick `tick + (j - 1) / n + 1`
    /// (`ChangeCursor.alignedRun`), inside the exact stretch that run checked: the cursor's
    /// answer, without its division (`ChangeCursor.answer(tick:after:)`).
    mutating func endFreshRun(at t: SimTime) {
        account(until: t)
        let j = bulkCursor - 1
        let date = timeline.date(ofEntry: j)
        if alignedRun.perTick > 0 && j > 0,
            let tick = predictable.answer(tick: alignedRun.tick + Double((j &- 1) / alignedRun.perTick &+ 1), after: date)
        {
            staleStart = min(fetchStale, tick)
        } else {
            staleStart = min(fetchStale, predictable.firstAfterBehind(date))
        }
        inFreshRun = false
    }

    /// Counts the entries counted in bulk that rendered at or before `limit` (or strictly before it
    /// when `inclusive` is false), without visiting them one event at a time.
    @inline(__always)
    mutating func countBulkRenders(through limit: SimTime, inclusive: Bool = true) {
        guard bulkCursor < bulkEnd else { return }
        if paths.simpleRenderTimes {
            // Render times are max(date + c, lastRender): non-decreasing, so binary search, after
            // checking the last one (most often every entry left is due: no search at all).
            var lo = bulkCursor, hi = bulkEnd - 1
            let lastAt = renderTimeInBulk(of: hi)
            if inclusive ? lastAt <= limit : lastAt < limit { lo = bulkEnd }
            while lo < hi {
                let mid = (lo + hi) / 2
                let at = renderTimeInBulk(of: mid)
                if inclusive ? at <= limit : at < limit { lo = mid + 1 } else { hi = mid }
            }
            day.renders += lo - bulkCursor
            if lo > bulkCursor { lastRender = renderTimeInBulk(of: lo - 1) }
            bulkCursor = lo
        } else {
            while bulkCursor < bulkEnd {
                let at = renderTime(of: bulkCursor)
                guard inclusive ? at <= limit : at < limit else { break }
                lastRender = at
                day.renders += 1
                bulkCursor += 1
            }
        }
    }

    /// When entry `k` of those counted in bulk renders where the render times are simple
    /// (`paths.simpleRenderTimes`): `max(date + constantRenderDelay, lastRender)`, the comparison
    /// `countBulkRenders`' binary search and `countBulkRendersAtDelivery`'s guess both make.
    @inline(__always)
    func renderTimeInBulk(of k: Int) -> SimTime {
        max(timeline.date(ofEntry: k) + constantRenderDelay, lastRender)
    }

    /// The render loop's render at `t` of an entry whose content goes stale at `after` (the change
    /// cursor's answer for its date; the views before `t` already counted): the time until `t`
    /// accounted and the stale start moved when it moves, the render counted. Returns whether the
    /// stale start moved (the loop's `steady`). One turn of `renderRun`, wherever it renders.
    @inline(__always)
    mutating func renderInLoop(at t: SimTime, staleAfter after: SimTime) -> Bool {
        let newStaleStart = min(fetchStale, after)
        let moved = newStaleStart != staleStart
        if moved {
            account(until: t)
            staleStart = newStaleStart
        }
        day.renders &+= 1
        lastRender = t
        return moved
    }

    /// Adds the display's freshness and age from the last accounting point to `t`.
    @inline(__always)
    mutating func account(until t: SimTime) {
        let from = accountedUntil
        guard t > from else { return }
        let stretch = AgeAccounting.add(
            from: from, to: t, staleSince: hasContent ? staleStart : 0, freshSeconds: &day.freshSeconds,
            ageIntegral: &day.ageIntegral, maxAge: &day.maxAge)
        if let stretch, runDetail.ageSegments { segments.append(stretch) }
        accountedUntil = t
    }
}
