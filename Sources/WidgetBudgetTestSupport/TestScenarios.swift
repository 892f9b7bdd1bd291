import Foundation
import WidgetBudgetKit

/// Small scenario builders for tests: one widget, a few knobs, everything else at its default.
public enum TestScenarios {
    /// Monday 2026-01-05 00:00 UTC, the default scenario start.
    public static let mondayUTC = Date(timeIntervalSince1970: 1_767_571_200)
    /// UTC.
    public static let utc = TimeZone(identifier: "UTC")!

    /// A scenario holding one widget of kind `kind` with the given provider and content.
    public static func single(
        _ provider: ProviderSpec, kind: String = "widget", days: Int = 1, replications: Int = 1, seed: UInt64 = 1,
        start: Date = mondayUTC, timeZone: TimeZone = utc, budget: BudgetSettings = .fixed(70),
        memory: MemorySettings = MemorySettings(), system: SystemSettings = SystemSettings(),
        app: AppActivity = AppActivity(), predictable: EventProcess = .none, unpredictable: EventProcess = .none,
        views: EventProcess = .none
    ) -> Scenario {
        Scenario(
            name: "test", start: start, timeZone: timeZone, days: days, replications: replications, seed: seed,
            budget: budget, memory: memory, system: system,
            widgets: [
                WidgetSpec(
                    kind: kind, provider: provider, predictable: predictable,
                    unpredictable: unpredictable, views: views)
            ],
            app: app)
    }

    /// Runs `provider` (any `ReplayProvider`, e.g. one written in a test) as widget `widget` of
    /// `scenario`, replication `replication`, with the scenario's inputs, budget and memory rules.
    public static func run<P: ReplayProvider>(
        _ provider: P, in scenario: Scenario, widget: Int = 0,
        replication: Int = 0, events: EventLevel = .all
    ) -> WidgetRunResult {
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: widget, replication: replication)
        var simulation = WidgetSimulation(
            provider: provider, inputs: inputs, calendar: calendar,
            memory: scenario.memory, system: scenario.system,
            budgetModel: scenario.budget.model, widgetIndex: widget,
            replication: replication, family: scenario.widgets[widget].family,
            events: events)
        return simulation.run()
    }
}

/// Wall-clock arithmetic for expectations written as times of day.
public enum TimeOfDay {
    /// `h` hours, `m` minutes and `s` seconds, in seconds.
    public static func hms(_ h: Double, _ m: Double = 0, _ s: Double = 0) -> Double {
        h * 3_600 + m * 60 + s
    }

    /// The instant `h:m:s` on day `day` of a scenario that starts at midnight and has 24-hour days.
    public static func at(day: Int, _ h: Double, _ m: Double = 0, _ s: Double = 0) -> Double {
        Double(day) * 86_400 + hms(h, m, s)
    }
}

extension WidgetRunResult {
    /// The recorded events of one kind, in time order.
    public func events(_ kind: EngineEvent.Kind) -> [EngineEvent] {
        events.filter { $0.kind == kind }
    }

    /// The times of the recorded grants (getTimeline calls).
    public var grantTimes: [SimTime] {
        events(.grant).map(\.time)
    }

    /// The sum of one day-metric over all days.
    public func total(_ key: (DayMetrics) -> Int) -> Int {
        days.reduce(0) { $0 + key($1) }
    }
}

extension SimulationResult {
    /// The run of `widget` in `replication`.
    public func run(widget: Int = 0, replication: Int = 0) -> WidgetRunResult {
        runs[replication][widget]
    }

    /// The metrics of day `day` of `widget` in `replication`.
    public func day(_ day: Int, widget: Int = 0, replication: Int = 0) -> DayMetrics {
        runs[replication][widget].days[day]
    }
}
