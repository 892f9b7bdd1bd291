import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Lists of processes: `views: [{…, during: …}, {…, during: …}]` merges the items' events.
@Suite("Lists of processes")
struct ProcessListTests {
    static func scenario(views: String, days: Int = 1, extra: String = "") throws -> Scenario {
        let yaml = """
            name: t
            start: 2026-03-02T00:00:00
            timezone: UTC
            days: \(days)
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, spacing: 1h, policy: {after: 1h}}
                views: \(views)
            \(extra)
            """
        return try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
    }

    static func views(of scenario: Scenario, replication: Int = 0) -> [SimTime] {
        let calendar = SimulationCalendar(scenario: scenario)
        return WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: replication).views.times
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
