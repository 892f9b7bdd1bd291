/// When something happens: content changes, user views, app reloads, foreground sessions.
///
/// In scenario files: `none`, `{every: 1m, offset: 0s}`, `{poisson: {per_hour: 2}}`,
/// `{at: [1h, 3h30m]}` or `{trace: file.csv}`, any of them with `during: "07:00-23:00"`, or a list
/// of those whose events are merged, so that rates can differ by time of day:
/// `[{poisson: {per_hour: 20}, during: "07:00-09:00"}, {poisson: {per_hour: 1}, during: "09:00-17:00"}]`.
public struct EventProcess: Sendable, Equatable, Codable {
    /// The shape of the process.
    public indirect enum Pattern: Sendable, Equatable, Codable {
        /// Never happens.
        case none
        /// Regularly, every `period` seconds, at local wall-clock multiples of the period plus
        /// `offset` (so `every: 1m` means "at each whole minute").
        case every(period: Double, offset: Double)
        /// A Poisson process with `perHour` events per hour on average.
        case poisson(perHour: Double)
        /// At given instants (seconds from the start): from `at:` or a trace file.
        case times([SimTime])
        /// The events of every process in the list, merged in time order (an instant that two
        /// processes both produce happens twice). Item `k` draws from its own random stream, so
        /// adding an item never shifts the others' events.
        case merged([EventProcess])
    }

    /// The shape of the process.
    public var pattern: Pattern
    /// When set, only events inside these windows happen.
    public var during: [TimeWindow]

    /// Creates a process.
    public init(_ pattern: Pattern, during: [TimeWindow] = []) {
        self.pattern = pattern
        self.during = during
    }

    /// A process that never fires.
    public static let none = EventProcess(.none)

    /// True when the process never fires.
    public var isNone: Bool {
        if case .none = pattern { return true }
        if case let .times(list) = pattern { return list.isEmpty }
        if case let .merged(items) = pattern { return items.allSatisfy(\.isNone) }
        return false
    }

    /// The expected number of events over `horizon` seconds, ignoring `during` (an upper bound on
    /// average; ``expectedCount(horizon:clock:)`` counts the windows).
    public func expectedCount(horizon: Double) -> Double {
        switch pattern {
        case .none: return 0
        case let .every(period, _): return horizon / period
        case let .poisson(perHour): return horizon / Seconds.hour * perHour
        case let .times(list): return Double(list.count)
        case let .merged(items): return items.reduce(0) { $0 + $1.expectedCount(horizon: horizon) }
        }
    }

    /// Above this many events expected (512 KB of times, `expectedCount(horizon:)`, which counts
    /// no `during` window: an upper bound), a random process's list is counted before it is
    /// drawn and allocated once. Below, it grows by doubling: a few hundred kilobytes at most,
    /// where drawing every event twice would cost more (`stock-market-hours`' year: 13 M
    /// instructions, +15 %) and the per-day cost of short runs would move.
    package static let countedAbove = 65_536.0

    /// Draws the process's events in `[0, horizon)` (all of `EventStream`'s, as one list).
    ///
    /// `generator` (the purpose's stream) only keys the items' own streams: it is left one draw on,
    /// whatever the process and however many events it drew.
    package func generate(horizon: Double, clock: LocalClock, generator: inout SeededGenerator) -> EventTimes {
        var stream = EventStream(self, horizon: horizon, clock: clock, generator: generator)
        var out: [SimTime] = []
        if case let .every(period, _) = pattern, horizon / period < 1e8 {
            out.reserveCapacity(Int(horizon / period) + 1)
        } else if expectedCount(horizon: horizon) > Self.countedAbove {
            // Counted first on a copy (which draws the same times), so that the list is allocated
            // once at its size: grown by doubling, it held up to 1.5 times its size at once, and
            // rounded up to a power of two (issue #26: `stock-market-hours`' million price ticks
            // in 10 years, 8 MB, peaked at 12.6 MB).
            var copy = stream
            var count = 0
            Self.drain(&copy) { count += $0.count }
            out.reserveCapacity(count)
        }
        Self.drain(&stream) { out.append(contentsOf: $0) }
        _ = generator.next()
        return EventTimes(out)
    }

    /// Hands `stream`'s events to `body`, a block at a time, in order, until it ends (a windowed
    /// Poisson process draws a block in one loop: `EventStream.next(into:capacity:)`).
    private static func drain(_ stream: inout EventStream, _ body: (UnsafeBufferPointer<SimTime>) -> Void) {
        let size = 256
        withUnsafeTemporaryAllocation(of: SimTime.self, capacity: size) { block in
            guard let base = block.baseAddress else { return }
            while true {
                let n = stream.next(into: base, capacity: size)
                body(UnsafeBufferPointer(start: base, count: n))
                if n < size { return }
            }
        }
    }
}
