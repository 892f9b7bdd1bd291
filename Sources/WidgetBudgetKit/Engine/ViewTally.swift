/// A day's view counts, kept in locals while one loop counts many views (`countViews`,
/// `tallyViews`, `tallyViewsInJump`) and stored once after it: the same additions in the same order
/// as `WidgetSimulation.tallyView(at:)` one view at a time (the age total, a sum of doubles, added
/// to in time order), without storing the day's counts at each view.
struct ViewTally {
    /// Views so far (the day's count).
    var views: Int
    /// Of those, the fresh ones.
    var freshViews: Int
    /// The sum of the ages the stale ones saw (seconds).
    var ageTotal: Double
    /// The last view's instant (the simulation's `lastViewAt`).
    var last: SimTime

    /// The counts of `day` so far, the last view at `lastViewAt`.
    @inline(__always)
    init(_ day: DayMetrics, lastViewAt: SimTime) {
        views = day.views
        freshViews = day.freshViews
        ageTotal = day.viewAgeTotal
        last = lastViewAt
    }

    /// Adds a view at `t` of a display that goes (or went) stale at `staleStart`: fresh before it,
    /// else `t - staleStart` old. The counts wrap instead of trapping (no check per view: a day
    /// holds far fewer than `Int.max` views).
    @inline(__always)
    mutating func add(_ t: SimTime, staleStart s: SimTime) {
        views &+= 1
        last = t
        if t < s {
            freshViews &+= 1
        } else {
            ageTotal += t - s
        }
    }

    /// Stores the counts back into `day` and the last view into `lastViewAt`.
    @inline(__always)
    func store(into day: inout DayMetrics, lastViewAt: inout SimTime) {
        day.views = views
        day.freshViews = freshViews
        day.viewAgeTotal = ageTotal
        lastViewAt = last
    }
}
