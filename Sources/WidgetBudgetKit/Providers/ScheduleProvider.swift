/// A provider with one ``FixedProvider`` per time-of-day segment, every segment starting with a
/// reload (`type: schedule`; what the optimizer's schedule search recommends).
///
/// At a reload inside segment s it returns segment s's timeline, with the policy clipped at the
/// next segment start N: `.after(t)` becomes `.after(min(t, N))`, `.never` ("no reload until the
/// next segment") becomes `.after(N)`, and `.atEnd` becomes `.after(N)` when the last entry is
/// dated after N. So a 2-hour interval asked for at 08:30 in a 07:00–09:00 segment reloads at
/// 09:00, where the next segment's policy takes over. (``WindowsProvider`` does not clip: there a
/// policy may run past its window's end.) Outside every segment (segments that leave a gap) it
/// behaves as ``WindowsProvider``: one entry and `.after(next segment start)`.
public struct ScheduleProvider: ReplayProvider, Sendable {
    /// The segments, each with the provider used inside it, run as a ``WindowsProvider``.
    public var windows: WindowsProvider

    /// Creates the provider; `clock` and `horizon` fix the instants the segments cover.
    public init(segments: [(window: TimeWindow, provider: FixedProvider)], clock: LocalClock, horizon: Double) {
        windows = WindowsProvider(windows: segments, clock: clock, horizon: horizon)
    }

    /// The timeline of the segment holding `context.now`, its policy clipped at the next segment start.
    public func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        windows.getTimeline(in: context, into: &timeline)
        // Outside every segment the policy is already `.after(next start)`, which clipping keeps.
        guard let next = windows.nextWindowStart(after: context.now) else { return }
        timeline.policy = Self.clip(timeline.policy, lastEntry: timeline.lastDate, at: next)
    }

    /// `policy` clipped so that the next reload comes no later than `boundary`.
    static func clip(_ policy: ReloadPolicy, lastEntry: SimTime?, at boundary: SimTime) -> ReloadPolicy {
        switch policy {
        case let .after(t): return .after(min(t, boundary))
        case .never: return .after(boundary)
        case .atEnd: return (lastEntry ?? boundary) > boundary ? .after(boundary) : .atEnd
        }
    }
}
