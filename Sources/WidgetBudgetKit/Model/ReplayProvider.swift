/// What the provider sees when WidgetKit asks for a timeline.
public struct ReplayContext: Sendable {
    /// The moment `getTimeline` runs, in simulation seconds.
    public var now: SimTime
    /// The user's local clock.
    public var clock: LocalClock
    /// The widget's unpredictable content changes (a provider may look only at those up to `now`).
    public var unpredictableChanges: EventTimes
    /// The widget family (`small`, `medium`, `large`, ...).
    public var family: String

    /// Creates a context.
    public init(now: SimTime, clock: LocalClock, unpredictableChanges: EventTimes = .none, family: String = "small") {
        self.now = now
        self.clock = clock
        self.unpredictableChanges = unpredictableChanges
        self.family = family
    }
}

/// A widget's timeline logic, replayed by the engine: the counterpart of WidgetKit's
/// `TimelineProvider.getTimeline(in:completion:)`.
///
/// Conform your own type to replay your provider's logic against budgets and memory limits:
///
/// ```swift
/// struct Every15Minutes: ReplayProvider {
///     mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
///         for i in 0..<4 { timeline.entries.append(ReplayEntry(date: context.now + Double(i) * 900)) }
///         timeline.policy = .atEnd
///     }
/// }
/// ```
public protocol ReplayProvider {
    /// Fills `timeline` (handed over empty) for a reload at `context.now`: entries in ascending
    /// date order and a reload policy.
    mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline)
}
