/// The inner loop of `WidgetSimulation.strideRun`: entries that each go stale at a tick of their
/// own, `spacing` (a whole number of periods of an `every` grid) after the one before, rendered
/// one after the other with their stale stretches accounted as `account(until:)` accounts them.
///
/// A value with the loop's state, advanced by a function of values only (no call, no access to
/// the simulation), so that its sums stay in registers; `WidgetSimulation` writes it back.
struct StaleStride {
    /// The next entry to render, and its date (its render time: no render delay).
    var entry: Int
    var date: SimTime
    /// The display's stale start: a tick of the grid's exact stretch.
    var tick: SimTime
    /// The end of the last accounted stretch.
    var accountedUntil: SimTime
    /// The day's sums, as in `DayMetrics`.
    var freshSeconds: Double
    var ageIntegral: Double
    var maxAge: Double
    /// Stale stretches written.
    var stored = 0

    /// What ends the loop, all fixed while it runs.
    struct Bounds {
        /// Entries are dated `first + Double(j - offset) * dateSpacing` (the timeline's formula).
        var first: SimTime, dateSpacing: Double, offset: Int
        /// The timeline's last entry: the loop leaves before rendering the one before it.
        var last: Int
        /// Ticks `spacing` apart; an entry's date must be at least `spacing - period` after the
        /// display's stale start (the tick before the next is at or before it).
        var spacing: Double, gap: Double
        /// New stale starts must come before this (the exact stretch's end, the first
        /// unpredictable change).
        var tickBound: SimTime
        /// The next entry must render before this (`limit`'s next double, `dayEnd`).
        var renderBound: SimTime
        /// The next view, counted before the render after it (`+infinity` when views are not
        /// counted in the loop).
        var viewNext: SimTime
    }

    /// Renders entries from `entry` on while each goes stale at `tick + spacing` and the one after
    /// it renders in the loop after that tick; stores the stretches at `segments[stored...]` when
    /// given, at most `room` of them. Returns true when it stopped at a view due before `date`.
    @inline(__always)
    static func advance(
        _ state: StaleStride, _ b: Bounds, segments: UnsafeMutablePointer<AgeSegment>?, room: Int
    ) -> (StaleStride, Bool) {
        var s = state
        var viewDue = false
        while true {
            let next = s.tick + b.spacing
            // The first tick after `date` is `next`, before the bound.
            guard s.date >= s.tick + b.gap, s.date < next, next < b.tickBound else { break }
            let following = b.first + Double(s.entry + 1 - b.offset) * b.dateSpacing
            // After this render the loop goes on: the next entry is not the last, renders in
            // time, and after the new stale start.
            guard s.entry + 1 < b.last, following < b.renderBound, following > next else { break }
            if b.viewNext < s.date {
                viewDue = true
                break
            }
            guard s.stored < room else { break }
            let from = s.accountedUntil, tick = s.tick, date = s.date
            if from < tick && tick < date {
                // The common turn: fresh until the tick, then stale from age 0 (`a0` below is 0).
                s.freshSeconds += tick - from
                let a1 = date - tick
                s.ageIntegral += (a1 * a1) / 2
                if a1 > s.maxAge { s.maxAge = a1 }
                if let segments {
                    segments[s.stored] = AgeSegment(start: tick, from: 0, to: a1)
                    s.stored &+= 1
                }
                s.accountedUntil = date
            } else if date > from {
                if tick >= date {
                    s.freshSeconds += date - from
                } else {
                    if tick > from { s.freshSeconds += tick - from }
                    let a0 = (tick >= from ? tick : from) - tick  // `max(from, tick) - tick`
                    let a1 = date - tick
                    s.ageIntegral += (a1 * a1 - a0 * a0) / 2
                    if a1 > s.maxAge { s.maxAge = a1 }
                    if let segments {
                        segments[s.stored] = AgeSegment(start: tick + a0, from: a0, to: a1)
                        s.stored &+= 1
                    }
                }
                s.accountedUntil = date
            }
            s.tick = next
            s.entry &+= 1
            s.date = following
        }
        return (s, viewDue)
    }
}
