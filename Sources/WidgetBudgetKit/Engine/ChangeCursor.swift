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
}
