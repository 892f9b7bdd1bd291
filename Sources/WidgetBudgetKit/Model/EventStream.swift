/// The events of an `EventProcess` in `[0, horizon)`, drawn one at a time, ascending.
///
/// The stream draws exactly what `EventProcess.generate` returns (that is built on it), in the same
/// order from the same generator, but holds only its position: a periodic process over a thousand
/// years costs no more memory than over a day.
package struct EventStream: IteratorProtocol, Sendable {
    private enum Source: Sendable {
        /// No events, or a `Plain` source.
        case empty
        case ticks(PeriodicTicks, next: Double?)
        /// A list of processes: each item's stream and its next event, merged in time order.
        case merged([EventStream], heads: [SimTime?])
    }

    /// The busiest sources, without payload: told apart by this byte before `source`, since a
    /// switch over `source` copies its whole payload (over 100 bytes) to tell its cases apart.
    private enum Plain: UInt8, Sendable {
        /// `source` says.
        case none
        /// Exponential gaps of mean `poissonMean` after `position`.
        case poisson
        /// `listTimes[listNext...]`.
        case list
    }

    private var source = Source.empty
    private var plain = Plain.none
    // The state of the busiest sources, kept outside `source` so that a draw updates a number
    // instead of rebuilding the enum (a copy and a destruction of its payload per draw).
    private var poissonMean = 0.0
    private var position = 0.0
    private var listTimes: [SimTime] = []
    private var listNext = 0
    private let horizon: Double
    /// The `during` windows' intervals (`filtered`): an event counts only inside one.
    private let filtered: Bool
    private let active: IntervalSet
    /// `active`'s cursor: the first interval ending after the last event drawn (events ascend).
    private var activeIndex = 0
    private var last = -Double.infinity
    /// The generator, advanced by every draw so far (a Poisson process draws; others do not).
    package private(set) var generator: SeededGenerator

    /// The stream of `process` over `[0, horizon)`, drawing from `generator` (a Poisson process).
    package init(_ process: EventProcess, horizon: Double, clock: LocalClock, generator: SeededGenerator) {
        self.horizon = horizon
        self.generator = generator
        switch process.pattern {
        case .none:
            break
        case let .every(period, offset):
            let ticks = PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon)
            source = .ticks(ticks, next: ticks.firstIndex)
        case let .poisson(perHour):
            plain = perHour > 0 ? .poisson : .none
            poissonMean = perHour > 0 ? Seconds.hour / perHour : 0
        case let .times(list):
            plain = .list
            listTimes = list.filter { $0 >= 0 && $0 < horizon }.sorted()
        case let .merged(items):
            // Item k draws from its own stream, derived from one draw of the generator.
            let base = self.generator.next()
            var streams = items.enumerated().map { k, item in
                EventStream(item, horizon: horizon, clock: clock, generator: SeededGenerator(seed: base, stream: [UInt64(k)]))
            }
            var heads: [SimTime?] = []
            for k in streams.indices { heads.append(streams[k].next()) }
            source = .merged(streams, heads: heads)
        }
        active = process.during.isEmpty ? .empty : IntervalSet(windows: process.during, clock: clock, from: 0, to: horizon)
        filtered = !process.during.isEmpty
    }

    /// The ticks of an `every` process without `during` windows.
    package init(ticks: PeriodicTicks) {
        horizon = ticks.horizon
        generator = SeededGenerator(seed: 0)
        source = .ticks(ticks, next: ticks.firstIndex)
        filtered = false
        active = .empty
    }

    /// The instants of `list`, already drawn.
    package init(list: EventTimes) {
        horizon = .infinity
        generator = SeededGenerator(seed: 0)
        plain = .list
        listTimes = list.times
        filtered = false
        active = .empty
    }

    /// The next event, or `nil` after the last.
    package mutating func next() -> SimTime? {
        while let t = nextUnfiltered() {
            if !filtered || active.contains(t, cursor: &activeIndex) { return t }
        }
        return nil
    }

    private mutating func nextUnfiltered() -> SimTime? {
        switch plain {
        case .poisson:
            position += -poissonMean * log1pNegative(generator.unit())
            guard position < horizon else {
                plain = .none
                return nil
            }
            return position
        case .list:
            guard listNext < listTimes.count else { return nil }
            listNext += 1
            return listTimes[listNext - 1]
        case .none:
            break
        }
        switch source {
        case .empty:
            return nil
        case let .ticks(ticks, next):
            var k = next
            while let index = k {
                let t = ticks.time(ofIndex: index)
                if t >= horizon { break }
                k = ticks.index(after: index)
                // Wall times skipped by a daylight-saving jump all map to the instant after the gap:
                // keep one event there.
                if t >= 0 && t > last {
                    last = t
                    source = .ticks(ticks, next: k)
                    return t
                }
            }
            source = .empty
            return nil
        case .merged(var streams, var heads):
            var first = -1
            for k in heads.indices {
                if let t = heads[k], first < 0 || t < heads[first]! { first = k }
            }
            guard first >= 0, let t = heads[first] else { return nil }
            source = .empty  // Not holding a second reference while the arrays change.
            heads[first] = streams[first].next()
            source = .merged(streams, heads: heads)
            return t
        }
    }
}
