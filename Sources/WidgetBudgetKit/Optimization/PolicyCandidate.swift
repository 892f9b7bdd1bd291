/// One point of the optimizer's search space: a `fixed` provider (entries, spacing, alignment,
/// reload policy), optionally used only inside time-of-day windows.
///
/// With windows, the candidate is a `windows` provider: inside any window it behaves as the fixed
/// provider; outside every window it returns one entry and `.after(next window start)` (the stock
/// widget's "coarser policy": it sleeps while nobody needs it).
///
/// With a ``schedule`` (`optimize.schedule`), the candidate is a ``ScheduleProvider``: the same
/// entries in every segment, each segment with its own reload interval; `policy` and `windows`
/// are unused.
public struct PolicyCandidate: Sendable, Hashable, CustomStringConvertible, Codable {
    /// Seconds between entries; 0 when `entries` is 1 (a single entry has no spacing).
    public var spacing: Double
    /// Entries per timeline, at least 1.
    public var entries: Int
    /// How entries after the first are aligned (``EntryAlignment/none`` when `entries` is 1).
    public var align: EntryAlignment
    /// The reload policy.
    public var policy: FixedPolicy
    /// The windows the policy applies in; empty for all day.
    public var windows: [TimeWindow]
    /// The throttle the app puts on its `reloadTimelines` calls for this widget, seconds
    /// (``AppReloadThrottle``); `nil` keeps the scenario's app as written.
    public var appThrottle: Double?
    /// The time-of-day schedule, one reload interval per segment; empty for a single policy.
    public var schedule: [ScheduleSegment]
    /// True for a self-updating view (`Text(date, style: .timer)`, `.relative`, OBSERVED #6): the
    /// widget runs with `self_updating: true` and this provider (one entry, `.never`). Only for
    /// content whose changes are the passing of time itself (`content.predictable.time_only`).
    public var selfUpdating = false

    /// Creates a candidate; a single entry drops its spacing and alignment, which could not matter.
    public init(
        spacing: Double, entries: Int, align: EntryAlignment, policy: FixedPolicy, windows: [TimeWindow] = [],
        appThrottle: Double? = nil, schedule: [ScheduleSegment] = []
    ) {
        self.schedule = schedule
        self.entries = max(1, entries)
        self.spacing = self.entries == 1 ? 0 : spacing
        self.align = self.entries == 1 ? .none : align
        self.policy = policy
        self.windows = windows
        self.appThrottle = appThrottle
    }

    /// The fixed provider used (inside the windows, if any), with the given first-entry offset.
    public func fixedProvider(firstOffset: Double) -> FixedProvider {
        FixedProvider(entries: entries, spacing: spacing, firstOffset: firstOffset, align: align, policy: policy)
    }

    /// The provider as a scenario would declare it.
    public func providerSpec(firstOffset: Double) -> ProviderSpec {
        let fixed = fixedProvider(firstOffset: firstOffset)
        if !schedule.isEmpty {
            return .schedule(
                schedule.map { s in
                    var segment = fixed
                    segment.policy = s.policy
                    return WindowedPolicy(window: s.window, provider: segment)
                })
        }
        if windows.isEmpty { return .fixed(fixed) }
        return .windows(windows.map { WindowedPolicy(window: $0, provider: fixed) })
    }

    /// The seconds after a reload at which the policy asks again: the `after` delay, or `nil`.
    public var afterSeconds: Double? {
        if case let .after(seconds) = policy { return seconds }
        return nil
    }

    /// The policy column of `candidates.csv`: `at-end`, `after`, `never`, or `schedule`.
    public var policyKind: String { schedule.isEmpty ? policy.kindName : "schedule" }

    /// The schedule as written in `candidates.csv`, e.g. `07:00-09:00 after 10m; 23:00-07:00 never`;
    /// empty for a single policy.
    public var scheduleText: String { ScheduleSegment.describe(schedule) }

    /// The windows as written in `candidates.csv`: `07:00-23:00`, several joined by `;`, empty
    /// for all day.
    public var windowsText: String { Self.windowsText(windows) }

    /// The text of a window list, as ``windowsText`` gives it.
    static func windowsText(_ windows: [TimeWindow]) -> String {
        windows.map(\.description).joined(separator: ";")
    }

