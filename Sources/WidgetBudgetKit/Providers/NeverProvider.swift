/// One entry, `.never`: the widget changes only when the app calls `reloadTimelines(ofKind:)`.
public struct NeverProvider: TimelineProvider, Sendable, Equatable {
    /// Creates the provider.
    public init() {}

    public mutating func getTimeline(in context: TimelineContext, into timeline: inout Timeline) {
        timeline.entries.append(TimelineEntry(date: context.now))
        timeline.policy = .never
    }
}
