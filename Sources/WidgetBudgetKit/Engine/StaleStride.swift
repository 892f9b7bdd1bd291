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
    /// The last jump's moves of the stale start, when the loop stopped right after it for views
    /// inside it (none: no jump to count views in).
    var lastJump = ViewsInJump.none
    /// A jump's stretches stored as one slot (`Bounds/runs`): that slot (from the `segments` the
    /// loop was given) and how many stretches it stands for (0: none), for the caller to mark
    /// (`SegmentStore/markRun(slot:count:)`). One a loop: a second jump stores its stretches.
    var runSlot = 0
    var runCount = 0

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
        /// Entries repeat in cycles of `cycle` entries, `step` apart (`cycle · dateSpacing ==
        /// step`), once one of them accounted its stretch from the date `step` before its own
        /// (`jump`): every date, tick and difference of them the loop computes is exact
        /// (`exact(first:dateSpacing:tick:step:period:through:)`). 1: each entry goes stale at its
        /// own tick; 2: entries half a period apart, the second of each pair sharing the stale
        /// start of the first; 0: no jumps (`EnginePaths.gridJumps`).
        var cycle = 0
        /// Jumps go past views (`viewNext`): the loop then stops after a jump with views inside
        /// it, which the caller counts with `ViewsInJump/staleStart(atView:step:)` (``lastJump``).
        var viewsInJumps = false
        /// A jump stores its repeated stretches as one slot standing for all of them (``runSlot``,
        /// ``runCount``), not one slot each (`EnginePaths.jumpRuns`).
        var runs = false

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
                let from = s.accountedUntil
                let oldTick = s.tick
                account(until: date, &s, segments)
                s.tick = stale
                if b.cycle > 0 && from == date - b.step {
                    // The entries after this one repeat its cycle, `step` later each.
                    s.rendered = date
                    s.entry &+= 1
                    s.date = following
                    jump(&s, b, from: from, date: date, oldTick: oldTick, segments: segments, room: room)
                    if b.viewNext < s.date && s.lastJump.moves > 0 {
                        // Views inside the jump (or after it, before the next render).
                        viewDue = true
                        break
                    }
                    s.lastJump.moves = 0
                    continue
                }
            }
            s.rendered = date
            s.entry &+= 1
            s.date = following
        }
        return (s, viewDue)
    }

    /// Whether every date, tick and difference a stride computes is exact, so that entries `step`
    /// apart repeat one stretch shifted by `step` to the bit (`Bounds/cycle`): the dates
    /// (`first + Double(j) * dateSpacing`), the ticks (`tick + step` again and again) and the grid
    /// (`period`) are multiples of one power of two `u`, and every time up to `through` (past the
    /// last date and tick the stride can reach) is below `2^53 · u`. Then each is exactly what
    /// arithmetic on the reals gives, and so is each difference of two of them. A fetch time with
    /// a fraction (a random reload delay) passes while its timeline stays in its binade.
    ///
    /// Equal values have the same exponent, asked once: `dateSpacing` is `step` for entries whole
    /// periods apart, and `step` is `period` (so `step - period` is 0, which divides by any power)
    /// for entries closer than a period.
    static func exact(first: SimTime, dateSpacing: Double, tick: SimTime, step: Double, period: Double, through: SimTime) -> Bool {
        guard through.isFinite, let a = lowBitExponent(first), let c = lowBitExponent(tick), let e = lowBitExponent(period)
        else { return false }
        var k = min(a, c, e)
        if dateSpacing != step {
            guard let b = lowBitExponent(dateSpacing) else { return false }
            k = min(k, b)
        }
        if step != period {
            guard let d = lowBitExponent(step), let f = lowBitExponent(step - period) else { return false }
            k = min(k, d, f)
        }
        // Multiples of `u = 2^k` below `2^53 · u` are doubles: sums and differences of them are exact.
        guard k < Int.max else { return false }
        return binadeExponent(first) < k + 53 && binadeExponent(tick) < k + 53 && binadeExponent(through) < k + 53
    }

    /// The largest power of two that divides `x` (`+infinity` for 0, NaN for a non-finite or
    /// subnormal `x`).
    static func lowBit(_ x: Double) -> Double {
        guard let k = lowBitExponent(x) else { return .nan }
        return k == Int.max ? .infinity : Double(sign: .plus, exponent: k, significand: 1)
    }

    /// The exponent of the largest power of two that divides `x` (`Int.max` for 0, `nil` for a
    /// non-finite or subnormal `x`): from its bits, no call.
    @inline(__always)
    static func lowBitExponent(_ x: Double) -> Int? {
        let bits = x.bitPattern
        let biased = Int((bits >> 52) & 0x7FF)
        let mantissa = bits & (1 << 52 - 1)
        if biased == 0 { return mantissa == 0 ? Int.max : nil }
        guard biased < 0x7FF else { return nil }
        return biased - 1075 + (mantissa == 0 ? 52 : mantissa.trailingZeroBitCount)
    }

    /// `e` such that `2^e ≤ |x| < 2^(e + 1)` for a normal `x`; `Int.min` for 0 (and subnormals),
    /// `Int.max` for non-finite values.
    @inline(__always)
    static func binadeExponent(_ x: Double) -> Int {
        let biased = Int((x.bitPattern >> 52) & 0x7FF)
        if biased == 0 { return Int.min }
        return biased == 0x7FF ? Int.max : biased - 1023
    }

    /// After entry `s.entry - 1` rendered at `date` and accounted the stretch from `from`,
    /// `step` earlier, to it, stale since `oldTick`: renders as many whole cycles of entries after
    /// it as the loop would before it stops (the last entry, a bound, a view, the room for
    /// stretches), at once. Each cycle repeats the one before, `step` later (the dates and ticks
    /// are exact, `Bounds/cycle`): its first entry adds the same terms to the sums, added by
    /// `RepeatedSum` with the bits of adding them one by one, and stores the same stretch `step`
    /// later; the others share its stale start.
    @inline(never)
    private static func jump(
        _ s: inout StaleStride, _ b: Bounds, from: SimTime, date: SimTime, oldTick: SimTime,
        segments: UnsafeMutablePointer<AgeSegment>?, room: Int
    ) {
        let c = b.cycle
        // The stretches in one slot (`Bounds/runs`), unless this loop's slot is taken.
        let oneSlot = b.runs && s.runCount == 0
        if c == 2 {
            // Entries half a period apart: the loop's test of the second of a pair (dated before
            // the new stale start, the one after it after that start), asked once for all pairs.
            guard s.date < s.tick, b.date(s.entry + 1) > s.tick else { return }
        }
        // How many cycles the loop would render whole and go on after: each bound, from the
        // arithmetic (the dates and ticks are exact), then checked (a division may be a unit off;
        // fewer cycles are always right: the loop renders the rest).
        func goesOn(_ i: Int) -> Bool {
            let e = s.entry + i * c - 1
            return s.tick + Double(i) * b.step < b.tickBound && e + 1 < b.last && b.date(e + 1) < b.renderBound
                && (b.viewsInJumps || !(b.viewNext < b.date(e))) && (segments == nil || s.stored + (oneSlot ? 1 : i) <= room)
        }
        var n = (b.last - 1 - s.entry) / c
        if segments != nil { n = oneSlot ? (s.stored < room ? n : 0) : min(n, room - s.stored) }
        // The largest whole number of cycles below `x` (0 to `n`). Inlined: called out of line,
        // its three calls a jump cost more than their arithmetic.
        @inline(__always) func below(_ x: Double) -> Int { x.isNaN ? 0 : x <= 0 ? 0 : x >= Double(n) ? n : Int(x.rounded(.up)) - 1 }
        n = min(n, below((b.tickBound - s.tick) / b.step))
        n = min(n, below(((b.renderBound - b.first) / b.dateSpacing - Double(s.entry - b.offset)) / Double(c)))
        if !b.viewsInJumps {
            n = min(n, below(((b.viewNext - b.first) / b.dateSpacing - Double(s.entry - 1 - b.offset)) / Double(c) + 1))
        }
        // A few cycles cost less walked than jumped.
        guard n >= 4 else { return }
        while n > 0 && !goesOn(n) { n -= 1 }
        guard n > 0 else { return }
        // The terms the stretch added, each alone (0 + x is x; +0 added changes no sum).
        var fresh = 0.0, integral = 0.0, age = -Double.infinity
        let stretch = AgeAccounting.add(
            from: from, to: date, staleSince: oldTick, freshSeconds: &fresh, ageIntegral: &integral, maxAge: &age)
        s.lastJump = ViewsInJump(moves: n, firstMove: b.date(s.entry + c - 1), tick: s.tick)
        RepeatedSum.add(fresh, times: n, to: &s.freshSeconds)
        RepeatedSum.add(integral, times: n, to: &s.ageIntegral)
        if age > s.maxAge { s.maxAge = age }
        if let stretch, let segments, oneSlot {
            // One slot for the `n` stretches (the first's start; the others' are not kept).
            segments[s.stored] = AgeSegment(start: stretch.start + b.step, from: stretch.from, to: stretch.to)
            s.runSlot = s.stored
            s.runCount = n
            s.stored &+= 1
        } else if let stretch, let segments {
            // Stretch `i` starts at `stretch.start + Double(i) * b.step`: a multiple of the unit
            // below `2^53` units (a date or a tick of the stride: `exact`), as is every partial
            // sum `stretch.start + step + … + step`, so adding `step` once a stretch gives the
            // same bits with one addition instead of a conversion, a product and an addition.
            var start = stretch.start
            for _ in 1...n {
                start += b.step
                segments[s.stored] = AgeSegment(start: start, from: stretch.from, to: stretch.to)
                s.stored &+= 1
            }
        }
        s.entry &+= n * c
        s.tick += Double(n) * b.step
        s.rendered = b.date(s.entry - 1)
        s.accountedUntil = date + Double(n) * b.step
        s.date = b.date(s.entry)
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
