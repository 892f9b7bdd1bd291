/// When WidgetKit should ask the provider for the next timeline (WidgetKit's
/// `TimelineReloadPolicy`).
public enum ReloadPolicy: Sendable, Equatable, Codable {
    /// Ask for a new timeline after the last entry's date.
    case atEnd
    /// Ask again at the given instant (simulation seconds); it may fall before or after the last entry.
    case after(SimTime)
    /// Never ask again; only the app (`reloadTimelines(ofKind:)`) or an App Intent reloads.
    case never
}
