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
        if let i = window(at: context.now) {
            windows[i].provider.getTimeline(in: context, into: &timeline)
            return
        }
        timeline.append(date: context.now)
        timeline.policy = closedPolicy(at: context.now)
    }

    /// The timeline of a reload at `now` as numbers (the one ``getTimeline(in:into:)`` builds
    /// with `context.now` = `now` and `context.clock` = `clock`), or `nil` when the window's
    /// provider's is not stored so (``FixedProvider/evenTimeline(at:clock:)``).
    @inline(__always)
    package func evenTimeline(at now: SimTime, clock: LocalClock) -> EvenTimeline? {
        if let i = window(at: now) { return windows[i].provider.evenTimeline(at: now, clock: clock) }
        return EvenTimeline(first: now, policy: closedPolicy(at: now))
    }

    /// ``evenTimeline(at:clock:)`` with the window found through `memory`: the window a reload
    /// asks, kept with the instants that ask the same one (a window's day, the night between), so
    /// that the reloads after the first of them skip the search (#26 engine-2 `grant`).
    /// `memory` belongs to this provider: a new one (``WindowMemory/init()``) knows nothing.
    @inline(__always)
    package func evenTimeline(at now: SimTime, clock: LocalClock, memory: inout WindowMemory) -> EvenTimeline? {
        if !(now >= memory.from && now <= memory.through) { memory = remember(at: now) }
        let i = memory.window
        if i >= 0 { return windows[i].provider.evenTimeline(at: now, clock: clock) }
        // Outside every window, the next change is the next window's start (``closedPolicy(at:)``).
        let start = memory.nextChange
        return EvenTimeline(first: now, policy: start < .infinity ? .after(start) : .never)
    }

    /// The window a reload at `t` asks (``window(at:)``, -1 for none), and the instants from `t`
    /// to just before the first change of any window after `t` (an end or a start), which all
    /// ask the same: each window covers all of them or none.
    ///
    /// Outside every window that change is the first window start after any of those instants,
    /// what ``nextWindowStart(after:)`` answers there (`+infinity` for its `nil`): a window not
    /// covering `t` changes next at its next start after `t` (`containsAndChange`'s, the same
    /// interval `nextStart(after:)` finds), and no start comes between `t` and the first of them.
    /// The closed timeline's policy is read from it (#26 engine-2, round 15 `grant`).
    @inline(never)
    private func remember(at t: SimTime) -> WindowMemory {
        var window = -1
        var change = SimTime.infinity
        for i in windows.indices {
            let (covers, until) = intervals[i].containsAndChange(t)
            if covers && window < 0 { window = i }
            if until < change { change = until }
        }
        return WindowMemory(from: t, through: change.nextDown, window: window, nextChange: change)
    }

    /// The first window covering `t`, whose provider a reload at `t` asks; `nil` outside every
    /// window. (A loop, not `indices.first { … }`: inlined into the engine's grant, a closure may
    /// stay a call.)
    @inline(__always)
    private func window(at t: SimTime) -> Int? {
        for i in windows.indices where intervals[i].contains(t) { return i }
        return nil
    }

    /// The policy of the one-entry timeline returned at `t` outside every window: reload at the
    /// next window's start, or never when none comes.
    @inline(__always)
    private func closedPolicy(at t: SimTime) -> ReloadPolicy {
        nextWindowStart(after: t).map { .after($0) } ?? .never
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

/// The window a ``WindowsProvider``'s reloads ask (an index into its windows, -1 for none) over
/// the instants `from ... through` (none at first): kept by the engine between reloads
/// (``WindowsProvider/evenTimeline(at:clock:memory:)``).
package struct WindowMemory: Sendable {
    /// The first instant known.
    var from = SimTime.infinity
    /// The last instant known.
    var through = -SimTime.infinity
    /// The window they ask, or -1.
    var window = -1
    /// The first change of any window after them (`+infinity`: none): for `window` -1, the next
    /// window's start.
    var nextChange = SimTime.infinity

    /// Nothing known.
    package init() {}

    /// `window` asked by the instants `from ... through`, the windows' next change at `nextChange`.
    init(from: SimTime, through: SimTime, window: Int, nextChange: SimTime) {
        self.from = from
        self.through = through
        self.window = window
        self.nextChange = nextChange
    }
}
