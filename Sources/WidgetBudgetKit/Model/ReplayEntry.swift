/// One entry of a timeline: what the widget shows from `date` on (WidgetKit's `TimelineEntry`).
public struct ReplayEntry: Sendable, Equatable, Codable {
    /// When WidgetKit should render the entry, in simulation seconds.
    public var date: SimTime

    /// Creates an entry dated `date`.
    public init(date: SimTime) {
        self.date = date
    }
}
