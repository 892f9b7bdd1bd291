/// "The first predictable change after `date`" for dates that mostly move forward (entry after
/// entry), continuing from where the previous question ended: a step or two instead of a search.
///
/// A list gallops from the cursor (a few comparisons for a jump of a few changes, forward or
/// back). An `every` grid answers by arithmetic inside its current `ExactTicks` stretch (ticks a
/// whole period apart to the bit, away from daylight-saving changes): one addition when the date
/// moved past the cursor's tick by less than a period, else a division and one comparison,
/// whichever way the date moved.
struct ChangeCursor {
    let changes: ContentChanges
    /// List: the index of the first change after the last date asked about.
    private var index = 0
    /// Periodic: the index of the first tick after the last date asked about.
    private var tick: Double
    /// Periodic: the time of tick `tick` when known (the last answer), else `-infinity`.
    private var tickTime = -Double.infinity
    private var lastDate = -Double.infinity
    /// Periodic: how many ticks the last answer by division moved the cursor.
    private var jump = 0.0
    /// Periodic: ticks known to be exactly a period apart (empty until the first search).
    private var exact = ExactTicks.none
    /// Periodic: the grid's period (0 for a list), kept here so that the common answers need not
    /// look inside `changes`.
    private let period: Double

    init(_ changes: ContentChanges) {
        self.changes = changes
        if case let .periodic(ticks) = changes {
            tick = ticks.firstIndex
            period = ticks.period
        } else {
            tick = 0
            period = 0
        }
    }

    /// More steps forward than this, or a date behind the cursor, and the cursor searches instead.
    private static let maxSteps = 8

    /// The first change strictly after `date` (`+infinity` when none).
    @inline(__always)
    mutating func firstAfter(_ date: SimTime) -> SimTime {
        if let answer = near(date, jumps: false) { return answer }
        return firstAfterFar(date)
    }

    /// `firstAfter` as one call (not inlined): for a caller that asks once among much other work
    /// (a render), where the inlined steps would cost it registers. It also tries the last jump.
    @inline(never)
    mutating func firstAfterCall(_ date: SimTime) -> SimTime {
        if let answer = near(date, jumps: true) { return answer }
        return far(date)
    }

    /// `firstAfter` for a date its caller expects behind the cursor's last date
    /// (`WidgetSimulation.endFreshRun`'s last entry counted in bulk, asked after the run moved
    /// past it): there, the cheap answers all fail (the last date's answer, `tickTime`, is after
    /// it too, so `near` reaches its check against `lastDate` and gives up), and this goes to
    /// the division or the search at once, after one comparison. Any other date is `firstAfter`'s:
    /// `far` alone may not answer a date at or after the last one (its search steps on from the
    /// tick after the cursor's, past an answer `near` would have given), so the test stays.
    @inline(__always)
    mutating func firstAfterBehind(_ date: SimTime) -> SimTime {
        if date < lastDate { return firstAfterFar(date) }
        return firstAfter(date)
    }

    /// `firstAfterCall` with its cheap answers inlined, for a loop that asks once a turn and does
    /// little else (`WidgetSimulation.renderRun`).
    @inline(__always)
    mutating func firstAfterInLoop(_ date: SimTime) -> SimTime {
        if let answer = near(date, jumps: true) { return answer }
        return firstAfterFar(date)
    }

    /// `firstAfter(date)` when `date` is the cursor's last answer, a tick whose next tick is a
    /// period after it to the bit (`ExactTicks.containsPair`): that next tick, without moving the
    /// cursor (`firstAfterInLoop(date)` then answers it in one step); else `nil` (a list, or the
    /// cursor elsewhere).
    @inline(__always)
    func tickAfter(answer date: SimTime) -> SimTime? {
        period > 0 && date == tickTime && exact.containsPair(tick) ? tickTime + period : nil
    }

    /// `firstAfterInLoop(date)` when `tickAfter(answer: date)` answered `next`, after `date`, and
    /// the cursor has not moved since: the one step it takes (`near`'s step along the exact
    /// stretch), without the checks that answer already made.
    @inline(__always)
    mutating func stepAfter(answer date: SimTime, next: SimTime) {
        tick += 1
        tickTime = next
        lastDate = date
    }

