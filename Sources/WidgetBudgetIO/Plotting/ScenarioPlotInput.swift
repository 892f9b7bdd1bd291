import WidgetBudgetKit

/// What a scenario's figures are drawn from: a simulation result, and its worst replication re-run
/// with every event for the render marks.
public struct ScenarioPlotInput: Sendable {
    /// The scenario's result (any event level).
    public var result: SimulationResult
    /// The replication shown (0-based): ``worstReplication(of:)``.
    public var replication: Int
    /// The shown replication over the scenario's first days, recorded with every event (renders
    /// included); `nil` when not made or when it did not match `result`.
    public var detail: SimulationResult?
    /// The day whose age curve is drawn, 0-based.
    public var ageDay: Int
    /// File-name fragments of the widgets, in scenario order.
    public var slugs: [String]
    /// The stale stretches of the shown replication on `ageDay`, each widget's (`DayStretches`).
    var ageStretches: [[AgeSegment]]
    /// What the figures read of the shown replication's reload events, each widget's; `nil` for
    /// a widget without any (the result recorded none and the detail run was not made).
    var reloads: [ShownReloads?]

    /// Days the budget-over-time figure covers at most (from the start).
    public static let budgetDays = 14
    /// Days the charged-reloads figure covers at most.
    public static let chargedDays = 92
    /// Days the heat map covers at most.
    public static let heatMapDays = 62

    /// Prepares the input: `ageDay` (1-based, `nil` for the default) is checked against the
    /// scenario, and the worst replication is re-run with every event over the days the figures need,
    /// keeping the events they read.
    ///
    /// The replication is ``worstReplication(of:)`` and the default day ``worstDay(of:replication:)``:
    /// the report is there to show what goes wrong. `events` is the level `result` was run at: when
    /// its runs kept another day's stretches than the one shown (`RunFigures`), the replication is
    /// run again at that level for them.
    /// - Throws: ``PlotError`` when `ageDay` is outside the scenario's days.
    public init(result: SimulationResult, ageDay: Int? = nil, events: EventLevel = .reloads) throws {
        let days = result.calendar.days
        if let ageDay, !(1...days).contains(ageDay) {
            throw PlotError(
                "--day \(ageDay): the scenario '\(result.scenario.name)' has \(days) day\(days == 1 ? "" : "s") (use 1...\(days))")
        }
        self.result = result
        replication = Self.worstReplication(of: result)
        self.ageDay = ageDay.map { $0 - 1 } ?? Self.worstDay(of: result, replication: replication)
        slugs = GnuplotText.uniqueSlugs(result.scenario.widgets.map(\.name), fallbackPrefix: "widget-")
        let shownRuns = result.runs.indices.contains(replication) ? result.runs[replication] : []
        let keptEvents = shownRuns.contains { !$0.events.isEmpty }
        let keptReloads = !keptEvents && shownRuns.contains { ($0.figures?.reloads?.recorded ?? 0) > 0 }
        let detailDays = max(self.ageDay + 1, keptEvents || keptReloads ? 1 : min(days, Self.budgetDays))
        let detail = Self.detailRun(
            of: result, replication: replication, days: detailDays, ageDay: self.ageDay, reloads: !keptEvents && !keptReloads)
        self.detail = detail
        let day = self.ageDay
        let dayFigures = DayStretches.figures(of: result, replication: replication, day: day, events: events, reloads: keptReloads)
        let from = result.calendar.dayStarts[day], to = result.calendar.dayStarts[day + 1]
        ageStretches = zip(result.runs[replication], dayFigures).map { run, figures in
            figures?.stretches ?? DayStretches.slice(run.ageSegments, from: from, to: to)
        }
        reloads = shownRuns.indices.map { w in
            let run = shownRuns[w]
            if !run.events.isEmpty { return ShownReloads(events: run.events, until: result.calendar.horizon) }
            if keptReloads, let first = run.figures?.reloads, let day = dayFigures[w]?.reloads {
                return ShownReloads(first: first, day: day, until: result.calendar.horizon)
            }
            guard let detail, let kept = detail.runs[0][w].figures?.reloads else { return nil }
            return ShownReloads(first: kept, day: kept, until: detail.calendar.horizon)
        }
    }

    /// The replication where things go worst (0-based): the most days (over all widgets) on which
    /// the budget ran out, then the least fresh; the first among equals.
    public static func worstReplication(of result: SimulationResult) -> Int {
        // Over the days in place, widget by widget (the order of a joined list: the same sum).
        func score(_ runs: [WidgetRunResult]) -> (out: Int, fresh: Double) {
            (DaysOutOfBudget(runs).out, runs.reduce(0) { sum, run in run.days.reduce(sum) { $0 + $1.freshSeconds } })
        }
        let scores = result.runs.map(score)
        return scores.indices.min { a, b in
            if scores[a].out != scores[b].out { return scores[a].out > scores[b].out }
            if abs(scores[a].fresh - scores[b].fresh) > 1e-6 { return scores[a].fresh < scores[b].fresh }
            return a < b
        } ?? 0
    }

