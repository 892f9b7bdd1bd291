/// How WidgetKit schedules reloads and renders.
public struct SystemSettings: Sendable, Equatable, Codable {
    /// Added to every policy reload time (seed 003 saw 1–2 min in the simulator).
    public var reloadDelay: DelayDistribution
    /// Added to every entry's date before it renders.
    public var renderDelay: DelayDistribution
    /// Added to every app-requested reload (developers report 2–30 s).
    public var appReloadDelay: DelayDistribution
    /// No two reloads of a widget closer than this, in seconds (App Intents excepted).
    public var minReloadInterval: Double
    /// Low-power stretches: policy reloads and renders due inside one wait for its end.
    public var lowPower: [TimeWindow]

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