    /// The cheap answers on an `every` grid, `nil` when there is none: the last answer again, one
    /// step along the exact stretch, or (with `jumps`) as many steps as the last division moved.
    @inline(__always)
    private mutating func near(_ date: SimTime, jumps: Bool) -> SimTime? {
        guard period > 0 else { return nil }
        if date < tickTime {
            guard date >= lastDate else { return nil }
            // Every tick before `tick` is at or before the last date, hence this one: the answer stands.
            lastDate = date
            return tickTime
        }
        if date < tickTime + period && exact.containsPair(tick) {
            // Tick `tick` is at or before `date` and the next one, a period later to the bit, after
            // it (entries a period apart, or half a period: one step each, no division).
            tick += 1
            tickTime += period
            lastDate = date
            return tickTime
        }
        if jumps && jump > 1 {
            // As far as the last answer by division moved (entries a few periods apart).
            let before = tickTime + (jump - 1) * period
            if date >= before && date < before + period && exact.contains(tick) && tick + jump <= exact.last {
                tick += jump
                tickTime = before + period
                lastDate = date
                return tickTime
            }
        }
        return nil
    }

    /// `firstAfter` when the date moved back, or a period or more past the cursor's tick: the
    /// division inside the exact stretch, else a search (not inlined: the steps above are the
    /// common answers one entry at a time).
    @inline(never)
    private mutating func firstAfterFar(_ date: SimTime) -> SimTime {
        far(date)
    }

    /// The body of `firstAfterFar`.
    @inline(__always)
    private mutating func far(_ date: SimTime) -> SimTime {
        if period > 0 {
            if let k = exact.indexAfter(date, period: period) {
                jump = k - tick
                tick = k
                tickTime = exact.time(ofIndex: k, period: period)
                lastDate = date
                return tickTime
            }
        }
        switch changes {
        case let .list(list):
            let times = list.times
            index = Self.indexAfter(date, in: times, near: index)
            return index < times.count ? times[index] : .infinity
        case let .periodic(ticks):
            return search(date, in: ticks)
        }
    }

    /// `firstAfter` on an `every` grid outside the known exact stretch: steps forward from the
    /// cursor, or searches from `PeriodicTicks.indexAtOrBefore`, then notes the exact stretch
    /// that begins at the answer.
    private mutating func search(_ date: SimTime, in ticks: PeriodicTicks) -> SimTime {
        var from = tick
        if date < lastDate {
            from = ticks.indexAtOrBefore(date)
        } else if date - lastDate > Double(Self.maxSteps) * ticks.period {
            from = max(from, ticks.indexAtOrBefore(date))
        } else if tickTime > -.infinity, let next = ticks.index(after: tick) {
            from = next  // Tick `tick` is known to be at or before `date`.
        }
        let found = ticks.firstAfter(date, from: from)
        tick = found.index
        tickTime = found.time
        lastDate = date
        exact = ExactTicks(ticks, from: found.index, time: found.time)
        return found.time
    }

    /// False when `follow` from an entry dated `date` could count that entry only, the next one
    /// being dated `next`: on an `every` grid, `follow` counts entries a period apart
    /// (`ReplayTimeline.lastStepping`), so `next` must be `date + period` for a second step. (A
    /// list: true.) A caller then asks `firstAfter(date)` instead, a step of the cursor.
    @inline(__always)
    func mayFollow(_ date: SimTime, then next: SimTime) -> Bool {
        period == 0 || next == date + period
    }

