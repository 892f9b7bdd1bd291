// Views: when the user looks at the widget (fresh or stale, and how old), counted in a tight loop
// when they are not logged and bring no location reload (`EnginePaths.viewsInLoops`), else one
// event each; and the `unseen_after` hold they release.
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
    /// start there is, in one loop: `countViews`' and ``tallyViews(before:)``'s.
    @inline(never)
    mutating func tallyDueViews(before t: SimTime) {
        let s = hasContent ? staleStart : 0
        var tally = ViewTally(day, lastViewAt: lastViewAt)
        tally.add(viewNext, staleStart: s)
        viewNext = views.next(visitingBefore: t) { tally.add($0, staleStart: s) } ?? .infinity
        tally.store(into: &day, lastViewAt: &lastViewAt)
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
