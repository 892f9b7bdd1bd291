/// A widget kind found in a configuration, with its provider and views.
public struct WidgetModel: Sendable, Equatable {
    /// The kind (`StaticConfiguration(kind:)`).
    public var kind: Sourced<String>
    /// The provider's type name.
    public var providerName: String
    /// The provider's timeline, when found.
    public var provider: ProviderModel?
    /// Where a view of the widget updates itself (`Text(date, style: .relative)`), when one does.
    public var selfUpdating: SourcePlace?
}

/// An app's `reloadTimelines(ofKind:)` or `reloadAllTimelines()` call.
public struct AppReload: Sendable, Equatable {
    /// The kind reloaded; nil for `reloadAllTimelines()`.
    public var kind: String?
    /// Where the call sits.
    public var site: ReloadSite
    /// The call.
    public var place: SourcePlace
    /// The functions between the site and the call, outermost first, when the site was found
    /// through callers (`handleRegionEntry`, `triggerWidgetRefresh`); empty when the call sits there.
    public var via: [String] = []
    /// The function (or property observer) the call sits in: calls of one scope and site run
    /// together, so the scenario makes them one trigger. Nil at the top level of a closure of a property.
    public var scope: SourcePlace? = nil
    /// The `debounce(for:)` / `throttle(for:)` interval around it, seconds, when one was read.
    public var throttle: Sourced<Double>? = nil
}