    /// Entries a whole fraction of a period apart and aligned on an `every` grid (30 s entries
    /// from a whole minute against a minute clock): none of them is dated strictly between two
    /// ticks' worth of entries, so each renders by the first tick after the one before it.
    ///
    /// Entry `cur` is dated `date` and the cursor's last answer is the first tick after it; entries
    /// from `cur` on are `spacing` apart to the bit (`ReplayTimeline.exactSpacing`), with
    /// `period = n × spacing` for a whole `n ≥ 2`, and the first tick after `date` is a whole number
    /// of spacings after it. Then for every entry `i` from `cur` whose next tick is in the exact
    /// stretch, the first tick after its date is at or after entry `i + 1`'s date. This returns the
    /// largest `m` in `cur + 2 ... end` such that that holds for `cur ..< m` and entry `m` is dated
    /// at or before `limit`, with `tick`, the first tick after entry `m − 1` (where the cursor then
    /// stands); `nil` when the conditions do not hold or `m` would be below `cur + 2`.
    mutating func splitRun(
        from cur: Int, date: SimTime, spacing: Double, through end: Int, notAfter limit: SimTime
    ) -> (m: Int, tick: SimTime)? {
        // Tick `tick` is the first after `date`: the tick before it is in the stretch, at or before `date`.
        guard period > spacing, spacing > 0, date < tickTime, exact.contains(tick), tick - 1 >= exact.base,
            tickTime - period <= date
        else { return nil }
        // Whole numbers below 2^52 (exact dates and ticks): these quotients are exact when whole.
        let n = period / spacing, r = (tickTime - date) / spacing
        guard ExactMultiples.isWhole(n), n * spacing == period, ExactMultiples.isWhole(r), r * spacing == tickTime - date else {
            return nil
        }
        let perTick = Int(n), first = Int(r)
        // Entries cur + first + j × n are dated on ticks tick + j; the next tick of entry cur + o is
        // tick + (o < first ? 0 : (o − first) / n + 1), in the stretch up to o = first + left × n − 1.
        let left = exact.last - tick
        var m = end
        if left < Double(end) { m = min(m, cur + first + Int(left) * perTick) }
        if limit < .infinity {
            guard limit >= date else { return nil }
            let q = ((limit - date) / spacing).rounded(.down)
            if q < Double(m - cur) {
                var fit = Int(q)
                while fit > 0 && date + Double(fit) * spacing > limit { fit -= 1 }
                while cur + fit < m && date + Double(fit + 1) * spacing <= limit { fit += 1 }
                m = min(m, cur + fit)
            }
        }
        guard m >= cur + 2 else { return nil }
        let o = m - 1 - cur
        tick += o < first ? 0 : Double((o - first) / perTick + 1)
        tickTime = exact.time(ofIndex: tick, period: period)
        lastDate = date + Double(o) * spacing
        return (m, tickTime)
    }

    /// The first tick after the date `j` spacings after `date`, for entries `spacing` apart from
    /// `date` on, `n` to a period (`period = n × spacing` to the bit, `n ≥ 1`), when `date` is a
    /// tick: the cursor's last answer, for `before`, a date before it at or after the last one
    /// asked (an aligned timeline's entry 0, whose entry 1 is on the tick after it). Entry `i` of
    /// them is dated `i mod n` spacings after tick `i / n` (counted from `date`'s), so the first
    /// tick after it is tick `i / n + 1`: for entry `j`, `date + (j / n + 1) · period`, exact
    /// where every tick up to `j + 2` periods after `date` is in the exact stretch (asked here,
    /// the room `follow` and `splitRun` ask for the same answer). The cursor then stands as if
    /// asked about entry `j`'s date (`date + j · spacing`). `nil`, the cursor unmoved, when a
    /// condition fails (or for a list).
    @inline(__always)
    mutating func alignedRun(after before: SimTime, from date: SimTime, spacing: Double, perTick n: Int, through j: Int) -> SimTime? {
        guard period > 0, date == tickTime, before >= lastDate, before < date, exact.contains(tick),
            tick + Double(j &+ 2) <= exact.last
        else { return nil }
        let q = j / n &+ 1
        tick += Double(q)
        tickTime = date + Double(q) * period
        lastDate = date + Double(j) * spacing
        return tickTime
    }

    /// The index of the tick of the cursor's last answer (on an `every` grid).
    var tickIndex: Double { tick }

    /// `firstAfter(date)` when tick `k` is known to be the first tick after `date` (the caller's
    /// arithmetic: `WidgetSimulation.endFreshRun` after `alignedRun`) and is in the exact stretch:
    /// its time, the cursor standing as if asked about `date`; else `nil` (the cursor unmoved).
    @inline(__always)
    mutating func answer(tick k: Double, after date: SimTime) -> SimTime? {
        guard period > 0, exact.contains(k) else { return nil }
        tick = k
        tickTime = exact.time(ofIndex: k, period: period)
        lastDate = date
        return tickTime
    }

    /// Evenly spaced entries on an `every` grid (`StaleStride`): `stale` is the cursor's last
    /// answer, a tick of its exact stretch. With `spacing = m × period` for a whole `m ≥ 1`, an
    /// entry goes stale `step = spacing` after the stale start of the one before; with `spacing <
    /// period`, at that stale start or `step = period` after it. Every tick up to the stretch's
    /// last is a period after the one before (whole numbers below 2^52: `stale + j × step` is
    /// exact). Returns the stretch's last tick, `step` and the period; `nil` when the conditions
    /// do not hold.
    @inline(__always)
    func strideEnd(from stale: SimTime, spacing: Double) -> (lastTick: SimTime, step: Double, period: Double)? {
        guard let step = Self.strideStep(spacing: spacing, period: period), let lastTick = exactStretchEnd(from: stale) else {
            return nil
        }
        return (lastTick, step, period)
    }

