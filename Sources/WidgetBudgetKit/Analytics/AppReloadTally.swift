/// What became of the app's reload requests aimed at one widget.
///
/// Each request is matched with the widget's next timeline: *answered* when it came within
/// ``DeviceLogAnalysisSettings/appAnswerWindow`` (counted from when the minimum reload interval
/// allowed it); *coalesced* when an earlier request was still waiting. A request answered later
/// is *deferred* when the fitted budget model says the budget was spent when the app asked (the
/// request waited for budget) or the reload came before the policy's own; otherwise *ignored*:
/// WidgetKit had budget and still reloaded only when the timeline's policy asked (or never).
public struct AppReloadTally: Sendable, Equatable, Codable {
    /// Requests aimed at the widget (`reloadTimelines(ofKind:)` and `reloadAllTimelines()`).
    public var requests = 0
    /// Of which `reloadAllTimelines()`.
    public var reloadAll = 0
    /// Answered promptly.
    public var answered = 0
    /// Joined a request still waiting.
    public var coalesced = 0
    /// Answered late.
    public var deferred = 0
    /// Not answered before the policy's own reload (or the end of the log).
    public var ignored = 0
    /// Made while the app was in the foreground.
    public var inForeground = 0
    /// How long after the request the reload came, for requests answered with nothing else to wait
    /// for (the minimum interval and the budget taken out).
    public var answerDelay = DelayEstimate(sample: CensoredSample())

    /// An empty tally.
    public init() {}
}