    /// One line in plain words, e.g. `120 entries 1m apart, aligned to the minute, after 1h`.
    public var description: String {
        var text = "\(entries) entr\(entries == 1 ? "y" : "ies")"
        if entries > 1 { text += " \(DurationFormat.string(spacing)) apart" }
        if align != .none { text += ", aligned to the \(align.rawValue)" }
        if selfUpdating { return "a self-updating view (\(text), \(policy))" }
        text += schedule.isEmpty ? ", \(policy)" : ", by time of day: \(scheduleText)"
        if !windows.isEmpty { text += ", during \(windowsText) (asleep outside)" }
        if let t = appThrottle { text += t > 0 ? ", app reloads throttled to \(DurationFormat.string(t))" : ", app reloads unthrottled" }
        return text
    }

    /// Equal when spacing, entries, alignment, policy and windows are equal.
    public static func == (a: PolicyCandidate, b: PolicyCandidate) -> Bool {
        a.spacing == b.spacing && a.entries == b.entries && a.align == b.align && a.policy == b.policy && a.windows == b.windows
            && a.appThrottle == b.appThrottle && a.schedule == b.schedule && a.selfUpdating == b.selfUpdating
    }

    /// Hashes the fields that `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(spacing)
        hasher.combine(entries)
        hasher.combine(align)
        hasher.combine(policy.kindName)
        hasher.combine(afterSeconds ?? -1)
        for w in windows {
            hasher.combine(w.weekdays)
            hasher.combine(w.start)
            hasher.combine(w.end)
        }
        hasher.combine(appThrottle ?? -1)
        hasher.combine(selfUpdating)
        for s in schedule {
            hasher.combine(s.window.start)
            hasher.combine(s.sortKey)
        }
    }
}

extension PolicyCandidate {
    /// The canonical order of candidates in every output: windows text, policy (`at-end`, `after`
    /// by delay, `never`), alignment, spacing, entries. It depends only on the candidates, so a
    /// merge of shards sorts exactly as a single run.
    public static func canonicalOrder(_ a: PolicyCandidate, _ b: PolicyCandidate) -> Bool {
        CandidateKey(a) < CandidateKey(b)
    }
}

/// The sort key behind ``PolicyCandidate/canonicalOrder(_:_:)``, also built from `candidates.csv`
/// fields when shards are merged.
public struct CandidateKey: Comparable, Sendable, Codable {
    var windows: String
    var policyRank: Int
    var after: Double
    var alignRank: Int
    var spacing: Double
    var entries: Int
    var appThrottle: Double
    var schedule: [Double]
    var selfUpdating = false

    /// The key of a candidate.
    public init(_ c: PolicyCandidate) {
        self.init(c, windowsText: c.windowsText)
    }

    /// The key of a candidate whose ``PolicyCandidate/windowsText`` is `windowsText` (made once
    /// per window list when a whole space is keyed).
    init(_ c: PolicyCandidate, windowsText: String) {
        self.init(
            windows: windowsText, policy: c.policyKind, after: c.afterSeconds ?? 0, align: c.align,
            spacing: c.spacing, entries: c.entries, appThrottle: c.appThrottle, schedule: c.schedule, selfUpdating: c.selfUpdating)
    }

    /// The key from the parameter columns of a row.
    public init(
        windows: String, policy: String, after: Double, align: EntryAlignment, spacing: Double, entries: Int,
        appThrottle: Double? = nil, schedule: [ScheduleSegment] = [], selfUpdating: Bool = false
    ) {
        self.selfUpdating = selfUpdating
        self.appThrottle = appThrottle ?? -1
        self.schedule = schedule.map(\.sortKey)
        self.windows = windows
        switch policy {
        case "at-end": policyRank = 0
        case "after": policyRank = 1
        case "never": policyRank = 2
        default: policyRank = 3
        }
        self.after = after
        alignRank = EntryAlignment.allCases.firstIndex(of: align) ?? 0
        self.spacing = spacing
        self.entries = entries
    }

    /// Orders by windows, then policy, its delay (a schedule: its intervals, segment by segment,
    /// shorter first), alignment, spacing and entry count; a self-updating view last.
    public static func < (a: CandidateKey, b: CandidateKey) -> Bool {
        if a.selfUpdating != b.selfUpdating { return !a.selfUpdating }
        if a.windows != b.windows { return a.windows < b.windows }
        if a.policyRank != b.policyRank { return a.policyRank < b.policyRank }
        if a.after != b.after { return a.after < b.after }
        if a.schedule != b.schedule { return a.schedule.lexicographicallyPrecedes(b.schedule) }
        if a.alignRank != b.alignRank { return a.alignRank < b.alignRank }
        if a.spacing != b.spacing { return a.spacing < b.spacing }
        if a.entries != b.entries { return a.entries < b.entries }
        return a.appThrottle < b.appThrottle
    }
}
