/// The outcome of one widget in one replication.
public struct WidgetRunResult: Sendable, Equatable, Codable {
    /// One entry per day: in memory, or in a ``DayStore`` once the run has finished
    /// (``DayList``, `Simulator` runs given `days:`).
    public var days: DayList
    /// Every stale stretch of the run, in time order (for age curves and age quantiles across
    /// days); empty when the run kept only their shapes (``ageShapes``).
    public var ageSegments: AgeSegments
    /// Recorded events, in time order (empty with ``EventLevel/none``).
    public var events: [EngineEvent]
    /// The times of the charged grants, ascending, when the run's ``RunDetail/chargeTimes`` asks
    /// for them (the optimizer's needed budget); empty otherwise. Not encoded: no output holds it.
    package var chargeTimes: [SimTime] = []
    /// Every stale stretch of the run in order, without its time, when the run kept only that
    /// (`RunDetail.stretchTimes` off: ``ageSegments`` is then empty); empty otherwise. Not
    /// encoded: no output holds it.
    public internal(set) var ageShapes = AgeShapes()
    /// What the run kept for the figures of `report` and `compare` (`RunDetail.figures`): one
    /// day's stretches with their times, the stale seconds per local hour of its first days;
    /// `nil` when it kept none (its figures then read ``ageSegments``). Not encoded.
    package var figures: RunFigures?
    /// The highest entry index any of the run's delivered timelines reached (`RunDetail.reach`,
    /// ``TimelineReach``): a run of a provider with `n` entries where `reach + 1 < n` is the run of
    /// the same provider with any other count above `reach + 1` whose timelines meet the same
    /// fate (``DeliveryFate``). `Int.max` when the run did not measure it. Not encoded.
    package var reach = Int.max

    private enum CodingKeys: String, CodingKey {
        case days, ageSegments, events
    }
}
