// Timeline delivery: the timeline the provider built at a grant (sorted and checked for entries
// closer than the render spacing by `ReplayTimeline.sortForDelivery`) made the displayed one: the old timeline's entries not yet
// rendered dropped, the first entry due found, the policy reload scheduled, and the paths for the
// new timeline chosen (`EnginePaths.timeline(closeEntries:)`).
extension WidgetSimulation {
    /// Delivers the timeline built at `t`: `even`, or `building` when it is `nil`; `closeEntries`:
    /// two of its entries are closer than the render spacing; `plain`: the run has no
    /// unpredictable change, no low-power window and keeps no event (``EnginePaths/plainGrants``),
    /// so the first unpredictable change after `t` is `+infinity` (``fetchStale``'s first value,
    /// kept), no reload is deferred and nothing is recorded, without asking.
    ///
    /// Inlined into `tryGrant`, its one caller, by the mandatory inliner (`@_transparent`): the
    /// optimizer left it a call marked `@inline(__always)` or not, whose prologue saved six
    /// registers and whose arguments (the timeline as numbers among them) went through memory at
    /// every delivery (#26 engine-2 `deliver`: 45.8 M with the rare turns of `tryGrant` out of line).
    @_transparent
    mutating func deliver(
        at t: SimTime, even: EvenTimeline?, source: ReloadSource, charged: Bool, footprint: Double, closeEntries: Bool,
        plain: Bool
    ) {
        // Entries of the old timeline not yet rendered are dropped; count those already rendered.
        // `countBulkRenders` asks this first; inlined here it is a call (`tryGrant` is too big
        // for the optimizer to inline it), made only when there is something to count.
        // Both calls are rare (about one delivery in ten, one in twelve) and marked so
        // (`_slowPath`): the register allocator then saves the new timeline's numbers, live
        // across either call, around the call instead of at every delivery.
        if _slowPath(bulkCursor < bulkEnd) { countBulkRendersAtDelivery(through: t) }
        if _slowPath(inFreshRun) { endFreshRun(at: t) }
        if let even {
            timeline.replace(with: even)
        } else {
            // `building` keeps the old timeline's storage; the next reload empties it.
            timeline.take(from: &building)
        }
        // The paths change only when the new timeline's close entries differ from the last one's
        // (nearly never within a run: a fixed provider's timelines all answer alike), so they
        // are copied only then (`timelinePathsClose`). One branch, each copying its paths (with
        // the flag as an argument the three flags were each chosen by a conditional move from
        // two addresses: 16 instructions a delivery).
        let close: Int8 = closeEntries ? 1 : 0
        if _slowPath(close != timelinePathsClose) {
            timelinePathsClose = close
            if closeEntries {
                timelinePaths = paths.timeline(closeEntries: true)
            } else {
                timelinePaths = paths.timeline(closeEntries: false)
            }
        }
        // Deliveries are counted from 0: 2^64 of them never come, no overflow to check.
        serial &+= 1
        retryAt = .infinity
        failedRetries = 0
        let count = timeline.count
        if paths.renders {
            // Without unpredictable changes (`plain`) it is `+infinity` at every delivery, as it
            // was before the first: nothing else writes it, so it is left as it is.
            if !plain { fetchStale = inputs.unpredictable.firstAfter(t) }
            // WidgetKit shows the latest entry dated at or before now; earlier ones are skipped.
            var first = 0
            // A built-in provider's entry 1 is its evenly spaced entries' first, nearly always
            // after `t`: asked from the numbers. `spaced.first`, not `date(0)` (`first + 0 ×
            // spacing`, what `date(ofEntry: 1)` computes): a provider's spaced dates have a
            // finite spacing (`EvenTimeline.make` checks it), so the product is a zero and the
            // sum `first` (or +0 for -0, which compares the same): the same answer without the
            // multiplication and the addition at every delivery.
            var scan = true
            if let even { scan = even.spaced.count > 0 && even.spaced.first <= t }
            if scan {
                while first + 1 < count && timeline.date(ofEntry: first + 1) <= t { first += 1 }
            }
            nextEntry = first
            lastRender = t
            bulkCursor = count
            bulkEnd = count
            if count == 0 {
                nextRender = .infinity
            } else if paths.simpleRenderTimes {
                // `renderTime(of: first)`'s simple case, `max(date + constantRenderDelay,
                // lastRender)` with `lastRender` = `t` (that is `t >= at ? t : at`), as a branch
                // rarely taken (entry `first` nearly always renders after its delivery): the same
                // bits, without the select's six instructions at every delivery.
                let at = timeline.date(ofEntry: first) + constantRenderDelay
                nextRender = at
                if _slowPath(t >= at) { nextRender = t }
            } else {
                nextRender = renderTime(of: first)
            }
        }
        policyAwaitsView = false
        if let due = timeline.policyReloadDate {
            // `max(due, t)` (that is `t >= due ? t : due`) as a branch, rarely taken (a policy's
            // date is nearly always after its delivery): the same bits, NaN and ±0 included,
            // without the select's six instructions at every delivery.
            var from = due
            if _slowPath(t >= due) { from = t }
            var at = from + reloadDelays.draw()
            if !plain && !inputs.lowPower.isEmpty { at = inputs.lowPower.deferred(at) }
            policyAt = at
        } else {
            policyAt = .infinity
        }
        // Checked here too so that the detail is not computed when events are off.
        if !plain && recorder.level != .none {
            record(
                t, .deliver, source: source, charged: charged, entries: count, memory: footprint,
                detail: .nextReload(policyAt.isFinite ? policyAt : nil))
        }
    }

    /// `countBulkRenders(through: t)` at a delivery at `t`, with the first entry not yet rendered
    /// guessed from the spacing where the render times are simple and the entries left evenly
    /// spaced (the old timeline's, dropped: the binary search's 6 or 7 steps were 270 instructions
    /// a delivery that had entries to count).
    ///
    /// The render times `max(date + constantRenderDelay, lastRender)` do not decrease, so the
    /// search's answer is the one index whose entry before it (if any) renders by `t` and which
    /// itself does not (or is the end): the guess is checked that way, with the search's own
    /// comparisons, and the search runs when it misses. The same count, the same `lastRender`.
    @inline(never)
    mutating func countBulkRendersAtDelivery(through t: SimTime) {
        let cursor = bulkCursor, end = bulkEnd
        guard paths.simpleRenderTimes, let even = timeline.evenDates(from: cursor) else {
            countBulkRenders(through: t)
            return
        }
        // Entry `k` is dated `even.first + Double(k - even.offset) * even.spacing`; the evenly
        // spaced index of the last one dated by `t - constantRenderDelay`, roughly (the spacing is
        // positive and finite: `ReplayTimeline` keeps no other as three numbers).
        let position = (t - constantRenderDelay - even.first) / even.spacing
        let guess: Int
        if !(position >= Double(cursor - even.offset - 1)) {
            guess = cursor  // Before the cursor, or NaN.
        } else if position >= Double(end - even.offset - 1) {
            guess = end
        } else {
            guess = max(cursor, even.offset + Int(position) + 1)
        }
        let before = guess > cursor ? renderTimeInBulk(of: guess - 1) : -.infinity
        let dueAt = guess < end && renderTimeInBulk(of: guess) <= t
        guard before <= t && !dueAt else {
            countBulkRenders(through: t)
            return
        }
        day.renders += guess - cursor
        if guess > cursor { lastRender = before }
        bulkCursor = guess
    }
}
