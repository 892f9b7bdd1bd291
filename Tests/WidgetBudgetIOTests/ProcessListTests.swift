import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Lists of processes: `views: [{…, during: …}, {…, during: …}]` merges the items' events.
@Suite("Lists of processes")
struct ProcessListTests {
    static func scenario(views: String, days: Int = 1, extra: String = "", contentYAML: String = "") throws -> Scenario {
        let yaml = """
            name: t
            start: 2026-03-02T00:00:00
            timezone: UTC
            days: \(days)
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, spacing: 1h, policy: {after: 1h}}
                views: \(views)
                \(contentYAML)
            \(extra)
            """
        return try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
    }

    static func views(of scenario: Scenario, replication: Int = 0, widget: Int = 0) -> [SimTime] {
        let calendar = SimulationCalendar(scenario: scenario)
        return WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: widget, replication: replication).views.times
    }

    @Test("regular items in two windows give exactly their instants, in time order")
    func regularItemsMerge() throws {
        let s = try Self.scenario(
            views: #"[{every: 30m, during: "17:00-19:00"}, {every: 1h, during: "07:00-09:00"}]"#)
        guard case let .merged(items) = s.widgets[0].views.pattern else {
            Issue.record("expected a merged process")
            return
        }
        #expect(items.count == 2)
        // By hand: 07:00 and 08:00 (09:00 is the end of the window), then every half hour from 17:00.
        let h = Seconds.hour
        #expect(Self.views(of: s) == [7 * h, 8 * h, 17 * h, 17.5 * h, 18 * h, 18.5 * h])
    }

    @Test("a list of one is that process; an empty list and a nested list are one-line errors")
    func edgeCases() throws {
        let one = try Self.scenario(views: "[{every: 1h}]")
        #expect(one.widgets[0].views == EventProcess(.every(period: 3_600, offset: 0)))
        #expect(throws: ScenarioError.self) { try Self.scenario(views: "[]") }
        #expect(throws: ScenarioError.self) { try Self.scenario(views: "[[{every: 1h}]]") }
        do {
            _ = try Self.scenario(views: "[{every: 1h}, {evry: 1h}]")
            Issue.record("an unknown key inside a list item must be an error")
        } catch let error as ScenarioError {
            #expect(error.line == 8, "the line of the bad item")
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test("adding an item never shifts the other items' random events")
    func itemsDrawFromTheirOwnStreams() throws {
        let two = try Self.scenario(
            views: #"[{poisson: {per_hour: 20}, during: "07:00-09:00"}, {poisson: {per_hour: 1}, during: "09:00-17:00"}]"#)
        let three = try Self.scenario(
            views:
                #"[{poisson: {per_hour: 20}, during: "07:00-09:00"}, {poisson: {per_hour: 1}, during: "09:00-17:00"}, {every: 1h, during: "20:00-22:00"}]"#
        )
        let extra = Set([20 * Seconds.hour, 21 * Seconds.hour])
        #expect(Self.views(of: three).filter { !extra.contains($0) } == Self.views(of: two))
    }

    /// The widget's inputs in `scenario` (widget `widget`, replication 0).
    static func inputs(of scenario: Scenario, widget: Int = 0) -> WidgetInputs {
        WidgetInputs(scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: widget, replication: 0)
    }

    static let morning = #"{poisson: {per_hour: 4}, during: "00:00-12:00"}"#
    static let afternoon = #"{poisson: {per_hour: 4}, during: "12:00-24:00"}"#
    /// The times before noon, local (UTC) time of day, of any day.
    static func beforeNoon(_ times: [SimTime]) -> [SimTime] {
        times.filter { $0.truncatingRemainder(dividingBy: Seconds.day) < 12 * Seconds.hour }
    }

    /// Issue #23 item 2: one process on its own is item 0 of a list, so going from one item to two
    /// moves nothing (before, a list of one drew from the purpose's stream and a list of two from
    /// per-item streams: 32 against 23 views before noon, none at the same instant).
    @Test("one Poisson views item, then the same plus a second: the same views before noon")
    func secondItemMovesNoViews() throws {
        let one = try Self.scenario(views: "[\(Self.morning)]", days: 3)
        let two = try Self.scenario(views: "[\(Self.morning), \(Self.afternoon)]", days: 3)
        let alone = Self.views(of: one)
        #expect(alone.count > 100)  // 4 an hour, 12 h a day, 3 days: 144 expected
        #expect(alone.allSatisfy { $0.truncatingRemainder(dividingBy: Seconds.day) < 12 * Seconds.hour })
        #expect(Self.beforeNoon(Self.views(of: two)) == alone)
    }

    @Test("content lists: a second item moves neither the unpredictable nor the predictable changes")
    func secondItemMovesNoChanges() throws {
        func content(_ process: String) throws -> WidgetInputs {
            let s = try Self.scenario(
                views: "none", extra: "", contentYAML: "content: {unpredictable: \(process), predictable: \(process)}")
            return Self.inputs(of: s)
        }
        let one = try content("[\(Self.morning)]")
        let two = try content("[\(Self.morning), \(Self.afternoon)]")
        #expect(one.unpredictable.count > 20)
        #expect(Self.beforeNoon(two.unpredictable.times) == one.unpredictable.times)
        #expect(Self.beforeNoon(two.predictable.eventTimes.times) == one.predictable.eventTimes.times)
    }

    @Test("foreground lists: a second item moves neither the other's session starts nor their durations")
    func secondItemMovesNoSessions() throws {
        func sessions(_ items: String) throws -> IntervalSet {
            let s = try Self.scenario(views: "none", extra: "app:\n  foreground: \(items)")
            return Self.inputs(of: s).foreground
        }
        let item = #"{poisson: {per_hour: 2}, duration: {uniform: [1m, 10m]}, during: "00:00-12:00"}"#
        let second = #"{poisson: {per_hour: 2}, duration: {uniform: [1m, 10m]}, during: "12:00-24:00"}"#
        let one = try sessions("[\(item)]")
        let two = try sessions("[\(item), \(second)]")
        #expect(one.count > 10)
        let noon = 12 * Seconds.hour
        // Sessions starting before noon, with their (random) ends.
        let alone = zip(one.starts, one.ends).filter { $0.0 < noon }
        let both = zip(two.starts, two.ends).filter { $0.0 < noon }
        #expect(alone.map(\.0) == both.map(\.0))
        #expect(alone.map(\.1) == both.map(\.1))
    }

    @Test("instances: each copy's items keep their views; copies elsewhere move no widget's draws")
    func instancesKeepTheirStreams() throws {
        func scenario(instances: Int, views: String) throws -> Scenario {
            let yaml = """
                name: t
                start: 2026-03-02T00:00:00
                timezone: UTC
                days: 2
                widgets:
                  - kind: a
                    instances: \(instances)
                    provider: {type: fixed, entries: 1, policy: {after: 1h}}
                    views: \(views)
                  - kind: b
                    provider: {type: fixed, entries: 1, policy: {after: 1h}}
                    views: \(Self.morning)
                """
            return try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
        }
        let one = try scenario(instances: 2, views: "[\(Self.morning)]")
        let two = try scenario(instances: 2, views: "[\(Self.morning), \(Self.afternoon)]")
        for copy in 0..<2 {
            let alone = Self.views(of: one, widget: copy)
            #expect(alone.count > 20)
            #expect(Self.beforeNoon(Self.views(of: two, widget: copy)) == alone)
        }
        // The copies draw apart, and a third copy of `a` moves neither copy nor widget `b`.
        #expect(Self.views(of: one, widget: 0) != Self.views(of: one, widget: 1))
        let three = try scenario(instances: 3, views: "[\(Self.morning)]")
        for copy in 0..<2 { #expect(Self.views(of: three, widget: copy) == Self.views(of: one, widget: copy)) }
        #expect(Self.views(of: three, widget: 3) == Self.views(of: one, widget: 2))
        #expect(Self.inputs(of: three, widget: 3).dailyBudget == Self.inputs(of: one, widget: 2).dailyBudget)
    }

    @Test("time-of-day Poisson rates add up: 20/h for 2 h plus 1/h for 8 h is 48 views a day")
    func poissonRatesByTimeOfDay() throws {
        let days = 50
        let s = try Self.scenario(
            views: #"[{poisson: {per_hour: 20}, during: "07:00-09:00"}, {poisson: {per_hour: 1}, during: "09:00-17:00"}]"#,
            days: days)
        let views = Self.views(of: s)
        let morning = views.filter { t in
            let hour = t.truncatingRemainder(dividingBy: Seconds.day) / Seconds.hour
            return hour >= 7 && hour < 9
        }
        #expect(
            views.allSatisfy { t in
                let hour = t.truncatingRemainder(dividingBy: Seconds.day) / Seconds.hour
                return hour >= 7 && hour < 17
            })
        // Counts are Poisson: 2,000 expected in the mornings (sd 44.7) and 400 in the days (sd 20);
        // four standard deviations either side.
        #expect(abs(Double(morning.count) - 2_000) <= 4 * 2_000.0.squareRoot())
        #expect(abs(Double(views.count - morning.count) - 400) <= 4 * 400.0.squareRoot())
    }

    @Test("foreground sessions and content take lists too; one duration wherever it is given")
    func foregroundAndContent() throws {
        let s = try Self.scenario(
            views: "none",
            extra: """
                app:
                  foreground: [{every: 6h, duration: 5m, during: "06:00-13:00"}, {at: [20h], duration: 5m}]
                """)
        if case .merged = s.app.foreground.pattern {} else { Issue.record("foreground should be merged") }
        #expect(s.app.foregroundDuration == .constant(300))
        let calendar = SimulationCalendar(scenario: s)
        let fg = WidgetInputs(scenario: s, calendar: calendar, widgetIndex: 0, replication: 0).foreground
        // By hand: sessions at 06:00, 12:00 and 20:00, five minutes each.
        #expect(fg.contains(6 * Seconds.hour + 60) && fg.contains(12 * Seconds.hour + 299) && fg.contains(20 * Seconds.hour))
        #expect(!fg.contains(18 * Seconds.hour) && !fg.contains(6 * Seconds.hour + 300))
        #expect(throws: ScenarioError.self) {
            try Self.scenario(
                views: "none",
                extra: """
                    app:
                      foreground: [{every: 6h, duration: 5m}, {at: [20h], duration: 2m}]
                    """)
        }
    }
}
