/// One reload (`timeline` row) of a widget, with what the analysis inferred about it.
///
/// Kept compact (32 bytes: no strings, no optionals, `NaN` for "none", instants other than the
/// reload's own stored as `Float` offsets from it) because the estimators need every reload of a
/// log, and a log can hold millions.
struct ReloadObservation: Sendable {
    /// Why the reload most likely happened.
    enum Cause: UInt8, Sendable {
        /// The first reload of the widget in the log.
        case first
        /// The previous timeline's policy came due (`.atEnd`'s last entry, `.after`'s date).
        case policy
        /// The app asked (`reloadTimelines`, `reloadAllTimelines`) before the policy came due.
        case app
        /// The policy came due and the app asked too, later.
        case policyAndApp
        /// Neither: WidgetKit reloaded on its own (a system change, or a retry after a kill the log
        /// cannot place).
        case unprompted
        /// WidgetKit retried after the previous timeline was killed (a placeholder followed it, or
        /// nothing else asked and the retry interval had passed): asked for at the kill's reload
        /// plus ``DeviceLogAnalysisSettings/killRetryInterval``, so a retry that waits for budget
        /// is a stall like any other.
        case retry
        /// The previous timeline's policy is not in the log: nothing can be said.
        case unknown
    }

    /// When, Unix seconds.
    var time: Double
    private var offsetSeconds: Int32
    private var requestedBefore: Float
    private var appRequestedBefore: Float
    private var foregroundBefore: Float
    private var minIntervalBefore: Float
    /// Why.
    var cause: Cause
    /// Charged to the budget (outside foreground sessions).
    var charged: Bool

    init(
        time: Double, offset: Double, requested: Double, appRequested: Double, minIntervalEnd: Double, foregroundStart: Double,
        cause: Cause, charged: Bool
    ) {
        self.time = time
        offsetSeconds = Int32(offset.rounded())
        requestedBefore = Float(time - requested)
        appRequestedBefore = Float(time - appRequested)
        foregroundBefore = Float(time - foregroundStart)
        minIntervalBefore = Float(time - minIntervalEnd)
        self.cause = cause
        self.charged = charged
    }

    /// The UTC offset at `time`, seconds.
    var offset: Double { Double(offsetSeconds) }
    /// When the reload was asked for: the policy's due instant (never before the previous reload)
    /// or the app's first request, or the retry instant; `NaN` for `first`, `unprompted` and `unknown`.
    var requested: Double { time - Double(requestedBefore) }

    /// Takes back the request: the reload is WidgetKit's own after all (a suspected held app
    /// request the budget does not explain).
    mutating func markUnprompted() {
        cause = .unprompted
        requestedBefore = .nan
    }
    /// The app's first request since the previous reload, `NaN` when none.
    var appRequested: Double { time - Double(appRequestedBefore) }
    /// The previous reload plus the minimum reload interval (`-infinity` for the first).
    var minIntervalEnd: Double { time - Double(minIntervalBefore) }
    /// The start of the foreground session holding `time`, `NaN` when outside any.
    var foregroundStart: Double { time - Double(foregroundBefore) }

    /// The local day.
    var day: Int { LocalTime.day(time, offset: offset) }

    /// The earliest instant the reload could have run once asked for (`NaN` when not asked for).
    var waitStart: Double { requested.isNaN ? .nan : Swift.max(requested, minIntervalEnd) }

    /// Lateness against the request: `time − requested` (`NaN` when not asked for).
    var lateness: Double { time - requested }
}
