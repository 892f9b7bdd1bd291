/// A provider that behaves differently by time of day (the stock widget): inside a window it acts
/// as that window's ``FixedProvider``; outside every window it returns one entry with
/// `.after(next window start)`, so nothing reloads while the market is closed.
public struct WindowsProvider: ReplayProvider, Sendable {
    /// The windows, each with the provider used inside it.
    public var windows: [(window: TimeWindow, provider: FixedProvider)]
    /// The instants each window covers, searched from a guess (``GuessedIntervals``).
    private var intervals: [GuessedIntervals]

    /// Creates the provider; `clock` and `horizon` fix the instants the windows cover.
    public init(windows: [(window: TimeWindow, provider: FixedProvider)], clock: LocalClock, horizon: Double) {
        self.windows = windows
        intervals = windows.map {
            GuessedIntervals(IntervalSet(windows: [$0.window], clock: clock, from: 0, to: horizon + 8 * Seconds.day))
        }
    }

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    public func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        for i in windows.indices where intervals[i].contains(context.now) {
            windows[i].provider.getTimeline(in: context, into: &timeline)
            return
        }
        timeline.append(date: context.now)
        timeline.policy = nextWindowStart(after: context.now).map { .after($0) } ?? .never
    }

    /// The timeline of a reload at `now` as numbers (the one ``getTimeline(in:into:)`` builds
    /// with `context.now` = `now` and `context.clock` = `clock`), or `nil` when the window's
    /// provider's is not stored so (``FixedProvider/evenTimeline(at:clock:)``).
    @inline(__always)
    package func evenTimeline(at now: SimTime, clock: LocalClock) -> EvenTimeline? {
        for i in windows.indices where intervals[i].contains(now) {
            return windows[i].provider.evenTimeline(at: now, clock: clock)
        }
        return EvenTimeline(first: now, policy: nextWindowStart(after: now).map { .after($0) } ?? .never)
    }

    /// The first window start strictly after `t`, or `nil` (without building a list of the
    /// windows' next starts: ``ScheduleProvider`` asks at every reload).
    func nextWindowStart(after t: SimTime) -> SimTime? {
        var first: SimTime?
        for interval in intervals {
            if let start = interval.nextStart(after: t), first.map({ start < $0 }) ?? true { first = start }
        }
        return first
    }
}
