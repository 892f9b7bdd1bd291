/// The assumptions behind a device-log analysis: what WidgetKit is taken to do where the log
/// cannot say.
public struct DeviceLogAnalysisSettings: Sendable, Equatable, Codable {
    /// WidgetKit's minimum time between two reloads of a widget, seconds (default 5 min, the
    /// scenario default): a reload due sooner waits for it, which is not lateness.
    public var minReloadInterval: Double
    /// A reload that comes this long after it could have run is a *stall*, most likely for budget;
    /// seconds (default 10 min: WidgetKit's own delays are seconds to a few minutes, while a token
    /// bucket of B = 45 gives budget back every 32 min, so budget waits are often under 30 min).
    public var stallThreshold: Double
    /// How far a model's predicted "budget back" instant may be from the stall's actual end to
    /// explain it, seconds (default 2 min, under the 5-minute spacing of consecutive reloads so
    /// that B and B ± 1 predict different instants).
    public var resumeTolerance: Double
    /// An app reload answered by a timeline within this long (after the minimum interval allows)
    /// counts as answered, seconds (default 2 min; developers report 2–30 s).
    public var appAnswerWindow: Double
    /// A reload this much earlier than its policy asked still counts as the policy's, seconds
    /// (default 60 s).
    public var earlyTolerance: Double
    /// No rows for longer than this is a gap: not counted as observed time, seconds (default 24 h).
    public var gapThreshold: Double
    /// How long WidgetKit waits after a kill before it retries, seconds (default 15 min, the
    /// scenario's `memory.retry_after` default; not in the log).
    public var killRetryInterval: Double

    /// Creates settings; the defaults suit an iOS widget.
    public init(
        minReloadInterval: Double = 300, stallThreshold: Double = 600, resumeTolerance: Double = 120,
        appAnswerWindow: Double = 120, earlyTolerance: Double = 60, gapThreshold: Double = Seconds.day,
        killRetryInterval: Double = 900
    ) {
        self.minReloadInterval = minReloadInterval
        self.stallThreshold = stallThreshold
        self.resumeTolerance = resumeTolerance
        self.appAnswerWindow = appAnswerWindow
        self.earlyTolerance = earlyTolerance
        self.gapThreshold = gapThreshold
        self.killRetryInterval = killRetryInterval
    }
}
