/// "The first predictable change after `date`" for dates that mostly move forward (entry after
/// entry), continuing from where the previous question ended: a step or two instead of a search.
struct ChangeCursor {
    let changes: ContentChanges
    /// List: the index of the first change after the last date asked about.
    private var index = 0
    /// Periodic: the index of the first tick after the last date asked about.
    private var tick: Double
    /// Periodic: the time of tick `tick` when known (the last answer), else `-infinity`.
    private var tickTime = -Double.infinity
    private var lastDate = -Double.infinity

    init(_ changes: ContentChanges) {
        self.changes = changes
        if case let .periodic(ticks) = changes { tick = ticks.firstIndex } else { tick = 0 }
    }

    /// More steps forward than this, or a date behind the cursor, and the cursor searches instead.
    private static let maxSteps = 8

    @inline(__always)
    mutating func firstAfter(_ date: SimTime) -> SimTime {
        switch changes {
        case let .list(list):
            let times = list.times
            var i = index
            if i > times.count || (i > 0 && times[i - 1] > date) {
                i = list.indexAfter(date)
            } else {
                var steps = 0
                while i < times.count && times[i] <= date {
                    i += 1
                    steps += 1
                    if steps == Self.maxSteps {
                        i = list.indexAfter(date)
                        break
                    }
                }
            }
            index = i
            return i < times.count ? times[i] : .infinity
        case let .periodic(ticks):
            var from = tick
            if date < lastDate {
                from = ticks.indexAtOrBefore(date)
            } else if tickTime > date {
                // Every tick before `tick` is at or before the last date, hence this one: the answer stands.
                lastDate = date
                return tickTime
            } else if date - lastDate > Double(Self.maxSteps) * ticks.period {
                from = max(from, ticks.indexAtOrBefore(date))
            } else if tickTime > -.infinity, let next = ticks.index(after: tick) {
                from = next  // Tick `tick` is known to be at or before `date`.
            }
            let found = ticks.firstAfter(date, from: from)
            tick = found.index
            tickTime = found.time
            lastDate = date
            return found.time
        }
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
            var steps = ticks.exactRun(from: tick, maxSteps: evenly - first + 1)
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