    /// `strideEnd`'s `step`, a function of the spacing and the grid's period alone (a caller that
    /// asks it for every timeline of one provider keeps it): `period` for entries closer than a
    /// period, `spacing` when it is a whole number of periods, else `nil` (and for a list, `period` 0).
    @inline(__always)
    static func strideStep(spacing: Double, period: Double) -> Double? {
        guard period > 0, spacing > 0 else { return nil }
        if spacing < period { return period }
        let m = spacing / period
        guard m == m.rounded(.down), m * period == spacing else { return nil }
        return spacing
    }

    /// `strideEnd`'s part that depends on the cursor: the exact stretch's last tick when `stale`
    /// is the cursor's last answer, a tick of that stretch, on an `every` grid; else `nil`.
    @inline(__always)
    func exactStretchEnd(from stale: SimTime) -> SimTime? {
        guard period > 0, stale == tickTime, exact.contains(tick) else { return nil }
        return exact.time(ofIndex: exact.last, period: period)
    }

    /// The grid's period (0 for a list).
    var gridPeriod: Double { period }

    /// Moves the cursor `steps` ticks on, to the tick at `time`, the first after `date`, after
    /// entries going stale `perEntry` ticks apart (the next entry is then one jump on).
    mutating func advance(ticks steps: Double, to time: SimTime, after date: SimTime, perEntry: Double) {
        tick += steps
        tickTime = time
        lastDate = date
        jump = perEntry
    }

    /// Counts entries dated on consecutive changes without asking about each.
    ///
    /// The cursor's last answer is the first change after `date` (it was asked about `date`, or
    /// about an earlier date with the same answer), and it is the date of `entries[first]`.
    /// Asking about `entries[first]`, `entries[first + 1]`, … in turn would answer the next change
    /// each time, and that change would be the next entry's date, for as long as the entries are
    /// dated on consecutive changes. This returns the largest `steps` such that `entries[first …
    /// first + steps − 1]` (at most up to `end`) are dated on consecutive changes, none after
    /// `limit`: `last`, the date of the last of them, and `next`, the first change after it. The
    /// cursor then stands as if asked about `last`. `nil` when no entry qualifies.
    ///
    /// A list compares the entries with its instants; an `every` grid counts by arithmetic where it
    /// is exact (`PeriodicTicks.exactRun`), after checking that the entries are one period apart
    /// (`ReplayTimeline.lastStepping`: one comparison per listed entry, none over evenly spaced ones).
    mutating func follow(
        _ entries: ReplayTimeline, from first: Int, through end: Int, after date: SimTime, notAfter limit: SimTime
    ) -> (steps: Int, last: SimTime, next: SimTime)? {
        // The answer stands for any date from the last one asked about (a list: the change before it) to it.
        guard date >= lastDate, first <= end else { return nil }
        switch changes {
        case let .list(list):
            let times = list.times
            guard index < times.count, index == 0 || times[index - 1] <= date, date < times[index],
                entries.date(ofEntry: first) == times[index]
            else { return nil }
            var steps = 0
            while first + steps <= end, index + steps < times.count, entries.date(ofEntry: first + steps) == times[index + steps],
                times[index + steps] <= limit, steps == 0 || times[index + steps] > times[index + steps - 1]
            {
                steps += 1
            }
            guard steps > 0 else { return nil }
            let last = times[index + steps - 1]
            index += steps - 1
            return (steps, last, firstAfter(last))
        case let .periodic(ticks):
            guard ticks.isWholeSecondGrid, date < tickTime, entries.date(ofEntry: first) == tickTime, tickTime <= limit else { return nil }
            let evenly = entries.lastStepping(from: first, through: end, by: ticks.period)
            let maxSteps = evenly - first + 1
            var steps = exact.contains(tick) ? exact.steps(after: tick, max: maxSteps) : ticks.exactRun(from: tick, maxSteps: maxSteps)
            guard steps > 0 else { return nil }
            let start = tickTime
            if limit < .infinity {
                // Tick K + j is start + j × period exactly; the estimate is corrected both ways.
                let fit = ((limit - start) / ticks.period).rounded(.down) + 1
                if fit < Double(steps) { steps = max(1, Int(fit)) }
                while steps > 1 && start + Double(steps - 1) * ticks.period > limit { steps -= 1 }
            }
            let last = start + Double(steps - 1) * ticks.period
            tick += Double(steps)
            tickTime = start + Double(steps) * ticks.period
            lastDate = last
            return (steps, last, tickTime)
        }
    }
}
