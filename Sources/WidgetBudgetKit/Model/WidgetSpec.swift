/// A widget on the home screen: its kind, its provider, how its content changes and how often the
/// user looks at it.
public struct WidgetSpec: Sendable, Equatable, Codable {
    /// The name in reports (defaults to the kind; unique within a scenario).
    public var name: String
    /// The widget kind (`reloadTimelines(ofKind:)` targets it).
    public var kind: String
    /// The family: small, medium, large, extra-large, accessory-... .
    public var family: String
    /// The provider's logic.
    public var provider: ProviderSpec
    /// Changes known in advance: an entry dated at or after one can show it.
    public var predictable: EventProcess
    /// Changes known only to a timeline fetched after them.
    public var unpredictable: EventProcess
    /// When the user looks at the widget.
    public var views: EventProcess
    /// True when the predictable changes are drawn by a self-updating view
    /// (`Text(date, style: .timer)`, `.relative`, `ProgressView(timerInterval:)`): they never make
    /// the display stale, whatever the entries (OBSERVED #6).
    public var selfUpdating = false
    /// True when the predictable changes are the passing of time itself (a countdown, a timer, a
    /// relative date: `content.predictable.time_only`), which a self-updating view can draw; only
    /// then does the optimizer try one (``OptimizationProblem/selfUpdatingCandidate``).
    public var timeOnly = false
    /// How many copies of this widget are on the Home Screen (this spec is one of them): each has
    /// its own budget and random streams; when more than one, each is tapped on its own.
    public var instances = 1
    /// Which copy this is, 1…``instances``.
    public var instance = 1

    /// True when the scenario says how the widget's content changes (predictable or unpredictable
    /// changes): without either, nothing ever makes the display stale, so freshness and age
    /// measure nothing and every policy looks 100 % fresh.
    public var hasContent: Bool { !(predictable.isNone && unpredictable.isNone) }

    /// Creates a widget.
    public init(
        name: String? = nil, kind: String, family: String = "small", provider: ProviderSpec,
        predictable: EventProcess = .none, unpredictable: EventProcess = .none, views: EventProcess = .none
    ) {
        self.name = name ?? kind
        self.kind = kind
        self.family = family
        self.provider = provider
        self.predictable = predictable
        self.unpredictable = unpredictable
        self.views = views
    }
}
