/// "The first predictable change after `date`" for dates that mostly move forward (entry after
/// entry), continuing from where the previous question ended: a step or two instead of a search.
///
/// A list gallops from the cursor (a few comparisons for a jump of a few changes, forward or
/// back). An `every` grid answers by arithmetic inside its current `ExactTicks` stretch (ticks a
/// whole period apart to the bit, away from daylight-saving changes): one addition when the date
/// moved past the cursor's tick by less than a period, else a division and one comparison,
/// whichever way the date moved.
///
/// The state below is internal for the cursor's other files (`ChangeCursor+Runs.swift`,
/// `ChangeCursor+Strides.swift`, `ChangeCursor+ListSearch.swift`) and is set only there and here.
struct ChangeCursor {
    let changes: ContentChanges
    /// List: the index of the first change after the last date asked about.
    var index = 0
    /// Periodic: the index of the first tick after the last date asked about.
    var tick: Double
    /// Periodic: the time of tick `tick` when known (the last answer), else `-infinity`.
    var tickTime = -Double.infinity
    var lastDate = -Double.infinity
    /// Periodic: how many ticks the last answer by division moved the cursor.
    var jump = 0.0
    /// Periodic: ticks known to be exactly a period apart (empty until the first search).
    var exact = ExactTicks.none
    /// Periodic: the grid's period (0 for a list), kept here so that the common answers need not
    /// look inside `changes`.
    let period: Double

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
}
