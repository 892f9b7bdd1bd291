/// How WidgetKit schedules reloads and renders.
public struct SystemSettings: Sendable, Equatable, Codable {
    /// Added to every policy reload time (seed 003 saw 1–2 min in the simulator).
    public var reloadDelay: DelayDistribution
    /// Added to every entry's date before it renders.
    public var renderDelay: DelayDistribution
    /// Added to every app-requested reload made from the foreground (`origin: foreground`, the
    /// default; developers report 2–30 s, OBSERVED #11; a tap's reload showed at once, #14). Drawn
    /// for each widget (and instance) on its own: widgets reloaded by one call are granted seconds
    /// apart (OBSERVED #20).
    public var appReloadDelay: DelayDistribution
    /// Added to every app-requested reload made from the background (`origin: background`,
    /// `on_background`): OBSERVED #14 saw a geofence's `reloadAllTimelines` 19 min late, so the
    /// default is uniform over 0–19 min (the one figure as the upper end; no shape is reported).
    public var backgroundReloadDelay = SystemSettings.defaultBackgroundReloadDelay
    /// The default ``backgroundReloadDelay``: uniform over 0–19 min (OBSERVED #14).
    public static let defaultBackgroundReloadDelay = DelayDistribution.uniform(0, 19 * 60)
    /// Added to every App Intent tap before its free reload runs (OBSERVED #13: "sometimes minutes
    /// late"; no figure, so the default is 0, Apple's "immediately").
    public var intentReloadDelay = DelayDistribution.zero
    /// No two reloads of a widget closer than this, in seconds (App Intents excepted). The engine
    /// takes anything below ``smallestReloadInterval`` as that: with 0, a free reload (in a
    /// foreground session) of a timeline whose reload is due at once would repeat at the same
    /// instant forever.
    public var minReloadInterval: Double
    /// The smallest minimum reload interval the engine runs with, 1 s (scenario files must give at
    /// least this; WidgetKit's own is minutes).
    public static let smallestReloadInterval = 1.0
    /// Low-power stretches: policy reloads and renders due inside one wait for its end.
    public var lowPower: [TimeWindow]
    /// A timeline with more entries than this is not delivered: the widget keeps the one it had
    /// (OBSERVED #10: "over ~400 entries the widget stopped updating").
    public var maxEntries = 400
    /// Two renders of one timeline are at least this far apart, in seconds: an entry due sooner
    /// after the previous render waits, and one overtaken by a later entry meanwhile is skipped
    /// (OBSERVED #10: "the view changes at most every ~2 s").
    public var minRenderSpacing: Double = 2
    /// After the app is opened from the widget, its reload calls are ignored for this long, seconds
    /// (OBSERVED #12: about 30 s).
    public var launchCooldown: Double = 30
    /// A policy reload of a widget not viewed for this long waits for its next view, seconds
    /// (Apple: widgets rarely seen "reload when seen"); `infinity`: off.
    public var unseenAfter = Double.infinity
    /// Significant location changes: each gives a free reload applied at the widget's next view.
    public var locationChanges = EventProcess.none

    /// Creates system settings; the defaults are "no delays, 5-minute minimum interval".
    public init(
        reloadDelay: DelayDistribution = .zero, renderDelay: DelayDistribution = .zero,
        appReloadDelay: DelayDistribution = .zero, minReloadInterval: Double = 300,
        lowPower: [TimeWindow] = []
    ) {
        self.reloadDelay = reloadDelay
        self.renderDelay = renderDelay
        self.appReloadDelay = appReloadDelay
        self.minReloadInterval = minReloadInterval
        self.lowPower = lowPower
    }
}
