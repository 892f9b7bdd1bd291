/// What happened to one widget on one day of one replication (a row of `days.csv`).
public struct DayMetrics: Sendable, Equatable, Codable {
    /// The day's budget B.
    public var budget: Int
    /// Length of the day in seconds (86,400 but across daylight-saving changes).
    public var length: Double
    /// Reload requests (policy, app, intent, retry, start), including coalesced ones.
    public var requested = 0
    /// Reloads granted (getTimeline calls).
    public var reloads = 0
    /// Granted reloads charged to the budget.
    public var charged = 0
    /// Granted reloads not charged (foreground, App Intents).
    public var exempt = 0
    /// Requests that had to wait for budget.
    public var deferred = 0
    /// When the first charged request found no budget this day, or `nil`.
    public var exhaustedAt: SimTime?
    /// Seconds a charged request spent waiting for budget this day.
    public var exhaustedSeconds: Double = 0
    /// Entries rendered.
    public var renders = 0
    /// Extension kills (memory).
    public var kills = 0
    /// Timelines not delivered because they had more than `system.max_entries` entries.
    public var rejections = 0
    /// App reload calls ignored in the cooldown after a launch from the widget.
    public var ignoredCalls = 0
    /// Policy reloads held until the next view (`system.unseen_after`).
    public var heldUnseen = 0
    /// Largest timeline memory built, in MB (0 when none was built).
    public var peakMemoryMB: Double = 0
    /// Seconds the display was fresh.
    public var freshSeconds: Double = 0
    /// The integral of age over the day, in seconds².
    public var ageIntegral: Double = 0
    /// The time-weighted 95th percentile of age, in seconds (0 in the optimizer's runs, which never
    /// read it and skip it).
    public var p95Age: Double = 0
    /// The largest age reached, in seconds.
    public var maxAge: Double = 0
    /// Views.
    public var views = 0
    /// Views that saw fresh content.
    public var freshViews = 0
    /// The ages the views saw, added up, in seconds (0 for a fresh view).
    public var viewAgeTotal: Double = 0

    /// Creates an empty day.
    public init(budget: Int, length: Double) {
        self.budget = budget
        self.length = length
    }

    /// Fraction of the day the display was fresh.
    public var freshness: Double { length > 0 ? freshSeconds / length : 0 }
    /// Time-weighted mean age, in seconds (0 while fresh).
    public var meanAge: Double { length > 0 ? ageIntegral / length : 0 }
    /// Fraction of views that saw fresh content, `nil` without views.
    public var viewFreshness: Double? { views > 0 ? Double(freshViews) / Double(views) : nil }
    /// True when a charged request waited for budget this day.
    public var wasExhausted: Bool { exhaustedAt != nil || exhaustedSeconds > 0 }
}
