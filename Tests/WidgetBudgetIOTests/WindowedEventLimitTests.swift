import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// The limit on one process's events counts its `during` windows (issue #26): before, a process
/// was judged as if it ran all day, and bursts of views in a few minutes a day were refused.
@Suite("The events limit counts windows")
struct WindowedEventLimitTests {
    /// A scenario of `days` days whose views come at `perHour` inside `during` (none: all day).
    static func yaml(days: Int, perHour: Int, during: String?) -> String {
        let window = during.map { ", during: \($0)" } ?? ""
        return """
            name: bursts
            timezone: America/New_York
            days: \(days)
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, policy: {after: 15m}}
                views: {poisson: {per_hour: \(perHour)}\(window)}
            """
    }

    /// 100,000 an hour in three minutes a day is 5,000 views a day: 18.25 million in 10 years,
    /// under the limit of 20 million (all day it would be 8.76 billion).
    @Test("100,000 views an hour in three one-minute windows for 10 years loads")
    func burstsLoad() throws {
        let yaml = Self.yaml(days: 3_650, perHour: 100_000, during: #"["07:00-07:01", "12:00-12:01", "23:59-00:00"]"#)
        let file = try ScenarioLoader.parse(yaml: yaml, file: "s.yaml")
        #expect(file.scenario.days == 3_650)
        #expect(WorkEstimate(file.scenario).isWithinLimit)
    }

    @Test("the same rate all day, or in windows too long, is still refused with its line")
    func stillRefused() {
        // 8 minutes a day: 13,333 a day, 48.7 million in 10 years.
        for during in [nil, #""07:00-07:08""#] {
            let yaml = Self.yaml(days: 3_650, perHour: 100_000, during: during)
            #expect {
                try ScenarioLoader.parse(yaml: yaml, file: "s.yaml")
            } throws: { error in
                "\(error)".hasPrefix("s.yaml:7: widgets[0].views: this process would generate over 20000000 events")
            }
        }
    }
}
