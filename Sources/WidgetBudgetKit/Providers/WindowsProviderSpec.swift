/// `type: windows` as scenarios describe it (``ProviderSpec/windows(_:)``): per time-of-day window
/// a fixed provider, and between windows one entry with `.after(next window start)`
/// (``WindowsProvider``).
public struct WindowsProviderSpec: ProviderDescription {
    /// The windows and their providers.
    public var policies: [WindowedPolicy]

    /// Describes `policies`.
    public init(_ policies: [WindowedPolicy]) { self.policies = policies }

    /// `windows`.
    public static var typeName: String { "windows" }
    /// `windows`: a list of `{during: "…", <fixed provider keys>}`.
    public static var keys: [String] { ["windows"] }
    /// Four entries 15 minutes apart during weekday market hours.
    public static var example: String {
        "{type: windows, windows: [{during: \"weekdays 09:30-16:00\", entries: 4, spacing: 15m}]}"
    }

    /// Reads `windows`: at least one item, each one window and a fixed provider's keys.
    public static func read<M: ScenarioMapping>(_ m: M) throws -> WindowsProviderSpec {
        WindowsProviderSpec(try WindowedPolicy.read(m, key: "windows"))
    }

    /// The largest of the windows' timelines (1 without windows).
    public var maxEntries: Int { WindowedPolicy.maxEntries(policies) }

    /// `windows: Mon-Fri 09:30-16:00: 1 entry, after 15m; outside: one entry, after next window`.
    public var summary: String { "windows: " + WindowedPolicy.summary(policies) + "; outside: one entry, after next window" }

    /// The first window's provider's first offset (0 without windows).
    public var firstEntryOffset: Double { policies.first?.provider.firstOffset ?? 0 }

    /// The windows provider over `[0, horizon]`.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        .windows(WindowsProvider(windows: policies.map { ($0.window, $0.provider) }, clock: clock, horizon: horizon))
    }

    /// ``ProviderSpec/windows(_:)``.
    public var spec: ProviderSpec { .windows(policies) }
}
