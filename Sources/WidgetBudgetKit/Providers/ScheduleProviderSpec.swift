/// `type: schedule` as scenarios describe it (``ProviderSpec/schedule(_:)``): segments that cover
/// the day, each with a fixed provider whose policy is clipped at the next segment start
/// (``ScheduleProvider``).
public struct ScheduleProviderSpec: ProviderDescription {
    /// The segments and their providers.
    public var policies: [WindowedPolicy]

    /// Describes `policies`.
    public init(_ policies: [WindowedPolicy]) { self.policies = policies }

    /// The largest of the segments' timelines (1 without segments).
    public var maxEntries: Int { WindowedPolicy.maxEntries(policies) }

    /// `schedule: 07:00-23:00: 12 entries 5m apart, at-end; …; every segment starts with a reload`.
    public var summary: String { "schedule: " + WindowedPolicy.summary(policies) + "; every segment starts with a reload" }

    /// The schedule provider over `[0, horizon]`.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        .schedule(ScheduleProvider(segments: policies.map { ($0.window, $0.provider) }, clock: clock, horizon: horizon))
    }
}
