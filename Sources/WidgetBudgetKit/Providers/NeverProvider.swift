/// One entry, `.never`: the widget changes only when the app calls `reloadTimelines(ofKind:)`.
public struct NeverProvider: ReplayProvider, Sendable, Equatable, Codable {
    /// Creates the provider.
    public init() {}

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    public func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        timeline.append(date: context.now)
        timeline.policy = .never
    }
}
