/// The outcome of one widget in one replication.
public struct WidgetRunResult: Sendable, Equatable, Codable {
    /// One entry per day.
    public var days: [DayMetrics]
    /// Every stale stretch of the run (for age quantiles across days).
    public var ageSegments: AgeSegments
    /// Recorded events, in time order (empty with ``EventLevel/none``).
    public var events: [EngineEvent]
    /// The times of the charged grants, ascending, when the run's ``RunDetail/chargeTimes`` asks
    /// for them (the optimizer's needed budget); empty otherwise. Not encoded: no output holds it.
    package var chargeTimes: [SimTime] = []

    private enum CodingKeys: String, CodingKey {
        case days, ageSegments, events
    }
}