    /// The least fresh day (0-based) of `replication`, freshness averaged over the widgets; among
    /// equally fresh days the first after day 1, whose start (the widget just added, its budget
    /// full) is not what the widget lives with afterwards.
    public static func worstDay(of result: SimulationResult, replication: Int = 0) -> Int {
        let days = result.calendar.days
        guard result.runs.indices.contains(replication), !result.runs[replication].isEmpty else { return 0 }
        // Each run's days read once, in order (by index, a stored list is one read a day).
        let freshness = result.runs[replication].map { $0.days.map(\.freshness) }
        return leastFresh(days: days) { d in freshness.reduce(0) { $0 + $1[d] } / Double(freshness.count) }
    }

    /// The day in `0..<days` with the lowest `freshness`; ties go to the first day after day 1
    /// (`LeastFreshDay`, the rule a run keeping its least fresh day's stretches follows).
    static func leastFresh(days: Int, freshness: (Int) -> Double) -> Int {
        LeastFreshDay.choose(days: days, freshness: freshness)
    }

    /// `replication` re-run with every event over the first `days` days, or `nil` when its daily
    /// metrics differ from `result`'s (it then cannot stand for it). It keeps the render events of
    /// day `ageDay` (the age curve's marks) and, with `reloads` (for a result that recorded none),
    /// what the figures read of its reload events (`FigureReloads`: the budget figure's days'
    /// charges and waits, day `ageDay`'s events), not every event: its memory does not grow with
    /// the days.
    ///
    /// Every random draw depends only on the seed, the replication and the widget, and the engine
    /// never looks past the moment it simulates, so the shorter run repeats the replication's first
    /// days; the check guards that promise rather than trusting it.
    static func detailRun(of result: SimulationResult, replication: Int, days: Int, ageDay: Int, reloads: Bool) -> SimulationResult? {
        guard result.runs.indices.contains(replication) else { return nil }
        var scenario = result.scenario
        scenario.days = min(days, result.calendar.days)
        let calendar = SimulationCalendar(scenario: scenario)
        let from = ageDay < calendar.days ? calendar.dayStarts[ageDay] : .infinity
        let to = ageDay < calendar.days ? calendar.dayStarts[ageDay + 1] : .infinity
        let kept = KeptEvents(widgets: scenario.widgets.count) { event in
            event.kind == .render && event.time >= from && event.time < to
        }
        let plan = RunFigures.Plan(day: min(ageDay, calendar.days - 1), hourlyDays: 0, reloadDays: Self.budgetDays)
        let run = Simulator.run(
            scenario, onlyReplication: replication, events: .all, sinks: kept.sinks, detail: reloads ? .figures(plan) : .summaries)
        var runs = run.runs
        for w in runs[0].indices { runs[0][w].events = kept.events(widget: w) }
        let detail = SimulationResult(scenario: run.scenario, calendar: run.calendar, runs: runs)
        for (w, run) in detail.runs[0].enumerated() {
            for (day, kept) in zip(run.days, result.runs[replication][w].days) where !Self.same(day, kept) { return nil }
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

    /// The render events of the shown replication, widget `w`, when the detail run covers `t`.
    func renderEvents(widget w: Int, through t: SimTime) -> [EngineEvent]? {
        guard let detail, detail.calendar.horizon >= t - 1e-6 else { return nil }
        return detail.runs[0][w].events.filter { $0.kind == .render }
    }

    /// The scenario's name and the widget's, for titles.
    func widgetName(_ w: Int) -> String { result.scenario.widgets[w].name }

    /// The time zone as shown on axes (`UTC` rather than Foundation's `GMT`).
    var timeZoneName: String {
        TimeAxis.zoneName(result.calendar.clock.timeZoneIdentifier)
    }

    /// A figure title: `scenario · widget: what` (the widget alone when it is named as the scenario).
    func title(widget w: Int, _ what: String) -> String {
        let scenario = result.scenario.name, widget = widgetName(w)
        return (scenario == widget ? widget : "\(scenario) · \(widget)") + ": " + what
    }

    /// The shown replication's runs, by widget.
    var runs: [WidgetRunResult] { result.runs[replication] }

    /// "replication 1", or "replication 3 of 4 (the worst: the budget ran out on 5 of its days)",
    /// or "… (the worst: the least fresh)" when it never ran out.
    var replicationText: String {
        let count = result.scenario.replications
        guard count > 1 else { return "replication 1" }
        let out = DaysOutOfBudget(runs).out
        let why = out > 0 ? "the budget ran out on \(out) of its widget-days" : "the least fresh"
        return "replication \(replication + 1) of \(count) (the worst: \(why))"
    }

    /// Hours from `origin` to `t`, as written in data files.
    static func hours(_ t: SimTime, from origin: SimTime) -> String {
        NumberFormat.fixed((t - origin) / Seconds.hour, 6)
    }
}
