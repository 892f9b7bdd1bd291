// `ChangeCursor`'s answers for runs of entries (`follow`, `splitRun`, `alignedRun`, and what they
// need): many entries' first changes counted at once, the cursor left as if asked about the last.
// In a file of its own: ChangeCursor.swift keeps the cursor's state and its one-date answers.
extension ChangeCursor {
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
}
