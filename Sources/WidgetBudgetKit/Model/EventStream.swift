/// The events of an `EventProcess` in `[0, horizon)`, drawn one at a time, ascending.
///
/// The stream draws exactly what `EventProcess.generate` returns (that is built on it), in the same
/// order from the same generator, but holds only its position: a periodic process over a thousand
/// years costs no more memory than over a day.
package struct EventStream: IteratorProtocol, Sendable {
    /// Where the events come from. The state of each source is kept in stored properties, not in
    /// an enum payload, so that a draw updates a number instead of copying and rebuilding the
    /// payload (over 100 bytes, with references to retain and release) per draw.
    private enum Source: UInt8, Sendable {
        /// No events (left).
        case none
        /// Exponential gaps of mean `poissonMean` after `position`.
        case poisson
        /// A Poisson process limited to `during` windows, drawn only inside them: exponential gaps
        /// from the start of each interval of `active` (from `activeIndex` on) until one overshoots
        /// its end (the process is memoryless, so this is the same process as one drawn over the
        /// whole day and filtered, without the draws outside).
        case windowedPoisson
        /// `listTimes[listNext...]`.
        case list
        /// The ticks of `ticks` from index `tickNext`.
        case ticks
        /// A list of processes: each item's stream in `streams` and its next event in `heads`
        /// (a heap), merged in time order.
        case merged
        /// Drawn on another thread (`prefetched`), read here.
        case prefetched
    }

    private var source = Source.none
    private var poissonMean = 0.0
    private var position = 0.0
    private var listTimes: [SimTime] = []
    private var listNext = 0
    /// The ticks of an `every` process, and the index of the next one (`nil`: past the last).
    private var ticks: PeriodicTicks?
    private var tickNext: Double?
    /// The ticks known to be exactly a period apart from the last one computed through the clock:
    /// drawn by arithmetic, without the clock.
    private var exact = ExactTicks.none
    private var prefetched: PrefetchedEvents?
    private var streams: [EventStream] = []
    private var heads = MergedHeads()
    private let horizon: Double
    /// The `during` windows' intervals (`filtered`): an event counts only inside one.
    private let filtered: Bool
    private let active: IntervalSet
    /// `active`'s cursor: the first interval ending after the last event drawn (events ascend).
    private var activeIndex = 0
    private var last = -Double.infinity
    /// The stream's own generator (item 0's for a process on its own; for a list, the one its
    /// items' keys came from), advanced by every draw so far (a Poisson process draws; others do
    /// not).
    package private(set) var generator: SeededGenerator
    /// The item (its index in the list of a merged process; 0 for a process on its own) that
    /// produced the event ``next()`` returned last.
    package private(set) var lastItem = 0

    /// The stream of `process` over `[0, horizon)`, keyed by `generator` (the purpose's stream).
    ///
    /// Each item of a list draws from its own stream, derived from one draw of `generator` and
    /// the item's index; a process on its own is item 0 of a list of one. So adding an item to a
    /// list (or turning a process into a list by adding a second item) never moves the events of
    /// the items already there.
    package init(_ process: EventProcess, horizon: Double, clock: LocalClock, generator: SeededGenerator) {
        if case .merged = process.pattern {
            self.init(item: process, horizon: horizon, clock: clock, generator: generator)
        } else {
            var keys = generator
            self.init(item: process, horizon: horizon, clock: clock, generator: Self.itemGenerator(keys.next(), item: 0))
        }
    }

    /// The generator of item `item` of a list whose items are keyed by `key`.
    package static func itemGenerator(_ key: UInt64, item: Int) -> SeededGenerator {
        SeededGenerator(seed: key, stream: [UInt64(item)])
    }

    /// The stream of one item, drawing from `generator` (its own stream); a list keys its items
    /// from one draw of `generator`.
    private init(item process: EventProcess, horizon: Double, clock: LocalClock, generator: SeededGenerator) {
        self.horizon = horizon
        self.generator = generator
        switch process.pattern {
        case .none:
            break
        case let .every(period, offset):
            let ticks = PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon)
            source = .ticks
            self.ticks = ticks
            tickNext = ticks.firstIndex
        case let .poisson(perHour):
            source = perHour > 0 ? .poisson : .none
            poissonMean = perHour > 0 ? Seconds.hour / perHour : 0
        case let .times(list):
            source = .list
            listTimes = list.filter { $0 >= 0 && $0 < horizon }.sorted()
        case let .merged(items):
            // Item k draws from its own stream, derived from one draw of the generator.
            let base = self.generator.next()
            streams = items.enumerated().map { k, item in
                EventStream(item: item, horizon: horizon, clock: clock, generator: Self.itemGenerator(base, item: k))
            }
            for k in streams.indices {
                if let t = streams[k].next() { heads.insert(t, stream: k) }
            }
            source = .merged
        }
        active = process.during.isEmpty ? .empty : IntervalSet(windows: process.during, clock: clock, from: 0, to: horizon)
        if source == .poisson && !process.during.isEmpty {
            // Drawn only inside the windows (clipped to [0, horizon)): nothing to filter.
            filtered = false
            if let first = active.starts.first {
                source = .windowedPoisson
                position = first
            } else {
                source = .none
            }
        } else {
            filtered = !process.during.isEmpty
        }
    }

    /// The ticks of an `every` process without `during` windows.
    package init(ticks: PeriodicTicks) {
        horizon = ticks.horizon
        generator = SeededGenerator(seed: 0)
        source = .ticks
        self.ticks = ticks
        tickNext = ticks.firstIndex
        filtered = false
        active = .empty
    }

    /// The instants of `list`, already drawn.
    package init(list: EventTimes) {
        horizon = .infinity
        generator = SeededGenerator(seed: 0)
        source = .list
        listTimes = list.times
        filtered = false
        active = .empty
    }

    /// This stream's events drawn ahead on another thread (see ``PrefetchedEvents``): the same
    /// values in the same order. Only the returned stream may read them (copies of it share one
    /// reading position).
    package func prefetching() -> EventStream {
        var copy = EventStream(list: EventTimes([]))
        copy.source = .prefetched
        copy.prefetched = PrefetchedEvents(self)
        return copy
    }

    /// True when the events are drawn from the generator (a Poisson process, alone or in a list):
    /// drawing them costs enough to be worth doing on another core.
    package var drawsRandomly: Bool {
        source == .poisson || source == .windowedPoisson || (source == .merged && streams.contains { $0.drawsRandomly })
    }

    /// The next event, or `nil` after the last.
    @inline(__always)
    package mutating func next() -> SimTime? {
        while let t = nextUnfiltered() {
            if !filtered || active.contains(t, cursor: &activeIndex) { return t }
        }
        return nil
    }

    /// Calls `visit` with each next event before `end`, in order, and returns the first one at or
    /// after `end` (`nil`: none left): what calling ``next()`` until then returns, from the same
    /// draws. A list's events are read in place, in one loop with no dispatch per event (the
    /// engine's views: `WidgetSimulation.tallyViews`).
    @inline(__always)
    package mutating func next(visitingBefore end: SimTime, _ visit: (SimTime) -> Void) -> SimTime? {
        guard source == .list && !filtered else {
            while let t = next() {
                if t >= end { return t }
                visit(t)
            }
            return nil
        }
        var i = listNext
        let found: SimTime? = listTimes.withUnsafeBufferPointer { times in
            while i < times.count {
                let t = times[i]
                i += 1
                if t >= end { return t }
                visit(t)
            }
            return nil
        }
        listNext = i
        return found
    }

    /// Whether the events are a list read in place (no `during` filter): where
    /// ``next(visiting:before:_:)`` visits them in a loop that calls nothing but `visit`.
    @inline(__always)
    package var readsListInPlace: Bool { source == .list && !filtered }

    /// ``next(visitingBefore:_:)`` with `first` (an event already drawn, before `end`) visited
    /// first, in the same loop as the others: one copy of `visit` in the list's loop, for a
    /// `visit` large enough that a copy of its own before the loop costs more than the loop's
    /// keeping the last event visited apart from the one read (the views after a jump,
    /// `WidgetSimulation.tallyViewsInJump`, and their stale starts).
    @inline(__always)
    package mutating func next(visiting first: SimTime, before end: SimTime, _ visit: (SimTime) -> Void) -> SimTime? {
        guard source == .list && !filtered else {
            // Drawn one at a time: `first`, then the others as `next(visitingBefore:_:)` draws them.
            visit(first)
            return next(visitingBefore: end, visit)
        }
        var i = listNext
        let found: SimTime? = listTimes.withUnsafeBufferPointer { times in
            var t = first
            while true {
                visit(t)
                guard i < times.count else { return nil }
                t = times[i]
                i += 1
                if t >= end { return t }
            }
        }
        listNext = i
        return found
    }

    /// The next event of the source, before the `during` filter. Small enough to inline into the
    /// engine's loops: the rarer sources are calls of their own.
    @inline(__always)
    private mutating func nextUnfiltered() -> SimTime? {
        switch source {
        case .poisson:
            position += -poissonMean * log1pNegative(generator.unit())
            guard position < horizon else {
                source = .none
                return nil
            }
            return position
        case .windowedPoisson:
            return nextWindowed()
        case .list:
            guard listNext < listTimes.count else { return nil }
            listNext += 1
            return listTimes[listNext - 1]
        case .ticks:
            return nextTick()
        case .merged:
            return nextMerged()
        case .prefetched:
            return prefetched.unsafelyUnwrapped.next()
        case .none:
            return nil
        }
    }

    /// The next event of a Poisson process inside its windows: a gap drawn from `position`; one
    /// that overshoots the current interval's end moves to the next interval's start and draws
    /// again (one draw per interval is spent on the overshoot). The gaps come from the ziggurat
    /// (``SeededGenerator/exponential()``), not by inversion as `.poisson`'s: the same
    /// distribution at a fraction of the cost (docs/design/random-streams.md).
    @inline(never)
    private mutating func nextWindowed() -> SimTime? {
        while activeIndex < active.count {
            position += poissonMean * generator.exponential()
            if position < active.ends[activeIndex] { return position }
            activeIndex += 1
            if activeIndex < active.count { position = active.starts[activeIndex] }
        }
        source = .none
        return nil
    }

    /// Draws the next events, up to `capacity` of them, into `buffer`, and returns how many: the
    /// values `next()` would return, in the same order, from the same generator (fewer than
    /// `capacity` only at the stream's end). A windowed Poisson process is drawn in one loop here,
    /// without a call and a dispatch per event (issue #26: `stock-market-hours`' price ticks).
    package mutating func next(into buffer: UnsafeMutablePointer<SimTime>, capacity: Int) -> Int {
        var n = source == .windowedPoisson ? drawWindowed(into: buffer, capacity: capacity) : 0
        while n < capacity, let t = next() {
            buffer[n] = t
            n += 1
        }
        return n
    }

    /// `nextWindowed()` in a loop, from local copies of the state: up to `capacity` events into
    /// `buffer`; fewer only when the last window is done (the source is then `.none`).
    private mutating func drawWindowed(into buffer: UnsafeMutablePointer<SimTime>, capacity: Int) -> Int {
        var n = 0
        var position = self.position
        var index = activeIndex
        var generator = self.generator
        let mean = poissonMean
        let starts = active.starts, ends = active.ends
        starts.withUnsafeBufferPointer { starts in
            ends.withUnsafeBufferPointer { ends in
                let count = ends.count
                while n < capacity && index < count {
                    position += mean * generator.exponential()
                    if position < ends[index] {
                        buffer[n] = position
                        n += 1
                    } else {
                        index += 1
                        if index < count { position = starts[index] }
                    }
                }
            }
        }
        self.position = position
        activeIndex = index
        self.generator = generator
        if index >= active.count { source = .none }
        return n
    }

    /// The earliest head of the merged streams (of those at one instant, the earliest in the
    /// list), replaced by its stream's next event: O(log k) for k streams.
    @inline(never)
    private mutating func nextMerged() -> SimTime? {
        guard let first = heads.first else { return nil }
        heads.replaceFirst(with: streams[first.stream].next())
        lastItem = first.stream
        return first.time
    }

    /// The comparisons the merge of a list of processes has made so far (for tests of its cost).
    package var mergeComparisons: Int { heads.comparisons }

    /// The next tick of `ticks` at or after 0, before the horizon and after the last one returned.
    @inline(never)
    private mutating func nextTick() -> SimTime? {
        if let index = tickNext, exact.contains(index), let period = ticks?.period {
            // The very bits of `time(ofIndex:)` (`ExactTicks`), after the last tick, before the horizon.
            tickNext = index + 1
            last = exact.time(ofIndex: index, period: period)
            return last
        }
        guard let ticks else { return nil }
        while let index = tickNext {
            let t = ticks.time(ofIndex: index)
            if t >= horizon { break }
            tickNext = ticks.index(after: index)
            // Wall times skipped by a daylight-saving jump all map to the instant after the gap:
            // keep one event there.
            if t >= 0 && t > last {
                last = t
                exact = ExactTicks(ticks, from: index, time: t)
                return t
            }
        }
        source = .none
        tickNext = nil
        return nil
    }
}
