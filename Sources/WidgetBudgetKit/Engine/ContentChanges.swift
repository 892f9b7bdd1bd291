/// Predictable content changes as the engine asks about them: "the first change after t".
///
/// A drawn list, or, for an `every` process without `during` windows, the ticks themselves,
/// computed on demand from `PeriodicTicks` with the very arithmetic that would have drawn them: the
/// same answers to the bit, and no list over the horizon (a ten-year replay of a per-minute change
/// would otherwise hold five million instants).
package enum ContentChanges: Sendable {
    /// Changes drawn in advance.
    case list(EventTimes)
    /// The ticks of an `every` process.
    case periodic(PeriodicTicks)

    /// The changes of `process` over `[0, horizon)`; `generator` is advanced as
    /// `EventProcess.generate` advances it.
    package init(_ process: EventProcess, horizon: Double, clock: LocalClock, generator: inout SeededGenerator) {
        if case let .every(period, offset) = process.pattern, process.during.isEmpty {
            self = .periodic(PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon))
        } else {
            self = .list(process.generate(horizon: horizon, clock: clock, generator: &generator))
        }
    }

    /// True when nothing changes over the horizon.
    package var isEmpty: Bool {
        switch self {
        case let .list(times): return times.count == 0
        case let .periodic(ticks): return ticks.firstAfter(-.infinity) == .infinity
        }
    }

    /// The first change strictly after `t`, or `+infinity`.
    package func firstAfter(_ t: SimTime) -> SimTime {
        switch self {
        case let .list(times): return times.firstAfter(t)
        case let .periodic(ticks): return ticks.firstAfter(t)
        }
    }

    /// Every change in order, read one at a time: the instants of ``eventTimes`` without a list
    /// over the horizon for the ticks (the event log of `--events all` sent to a sink, whose memory
    /// then does not grow with the changes).
    package var stream: EventStream {
        switch self {
        case let .list(times): return EventStream(list: times)
        case let .periodic(ticks): return EventStream(ticks: ticks)
        }
    }

    /// Every change, as a list (for the event log of `--events all`).
    package var eventTimes: EventTimes {
        switch self {
        case let .list(times): return times
        case let .periodic(ticks): return EventTimes(Array(IteratorSequence(EventStream(ticks: ticks))))
        }
    }
}
