/// A built-in provider as a scenario describes it.
public enum ProviderSpec: Sendable, Equatable, Codable {
    /// `type: fixed`.
    case fixed(FixedProvider)
    /// `type: until-full`.
    case untilFull(UntilFullProvider)
    /// `type: windows`: per window a fixed provider.
    case windows([WindowedPolicy])
    /// `type: schedule`: a time-of-day schedule, per segment a fixed provider,
    /// its policy clipped at the next segment start (``ScheduleProvider``).
    case schedule([WindowedPolicy])
    /// `type: never`.
    case never

    /// The case's payload as a ``ProviderDescription``: what the provider says about itself.
    public var payload: any ProviderDescription {
        switch self {
        case let .fixed(p): p
        case let .untilFull(p): p
        case let .windows(list): WindowsProviderSpec(list)
        case let .schedule(list): ScheduleProviderSpec(list)
        case .never: NeverProvider()
        }
    }

    /// The largest timeline this provider can return (for memory checks before running).
    public var maxEntries: Int { payload.maxEntries }

    /// One line in plain words, for reports.
    public var summary: String { payload.summary }

    /// Builds the runnable provider for a run.
    public func makeProvider(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        payload.makeRunnable(clock: clock, horizon: horizon)
    }
}

/// A time-of-day window and the fixed provider used inside it.
public struct WindowedPolicy: Sendable, Equatable, Codable {
    /// The window.
    public var window: TimeWindow
    /// The provider inside it.
    public var provider: FixedProvider

    /// Creates a windowed policy.
    public init(window: TimeWindow, provider: FixedProvider) {
        self.window = window
        self.provider = provider
    }

    /// The largest timeline of `policies`' providers (1 when there are none).
    static func maxEntries(_ policies: [WindowedPolicy]) -> Int { policies.map(\.provider.entries).max() ?? 1 }

    /// `Mon-Fri 09:30-16:00: 1 entry, after 15m; …`: each window and its provider.
    static func summary(_ policies: [WindowedPolicy]) -> String {
        policies.map { "\($0.window): \($0.provider.summary)" }.joined(separator: "; ")
    }
}

/// A built-in provider ready to run (an enum rather than an existential, so the engine's calls to
/// `getTimeline` are direct).
///
/// Only ``UntilFullProvider`` changes as it runs; the others fill timelines without changing, so
/// they are read in place rather than copied out of the enum and stored back at every reload.
public enum BuiltInProvider: ReplayProvider, Sendable {
    /// ``FixedProvider``.
    case fixed(FixedProvider)
    /// ``UntilFullProvider``.
    case untilFull(UntilFullProvider)
    /// ``WindowsProvider``.
    case windows(WindowsProvider)
    /// ``ScheduleProvider``.
    case schedule(ScheduleProvider)
    /// ``NeverProvider``.
    case never(NeverProvider)

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    public mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        switch self {
        case let .fixed(p):
            p.getTimeline(in: context, into: &timeline)
        case var .untilFull(p):
            p.getTimeline(in: context, into: &timeline)
            self = .untilFull(p)
        case let .windows(p):
            p.getTimeline(in: context, into: &timeline)
        case let .schedule(p):
            p.getTimeline(in: context, into: &timeline)
        case let .never(p):
            p.getTimeline(in: context, into: &timeline)
        }
    }
}
