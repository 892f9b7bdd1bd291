import WidgetBudgetKit

/// What a scenario's figures are drawn from: a simulation result, and replication 1 re-run with
/// every event for the render marks.
public struct ScenarioPlotInput: Sendable {
    /// The scenario's result (any event level).
    public var result: SimulationResult
    /// Replication 1 of the scenario over its first days, recorded with every event (renders
    /// included); `nil` when not made or when it did not match `result`.
    public var detail: SimulationResult?
    /// The day whose age curve is drawn, 0-based.
    public var ageDay: Int
    /// File-name fragments of the widgets, in scenario order.
    public var slugs: [String]

    /// Days the budget-over-time figure covers at most (from the start).
    public static let budgetDays = 14
    /// Days the charged-reloads figure covers at most.
    public static let chargedDays = 92
    /// Days the heat map covers at most.
    public static let heatMapDays = 62

    /// Prepares the input: `ageDay` (1-based, `nil` for the default) is checked against the
    /// scenario, and replication 1 is re-run with every event over the days the figures need.
    ///
    /// The default day is ``worstDay(of:)``: the report is there to show what goes wrong.
    /// - Throws: ``PlotError`` when `ageDay` is outside the scenario's days.
    public init(result: SimulationResult, ageDay: Int? = nil) throws {
        let days = result.calendar.days
        if let ageDay, !(1...days).contains(ageDay) {
            throw PlotError(
                "--day \(ageDay): the scenario '\(result.scenario.name)' has \(days) day\(days == 1 ? "" : "s") (use 1...\(days))")
        }
        self.result = result
        self.ageDay = ageDay.map { $0 - 1 } ?? Self.worstDay(of: result)
        slugs = GnuplotText.uniqueSlugs(result.scenario.widgets.map(\.name), fallbackPrefix: "widget-")
        let hasReloadEvents = result.runs.first?.contains { !$0.events.isEmpty } ?? false
        let detailDays = max(self.ageDay + 1, hasReloadEvents ? 1 : min(days, Self.budgetDays))
        detail = Self.detailRun(of: result, days: detailDays)
    }

    /// The least fresh day of replication 1 (0-based), freshness averaged over the widgets; among
    /// equally fresh days the first after day 1, whose start (the widget just added, its budget
    /// full) is not what the widget lives with afterwards.
    public static func worstDay(of result: SimulationResult) -> Int {
        let days = result.calendar.days
        guard let runs = result.runs.first, !runs.isEmpty else { return 0 }
        return leastFresh(days: days) { d in runs.reduce(0) { $0 + $1.days[d].freshness } / Double(runs.count) }
    }

    /// The day in `0..<days` with the lowest `freshness`; ties go to the first day after day 1.
    static func leastFresh(days: Int, freshness: (Int) -> Double) -> Int {
        let values = (0..<days).map(freshness)
        return (0..<days).min { a, b in
            if abs(values[a] - values[b]) > 1e-9 { return values[a] < values[b] }
            if (a == 0) != (b == 0) { return b == 0 }
            return a < b
        } ?? 0
    }

    /// Replication 1 re-run with every event over the first `days` days, or `nil` when its daily
    /// metrics differ from `result`'s (it then cannot stand for it).
    ///
    /// Every random draw depends only on the seed, the replication and the widget, and the engine
    /// never looks past the moment it simulates, so the shorter run repeats replication 1's first
    /// days; the check guards that promise rather than trusting it.
    static func detailRun(of result: SimulationResult, days: Int) -> SimulationResult? {
        var scenario = result.scenario
        scenario.days = min(days, result.calendar.days)
        scenario.replications = 1
        let detail = Simulator.run(scenario, events: .all)
        for (w, run) in detail.runs[0].enumerated() {
            for (d, day) in run.days.enumerated() where !Self.same(day, result.runs[0][w].days[d]) { return nil }
        }
        return detail
    }

    /// Day metrics equal up to rounding in the last bits of sums.
    private static func same(_ a: DayMetrics, _ b: DayMetrics) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-6 * max(1, abs(x), abs(y)) }
        return a.budget == b.budget && a.requested == b.requested && a.reloads == b.reloads && a.charged == b.charged
            && a.exempt == b.exempt && a.deferred == b.deferred && a.renders == b.renders && a.kills == b.kills
            && a.views == b.views && a.freshViews == b.freshViews && close(a.freshSeconds, b.freshSeconds)
            && close(a.ageIntegral, b.ageIntegral)
    }

    /// The reload events of replication 1, widget `w`, and how far they reach: from the main
    /// result when it recorded them, else from the detail run.
    func reloadEvents(widget w: Int) -> (events: [EngineEvent], until: SimTime)? {
        let main = result.runs[0][w].events
        if !main.isEmpty { return (main, result.calendar.horizon) }
        if let detail { return (detail.runs[0][w].events.filter(\.kind.isReloadEvent), detail.calendar.horizon) }
        return nil
    }

    /// The render events of replication 1, widget `w`, when the detail run covers `t`.
    func renderEvents(widget w: Int, through t: SimTime) -> [EngineEvent]? {
        guard let detail, detail.calendar.horizon >= t - 1e-6 else { return nil }
        return detail.runs[0][w].events.filter { $0.kind == .render }
    }

    /// The scenario's name and the widget's, for titles.
    func widgetName(_ w: Int) -> String { result.scenario.widgets[w].name }

    /// The time zone as shown on axes (`UTC` rather than Foundation's `GMT`).
    var timeZoneName: String {
        let id = result.calendar.clock.timeZoneIdentifier
        return id == "GMT" ? "UTC" : id
    }

    /// A figure title: `scenario · widget: what` (the widget alone when it is named as the scenario).
    func title(widget w: Int, _ what: String) -> String {
        let scenario = result.scenario.name, widget = widgetName(w)
        return (scenario == widget ? widget : "\(scenario) · \(widget)") + ": " + what
    }

    /// "replication 1" or "replication 1 of 4".
    var replicationText: String {
        result.scenario.replications == 1 ? "replication 1" : "replication 1 of \(result.scenario.replications)"
    }

    /// Hours from `origin` to `t`, as written in data files.
    static func hours(_ t: SimTime, from origin: SimTime) -> String {
        NumberFormat.fixed((t - origin) / Seconds.hour, 6)
    }
}
