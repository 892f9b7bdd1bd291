/// The work a run asks for, in simulated widget-days, with an estimate of its time and memory,
/// so a run far beyond what anyone means (`days: 3660, replications: 100000`) is refused before
/// it starts (see ``Bounds/maxWidgetDays``).
public struct WorkEstimate: Sendable, Equatable, CustomStringConvertible {
    /// The factors multiplied, in words: `3660 days × 100000 replications × 1 widget`.
    public var factors: String
    /// Their product: the simulated widget-days (`Int.max` on overflow).
    public var widgetDays: Int
    /// Estimated seconds on the reference machine (``Bounds/widgetDaysPerSecond``).
    public var seconds: Double
    /// Estimated memory for the per-day results, in bytes (`nil` when the run keeps no per-day
    /// results, as an optimization).
    public var bytes: Double?
    /// What may come on top of ``widgetDays`` (racing, in an optimization), or `nil`.
    public var extra: Extra?
    /// The events the run may handle: views, changes, app calls, reloads and the entries they
    /// render (an upper bound, see `eventCounts(_:level:)`; 0 when not counted).
    public var events = 0
    /// The rows the run may write to `events.csv` (0 without events).
    public var eventRows = 0
    /// The file ``eventRows`` go to, for the refusal: `events.csv`, or `export-log`'s device log.
    public var eventsFile = "events.csv"

    /// Work a run may add to its estimate, at most ``widgetDays``.
    public struct Extra: Sendable, Equatable {
        /// What adds it, e.g. `racing up to 64 replications`.
        public var what: String
        /// The upper bound, in widget-days.
        public var widgetDays: Int

        /// Creates a bound.
        public init(what: String, widgetDays: Int) {
            self.what = what
            self.widgetDays = widgetDays
        }
    }

    /// The estimate for simulating `scenario` recording events at `level`: days × replications ×
    /// widgets, and the events they may handle and record.
    public init(_ scenario: Scenario, events level: EventLevel = .none) {
        let w = max(1, scenario.widgets.count)
        self.init(
            factors:
                "\(Self.count(scenario.days, "day")) × \(Self.count(scenario.replications, "replication")) × \(Self.count(w, "widget"))",
            widgetDays: Self.product([scenario.days, scenario.replications, w]))
        bytes = Double(widgetDays) * Double(MemoryLayout<DayMetrics>.stride)
        (events, eventRows) = Self.eventCounts(scenario, level: level)
    }

    /// An estimate of `widgetDays` described by `factors`.
    public init(factors: String, widgetDays: Int, extra: Extra? = nil) {
        self.factors = factors
        self.widgetDays = widgetDays
        self.seconds = Double(widgetDays) / Bounds.widgetDaysPerSecond
        self.extra = extra
    }

    /// True when the run is within ``Bounds/maxWidgetDays``, ``Bounds/maxEvents`` and
    /// ``Bounds/maxEventRows``.
    public var isWithinLimit: Bool { widgetDays <= Bounds.maxWidgetDays && eventsWithinLimit }

    /// One line: `3660 days × 100000 replications × 1 widget = 366000000 widget-days (about 6 h,
    /// 67 GB of results)`; an optimization adds `; racing up to 64 replications adds at most N`
    /// inside the parentheses.
    public var description: String {
        let cost = [Self.time(seconds)] + (bytes.map { [Self.size($0) + " of results"] } ?? [])
        let more = extra.map { "; \($0.what) adds at most \($0.widgetDays)" } ?? ""
        return "\(factors) = \(widgetDays) widget-days (about \(cost.joined(separator: ", "))\(more))"
    }

    /// Throws ``WorkLimitError`` past ``Bounds/maxWidgetDays`` unless `force`.
    public func check(force: Bool, hint: String) throws {
        if !isWithinLimit && !force { throw WorkLimitError(estimate: self, hint: hint) }
    }

    /// The product of `factors`, `Int.max` when it overflows.
    static func product(_ factors: [Int]) -> Int {
        var p = 1
        for f in factors {
            let (q, overflow) = p.multipliedReportingOverflow(by: f)
            if overflow { return Int.max }
            p = q
        }
        return p
    }

    static func time(_ s: Double) -> String {
        if s < 120 { return "\(Int(s.rounded())) s" }
        if s < 7200 { return "\(Int((s / 60).rounded())) min" }
        if s < 172_800 { return "\(Int((s / 3600).rounded())) h" }
        return "\(Bounds.saturatingInt((s / 86_400).rounded())) days"
    }

    static func size(_ b: Double) -> String {
        if b < 1e6 { return "\(Int((b / 1e3).rounded())) kB" }
        if b < 1e9 { return "\(Int((b / 1e6).rounded())) MB" }
        return "\(Bounds.saturatingInt((b / 1e9).rounded())) GB"
    }

    /// `1 day`, `3660 days`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

/// A run past ``Bounds/maxWidgetDays`` without `--force`: one line with the estimate and what to do.
public struct WorkLimitError: Error, Sendable, CustomStringConvertible {
    /// The refused run's estimate.
    public var estimate: WorkEstimate
    /// What to do instead, e.g. `use fewer days or replications, or --force`.
    public var hint: String

    /// One line: `ESTIMATE is past the limit of 5000000 widget-days (docs/limits.md); HINT`, or for
    /// events past their limit `eventsRefusal` ` (docs/limits.md); HINT`.
    public var description: String {
        if estimate.widgetDays <= Bounds.maxWidgetDays && !estimate.eventsWithinLimit {
            return "\(estimate.eventsRefusal) (docs/limits.md); \(hint)"
        }
        return "\(estimate) is past the limit of \(Bounds.maxWidgetDays) widget-days (docs/limits.md); \(hint)"
    }
}
