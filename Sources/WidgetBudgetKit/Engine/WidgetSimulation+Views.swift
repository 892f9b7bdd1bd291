// Views: when the user looks at the widget (fresh or stale, and how old), counted in a tight loop
// when they are not logged and bring no location reload (`EnginePaths.viewsInLoops`), else one
// event each; the views a jump or a closed form went past, each with the stale start it saw; and
// the `unseen_after` hold they release.
extension WidgetSimulation {
    /// When `system.unseen_after` holds a policy reload due at `t` (the widget was last seen that
    /// long ago, or never since it was added at 0): the next view, when the reload then runs.
    func unseenHold(at t: SimTime) -> SimTime? {
        guard system.unseenAfter.isFinite else { return nil }
        guard t - lastViewAt >= system.unseenAfter else { return nil }
        return viewNext > t ? viewNext : nil
    }

    /// The views from `viewNext` to `limit` (excluded), the next other event: nothing else happens
    /// in between, so when views are not logged and bring no location reload, they are counted in
    /// one tight loop (the same additions in the same order as view by view), else visited one by one.
    mutating func countViews(before limit: SimTime) {
        guard paths.viewsInLoops else {
            let t = viewNext
            viewNext = views.next() ?? .infinity
            view(at: t)
            return
        }
        tallyDueViews(before: limit)
    }

    /// The views before `t` (a render, the next event), counted as `countViews` counts them: a
    /// test inlined where no view is due, the loop out of line.
    @inline(__always)
    mutating func tallyViews(before t: SimTime) {
        if viewNext < t { tallyDueViews(before: t) }
    }

    /// The views from `viewNext` (counted whatever `t`) to `t` (excluded), each seeing the stale
    /// start there is, in one loop: `countViews`' and ``tallyViews(before:)``'s. Views listed in
    /// advance are counted here, in a loop that calls nothing; views drawn as they come (their
    /// draws are calls) in ``tallyDrawnDueViews(before:)``, as ``tallyViewsInJump(_:step:before:)``
    /// splits them.
    @inline(never)
    mutating func tallyDueViews(before t: SimTime) {
        guard views.readsListInPlace else { return tallyDrawnDueViews(before: t) }
        countDueViews(before: t)
    }

    /// ``tallyDueViews(before:)`` for views drawn as they come or from a filtered list.
    @inline(never)
    mutating func tallyDrawnDueViews(before t: SimTime) {
        countDueViews(before: t)
    }

    /// The loop of ``tallyDueViews(before:)``.
    @inline(__always)
    private mutating func countDueViews(before t: SimTime) {
        let s = hasContent ? staleStart : 0
        var tally = ViewTally(day, lastViewAt: lastViewAt)
        tally.add(viewNext, staleStart: s)
        viewNext = views.next(visitingBefore: t) { tally.add($0, staleStart: s) } ?? .infinity
        tally.store(into: &day, lastViewAt: &lastViewAt)
    }

    /// The views before `end` after a jump (or a closed form) went past the renders of `jump`,
    /// entries `step` apart: each sees the stale start of the last entry rendered by then
    /// (``ViewsInJump/StaleStarts``), in one loop as `tallyDueViews` counts them; the display's
    /// stale start is left at the last one's. A call of its own: inside `strideRun` each view
    /// reloaded the stride's spilled registers. Views listed in advance (the optimizer's) are
    /// counted here, in a loop that calls nothing but the rare search of a stale start, which keeps
    /// the running sums in registers; views drawn as they come (their draws are calls) and a
    /// display without content in ``tallyDrawnViewsInJump(_:step:before:)``.
    @inline(never)
    mutating func tallyViewsInJump(_ jump: ViewsInJump, step: Double, before end: SimTime) {
        guard viewNext < end else { return }
        guard hasContent && views.readsListInPlace else { return tallyDrawnViewsInJump(jump, step: step, before: end) }
        countViewsInJump(jump, step: step, before: end)
    }

    /// ``tallyViewsInJump(_:step:before:)`` for views drawn as they come or from a filtered list,
    /// and for a display without content (every view stale since 0), counted by `tallyDueViews`
    /// as it counts such views (the engine's jumps and closed forms do not reach it: `renderRun`
    /// takes them only for a display with content).
    @inline(never)
    mutating func tallyDrawnViewsInJump(_ jump: ViewsInJump, step: Double, before end: SimTime) {
        guard hasContent else {
            let counted = day.views
            tallyDueViews(before: end)
            viewsInJumpsTaken &+= day.views &- counted
            var starts = ViewsInJump.StaleStarts(jump, step: step)
            staleStart = starts.at(lastViewAt)
            return
        }
        countViewsInJump(jump, step: step, before: end)
    }

    /// The loop of ``tallyViewsInJump(_:step:before:)``: `viewNext` visited with the others
    /// (``EventStream/next(visiting:before:_:)``), one copy of the stale start's question.
    @inline(__always)
    private mutating func countViewsInJump(_ jump: ViewsInJump, step: Double, before end: SimTime) {
        var starts = ViewsInJump.StaleStarts(jump, step: step)
        var tally = ViewTally(day, lastViewAt: lastViewAt)
        viewNext = views.next(visiting: viewNext, before: end) { tally.add($0, staleStart: starts.at($0)) } ?? .infinity
        viewsInJumpsTaken &+= tally.views &- day.views
        tally.store(into: &day, lastViewAt: &lastViewAt)
        staleStart = starts.at(tally.last)
    }

    /// Adds a view at `t` to the day's counts: fresh, or stale and how old; returns the age of what
    /// it saw when stale (`nil`: fresh).
    @inline(__always)
    @discardableResult
    mutating func tallyView(at t: SimTime) -> SimTime? {
        day.views += 1
        lastViewAt = t
        let s = hasContent ? staleStart : 0
        if t < s {
            day.freshViews += 1
            return nil
        }
        day.viewAgeTotal += t - s
        return t - s
    }

    /// A view visited on its own: judged first, then the free reload a significant location change
    /// since the last view brings (applied at this view, so the view saw what was there before it).
    mutating func view(at t: SimTime) {
        if let age = tallyView(at: t) {
            record(t, .view, source: nil, detail: .stale(age))
        } else {
            record(t, .view, source: nil, detail: .fresh)
        }
        if locationCursor < inputs.locationChanges.count && inputs.locationChanges.times[locationCursor] <= t {
            while locationCursor < inputs.locationChanges.count && inputs.locationChanges.times[locationCursor] <= t { locationCursor += 1 }
            request(.system, at: t)
        }
    }
}
