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

    /// The largest timeline this provider can return (for memory checks before running).
    public var maxEntries: Int {
        switch self {
        case let .fixed(p): return p.entries
        case let .untilFull(p):
            let step = p.ratePerHour * p.spacing / Seconds.hour
            return step > 0 ? min(Int.max - 1, Bounds.saturatingInt(((p.full - min(p.level, p.full)) / step).rounded(.up))) + 1 : 1
        case let .windows(list), let .schedule(list): return list.map(\.provider.entries).max() ?? 1
        case .never: return 1
        }
    }

    /// One line in plain words, for reports.
    public var summary: String {
        switch self {
        case let .fixed(p): return FixedProviderDescription.describe(p)
        case let .untilFull(p):
            return
                "until-full: level \(DurationFormat.number(p.level)) → \(DurationFormat.number(p.full)) at \(DurationFormat.number(p.ratePerHour))/h, entries every \(DurationFormat.string(p.spacing))"
        case let .windows(list):
            return "windows: " + list.map { "\($0.window): \(FixedProviderDescription.describe($0.provider))" }.joined(separator: "; ")
                + "; outside: one entry, after next window"
        case let .schedule(list):
            return "schedule: " + list.map { "\($0.window): \(FixedProviderDescription.describe($0.provider))" }.joined(separator: "; ")
                + "; every segment starts with a reload"
        case .never: return "never: one entry, app reloads only"
        }
    }

    /// Builds the runnable provider for a run.
    public func makeProvider(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        switch self {
        case let .fixed(p): return .fixed(p)
        case let .untilFull(p): return .untilFull(p)
        case let .windows(list):
            return .windows(WindowsProvider(windows: list.map { ($0.window, $0.provider) }, clock: clock, horizon: horizon))
        case let .schedule(list):
            return .schedule(ScheduleProvider(segments: list.map { ($0.window, $0.provider) }, clock: clock, horizon: horizon))
        case .never: return .never(NeverProvider())
        }
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
}

/// A built-in provider ready to run (an enum rather than an existential, so calls are direct).
public enum BuiltInProvider: ReplayProvider, Sendable {
    case fixed(FixedProvider)
    case untilFull(UntilFullProvider)
    case windows(WindowsProvider)
    case schedule(ScheduleProvider)
    case never(NeverProvider)

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    public mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        switch self {
        case var .fixed(p):
            p.getTimeline(in: context, into: &timeline)
        case var .untilFull(p):
            p.getTimeline(in: context, into: &timeline)
            self = .untilFull(p)
        case var .windows(p):
            p.getTimeline(in: context, into: &timeline)
            self = .windows(p)
        case var .schedule(p):
            p.getTimeline(in: context, into: &timeline)
            self = .schedule(p)
        case var .never(p):
            p.getTimeline(in: context, into: &timeline)
        }
    }
}

enum FixedProviderDescription {
    static func describe(_ p: FixedProvider) -> String {
        var text = "\(p.entries) entr\(p.entries == 1 ? "y" : "ies")"
        if p.entries > 1 { text += " \(DurationFormat.string(p.spacing)) apart" }
        if p.firstOffset != 0 { text += ", first at +\(DurationFormat.string(p.firstOffset))" }
        if p.align != .none { text += ", aligned to the \(p.align.rawValue)" }
        return text + ", \(p.policy)"
    }
}
