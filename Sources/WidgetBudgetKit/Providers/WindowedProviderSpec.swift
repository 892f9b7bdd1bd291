/// `type: windows` and `type: schedule` as scenarios describe them: per time-of-day window a fixed
/// provider (``ProviderSpec/windows(_:)``, ``ProviderSpec/schedule(_:)``).
public struct WindowedProviderSpec: ProviderDescription {
    /// How the windows are used.
    public enum Kind: Sendable {
        /// Between windows one entry with `.after(next window start)` (``WindowsProvider``).
        case windows
        /// Segments that cover the day, each policy clipped at the next segment start (``ScheduleProvider``).
        case schedule
    }

    /// Windows or schedule.
    public var kind: Kind
    /// The windows and their providers.
    public var policies: [WindowedPolicy]

    /// Describes `policies` used as `kind`.
    public init(_ kind: Kind, _ policies: [WindowedPolicy]) {
        self.kind = kind
        self.policies = policies
    }

    /// The largest of the windows' timelines (1 without windows).
    public var maxEntries: Int { policies.map(\.provider.entries).max() ?? 1 }

    /// `windows: Mon-Fri 09:30-16:00: 1 entry, after 15m; outside: one entry, after next window`.
    public var summary: String {
        let list = policies.map { "\($0.window): \($0.provider.summary)" }.joined(separator: "; ")
        switch kind {
        case .windows: return "windows: " + list + "; outside: one entry, after next window"
        case .schedule: return "schedule: " + list + "; every segment starts with a reload"
        }
    }

    /// The windows provider or the schedule provider over `[0, horizon]`.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        let segments = policies.map { ($0.window, $0.provider) }
        switch kind {
        case .windows: return .windows(WindowsProvider(windows: segments, clock: clock, horizon: horizon))
        case .schedule: return .schedule(ScheduleProvider(segments: segments, clock: clock, horizon: horizon))
        }
    }
}
