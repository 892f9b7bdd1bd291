/// Everything the analysis of a device log says about one widget (one kind and family).
public struct WidgetLogAnalysis: Sendable, Equatable, Codable {
    /// The widget kind.
    public var kind: String
    /// The widget family as logged (may be empty).
    public var family: String
    /// Which copy of the widget (the `instance` column, or `1`, `2`, … inferred); empty when the
    /// log shows one.
    public var instance: String = ""
    /// True when the copies were inferred from timelines closer together than the minimum
    /// reload interval (the log has no `instance` column).
    public var instanceInferred = false
    /// `timeline` rows: reloads.
    public var reloads: Int
    /// Reloads outside foreground sessions: charged to the budget.
    public var charged: Int
    /// Reloads inside foreground sessions: free.
    public var exempt: Int
    /// `snapshot` rows.
    public var snapshots: Int
    /// `placeholder` rows.
    public var placeholders: Int
    /// `view` rows.
    public var views: Int
    /// The shortest time between two reloads, seconds (`nil` with fewer than two).
    public var shortestGap: Double?
    /// One row per local day the log covers.
    public var days: [LogDay]
    /// One row per hour of the day, 0…23.
    public var hours: [LogHour]
    /// How late policy reloads came.
    public var lateness: LatenessSummary
    /// The budget estimate.
    public var budget: BudgetEstimate
    /// WidgetKit's delay on policy reloads, with the budget and minimum-interval waits taken out.
    public var reloadDelay: DelayEstimate
    /// What became of the app's reload requests.
    public var appReloads: AppReloadTally
    /// Peak memory by timeline size.
    public var memory: [TimelineSizeMemory]
    /// Timelines that most likely never reached the screen, first 50 in time order.
    public var likelyKills: [LikelyKill]
    /// How many timelines most likely never reached the screen.
    public var likelyKillCount: Int
    /// The most common timeline the provider returned, `nil` when the log lacks entries or policies.
    public var shape: TimelineShape?
    /// `change` rows with `content` unpredictable (or not given).
    public var changes: Int = 0
    /// `change` rows with `content` predictable.
    public var predictableChanges: Int = 0
    /// WidgetKit's retries after likely kills, when there were any.
    public var killRetry: KillRetry? = nil
    /// The local wall-clock grid the predictable changes fall on (`every: 30m`), when they do.
    public var predictableGrid: ChangeGrid? = nil

    /// The widget's name in reports: `kind` or `kind (family)`, then `#instance` for a copy.
    public var name: String {
        (family.isEmpty ? kind : "\(kind) (\(family))") + (instance.isEmpty ? "" : " #\(instance)")
    }
}

/// One local day of a widget's log.
public struct LogDay: Sendable, Equatable, Codable {
    /// The local day number (days since 1970-01-01).
    public var day: Int
    /// Hours of the day the log covers (less on its first and last day, 23 or 25 across a
    /// daylight-saving change).
    public var coveredHours: Double
    /// Reloads (`timeline` rows).
    public var reloads: Int
    /// Charged reloads.
    public var charged: Int
    /// Free reloads (in foreground sessions).
    public var exempt: Int
    /// App reload requests aimed at the widget.
    public var appRequests: Int
    /// App requests that joined one still pending.
    public var coalesced: Int
    /// Stalls that began that day.
    public var stalls: Int
    /// The longest of them, seconds.
    public var longestStall: Double
    /// When the first of them began, seconds after local midnight (the budget ran out).
    public var exhaustedAt: Double?
    /// `snapshot` rows.
    public var snapshots: Int
    /// `placeholder` rows.
    public var placeholders: Int
    /// `view` rows.
    public var views: Int
    /// Timelines that most likely never reached the screen.
    public var likelyKills: Int

    /// The date, `YYYY-MM-DD`.
    public var date: String { LocalTime.dateString(day: day) }
}

/// One hour of the day, averaged over the log.
public struct LogHour: Sendable, Equatable, Codable {
    /// The hour, 0…23.
    public var hour: Int
    /// Hours of this hour-of-day the log covers (about its number of days).
    public var coveredHours: Double
    /// Reloads in this hour over the whole log.
    public var reloads: Int
    /// Charged reloads in this hour.
    public var charged: Int
    /// Policy reloads with a known due time in this hour.
    public var latenessCount: Int
    /// Their median lateness, seconds.
    public var latenessMedian: Double?
    /// Their 90th percentile, seconds.
    public var latenessP90: Double?
    /// Views in this hour.
    public var views: Int
    /// Unpredictable changes in this hour.
    public var changes: Int = 0
    /// Predictable changes in this hour.
    public var predictableChanges: Int = 0

    /// Reloads per day in this hour (per covered hour).
    public var reloadsPerDay: Double { coveredHours > 0 ? Double(reloads) / coveredHours : 0 }
    /// Charged reloads per day in this hour.
    public var chargedPerDay: Double { coveredHours > 0 ? Double(charged) / coveredHours : 0 }
}

/// The memory of the timelines of one size.
public struct TimelineSizeMemory: Sendable, Equatable, Codable {
    /// Entries per timeline (`nil` when the log did not say).
    public var entries: Int?
    /// Timelines of this size.
    public var timelines: Int
    /// The largest `memory_mb` logged with them, MB.
    public var peakMB: Double?
    /// How many most likely never reached the screen.
    public var likelyKills: Int
    /// The median `memory_mb` of the first `WidgetLogState.MemoryTally.sampleCap` timelines with
    /// one, MB.
    public var medianMB: Double? = nil

    /// Creates the row of one timeline size.
    public init(entries: Int?, timelines: Int, peakMB: Double?, likelyKills: Int, medianMB: Double? = nil) {
        self.entries = entries
        self.timelines = timelines
        self.peakMB = peakMB
        self.likelyKills = likelyKills
        self.medianMB = medianMB
    }
}

/// A timeline that most likely never reached the screen: the extension was killed (memory) or the
/// timeline was otherwise lost.
public struct LikelyKill: Sendable, Equatable, Codable {
    /// Why it is suspected.
    public enum Reason: String, Sendable, Equatable, Codable {
        /// A `placeholder` row followed before the next timeline: WidgetKit had nothing to show.
        case placeholder
        /// WidgetKit reloaded again before the policy was due, unasked (a retry).
        case unpromptedReload = "unprompted-reload"
    }

    /// When the timeline was requested, Unix seconds.
    public var time: Double
    /// The UTC offset then, seconds.
    public var utcOffset: Double
    /// Its entries, when logged.
    public var entries: Int?
    /// Its logged memory, MB.
    public var memoryMB: Double?
    /// Why it is suspected.
    public var reason: Reason
    /// Its row.
    public var position: DeviceLogRecord.Position
}

/// How long WidgetKit waited after a likely kill before it reloaded again (`memory.retry_after`),
/// from kill → retry pairs in the log.
public struct KillRetry: Sendable, Equatable, Codable {
    /// Pairs measured.
    public var count: Int
    /// The shortest gap, seconds: the retry interval, WidgetKit's own reload delay (never
    /// negative) coming on top of it in the others.
    public var shortest: Double
    /// The median gap, seconds.
    public var median: Double
    /// Fewer pairs than this give no estimate.
    public static let minimumPairs = 5

    /// The summary of `gaps` (seconds), `nil` when there are none.
    init?(gaps: [Double]) {
        guard let shortest = gaps.min(), let median = Quantiles.median(gaps) else { return nil }
        count = gaps.count
        self.shortest = shortest
        self.median = median
    }
}
