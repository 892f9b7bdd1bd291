/// A timeline: entries and a reload policy (WidgetKit's `Timeline`).
///
/// The engine hands the same `Timeline` value to the provider at every reload, so a provider
/// appends into storage that keeps its capacity: reloads do not allocate once warmed up.
public struct ReplayTimeline: Sendable, Equatable, Codable {
    /// The entries, in ascending date order.
    public var entries: [ReplayEntry]
    /// What to do after them.
    public var policy: ReloadPolicy

    /// Creates a timeline.
    public init(entries: [ReplayEntry] = [], policy: ReloadPolicy = .atEnd) {
        self.entries = entries
        self.policy = policy
    }

    /// Empties the timeline, keeping its storage.
    public mutating func reset() {
        entries.removeAll(keepingCapacity: true)
        policy = .atEnd
    }

    /// The instant at which the policy asks for the next timeline, or `nil` for `.never` (and for
    /// `.atEnd` with no entries).
    public var policyReloadDate: SimTime? {
        switch policy {
        case .atEnd: return entries.last?.date
        case let .after(date): return date
        case .never: return nil
        }
    }
}
