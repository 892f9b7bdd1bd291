/// `type: schedule` as scenarios describe it (``ProviderSpec/schedule(_:)``): segments that cover
/// the day, each with a fixed provider whose policy is clipped at the next segment start
/// (``ScheduleProvider``).
public struct ScheduleProviderSpec: ProviderDescription {
    /// The segments and their providers.
    public var policies: [WindowedPolicy]

    /// Describes `policies`.
    public init(_ policies: [WindowedPolicy]) { self.policies = policies }

    /// `schedule`.
    public static var typeName: String { "schedule" }
    /// `segments`: a list of `{during: "…", <fixed provider keys>}` covering the day once.
    public static var keys: [String] { ["segments"] }
    /// A day segment of four entries 15 minutes apart, and a night segment of one entry.
    public static var example: String {
        "{type: schedule, segments: [{during: \"07:00-23:00\", entries: 4, spacing: 15m}, {during: \"23:00-07:00\"}]}"
    }

    /// Reads `segments`: at least one, covering the day once (``ScheduleSpace/coverageProblem(_:)``).
    public static func read<M: ScenarioMapping>(_ m: M) throws -> ScheduleProviderSpec {
        let list = try WindowedPolicy.read(m, key: "segments")
        if let problem = ScheduleSpace.coverageProblem(list.map(\.window)) {
            throw m["segments"]!.error(problem, hint: "e.g. segments \"07:00-23:00\" and \"23:00-07:00\"")
        }
        return ScheduleProviderSpec(list)
    }

    /// The largest of the segments' timelines (1 without segments).
    public var maxEntries: Int { WindowedPolicy.maxEntries(policies) }

    /// `schedule: 07:00-23:00: 12 entries 5m apart, at-end; …; every segment starts with a reload`.
    public var summary: String { "schedule: " + WindowedPolicy.summary(policies) + "; every segment starts with a reload" }

    /// The first segment's provider's first offset (0 without segments).
    public var firstEntryOffset: Double { policies.first?.provider.firstOffset ?? 0 }

    /// The schedule provider over `[0, horizon]`.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        .schedule(ScheduleProvider(segments: policies.map { ($0.window, $0.provider) }, clock: clock, horizon: horizon))
    }

    /// ``ProviderSpec/schedule(_:)``.
    public var spec: ProviderSpec { .schedule(policies) }
}
