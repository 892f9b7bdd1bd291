/// The inner loop of `WidgetSimulation.strideRun`: evenly spaced entries against an `every` grid,
/// rendered one after the other with their stretches accounted as `account(until:)` accounts them
/// (`AgeAccounting`). Each entry either shares the display's stale start (dated before it: entries
/// closer than a period) or goes stale at the tick `step` after it (`step` the spacing, a whole
/// number of periods, or one period for entries closer than that).
///
/// A value with the loop's state, advanced by a function of values only (no call, no access to
/// the simulation), so that its sums stay in registers; `WidgetSimulation` writes it back.
struct StaleStride {
    /// The next entry to render, and its date (its render time: no render delay).
    var entry: Int
    var date: SimTime
    /// The display's stale start: a tick of the grid's exact stretch, the first after `rendered`.
    var tick: SimTime
    /// The date of the last entry rendered.
    var rendered: SimTime
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
        /// Ticks `step` apart: an entry dated at or after the stale start must be dated at least
        /// `step - period` after it and before the tick `step` after it (the tick before that one
        /// is then at or before the date).
        var step: Double, gap: Double
        /// New stale starts must come before this (the exact stretch's end, the first
        /// unpredictable change).
        var tickBound: SimTime
        /// The next entry must render before this (`limit`'s next double, `dayEnd`).
        var renderBound: SimTime
        /// The next view, counted before the render after it (`+infinity` when views are not
        /// counted in the loop).
        var viewNext: SimTime

        /// The date of entry `j`.
        @inline(__always)
        func date(_ j: Int) -> SimTime { first + Double(j - offset) * dateSpacing }
    }

    /// Renders entries from `entry` on as the render loop would, while the first tick after each
    /// is known by the rule above and the loop would go on after it: the next entry is not the
    /// last, renders in time, and after the new stale start (or before it, alone sharing it, as
    /// `sharesOnly` asks). Stores the stretches at `segments[stored...]` when given, at most
    /// `room` of them. Returns true when it stopped at a view due before `date`.
    @inline(__always)
    static func advance(
        _ state: StaleStride, _ b: Bounds, segments: UnsafeMutablePointer<AgeSegment>?, room: Int
    ) -> (StaleStride, Bool) {
        var s = state
        var viewDue = false
        while true {
            let date = s.date
            var stale = s.tick
            if date >= stale {
                // The first tick after `date` is `next`, before the bound.
                let next = stale + b.step
                guard date >= stale + b.gap, date < next, next < b.tickBound else { break }
                stale = next
            }
            let following = b.date(s.entry + 1)
            // After this render the loop goes on: the next entry is not the last, renders in time,
            // and after the new stale start (or before it, alone sharing it: `sharesOnly`).
            guard s.entry + 1 < b.last, following < b.renderBound else { break }
            if following <= stale {
                guard following < stale, b.date(s.entry + 2) > stale else { break }
            }
            if b.viewNext < date {
                viewDue = true
                break
            }
            if stale != s.tick {
                guard s.stored < room else { break }
                account(until: date, &s, segments)
                s.tick = stale
            }
            s.rendered = date
            s.entry &+= 1
            s.date = following
        }
        return (s, viewDue)
    }

    /// `account(until: date)` with content shown, stale since `s.tick`.
    @inline(__always)
    private static func account(until date: SimTime, _ s: inout StaleStride, _ segments: UnsafeMutablePointer<AgeSegment>?) {
        guard date > s.accountedUntil else { return }
        let stretch = AgeAccounting.add(
            from: s.accountedUntil, to: date, staleSince: s.tick, freshSeconds: &s.freshSeconds,
            ageIntegral: &s.ageIntegral, maxAge: &s.maxAge)
        if let stretch, let segments {
            segments[s.stored] = stretch
            s.stored &+= 1
        }
        s.accountedUntil = date
    }
}
