/// `type: windows` as scenarios describe it (``ProviderSpec/windows(_:)``): per time-of-day window
/// a fixed provider, and between windows one entry with `.after(next window start)`
/// (``WindowsProvider``).
public struct WindowsProviderSpec: ProviderDescription {
    /// The windows and their providers.
    public var policies: [WindowedPolicy]

    /// Describes `policies`.
    public init(_ policies: [WindowedPolicy]) { self.policies = policies }

    /// The largest of the windows' timelines (1 without windows).
    public var maxEntries: Int { WindowedPolicy.maxEntries(policies) }

    /// `windows: Mon-Fri 09:30-16:00: 1 entry, after 15m; outside: one entry, after next window`.
    public var summary: String { "windows: " + WindowedPolicy.summary(policies) + "; outside: one entry, after next window" }

    /// The windows provider over `[0, horizon]`.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        .windows(WindowsProvider(windows: policies.map { ($0.window, $0.provider) }, clock: clock, horizon: horizon))
    }
}
