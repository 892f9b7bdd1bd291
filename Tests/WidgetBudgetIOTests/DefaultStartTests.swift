import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// docs/scenario-format.md: without `start` a scenario begins on Monday 2026-01-05 at 00:00 local
/// time of its `timezone` (issue #28: it began at 00:00 UTC whatever the zone).
@Suite("Default start")
struct DefaultStartTests {
    /// The zone, the expected start in seconds since 1970 (by hand: 2026-01-05T00:00Z is
    /// 1,767,571,200 s; local midnight is that minus the zone's January offset), and the labels of
    /// the first two days.
    static let cases: [(zone: String, epoch: Double)] = [
        ("America/Los_Angeles", 1_767_571_200 + 8 * 3_600),  // PST, UTC−8
        ("Europe/Berlin", 1_767_571_200 - 3_600),  // CET, UTC+1
        ("Asia/Tokyo", 1_767_571_200 - 9 * 3_600),  // JST, UTC+9
        ("UTC", 1_767_571_200),
    ]

    @Test("a scenario without start begins at local midnight of 2026-01-05", arguments: cases)
    func localMidnight(zone: String, epoch: Double) throws {
        let yaml = """
            timezone: \(zone)
            days: 2
            widgets:
              - kind: clock
                provider: {type: fixed, entries: 1, spacing: 1h, policy: at-end}
            """
        let scenario = try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
        #expect(scenario.start.timeIntervalSince1970 == epoch)
        let clock = LocalClock(start: scenario.start, timeZone: scenario.timeZone, horizon: 2 * Seconds.day)
        #expect(DayLabel.iso(0, clock: clock) == "2026-01-05")
        #expect(DayLabel.iso(Seconds.day, clock: clock) == "2026-01-06")
        #expect(clock.dateTimeString(0) == "2026-01-05 00:00:00")
    }

    @Test("an explicit start is still read in the scenario's zone")
    func explicitStart() throws {
        let yaml = """
            timezone: America/Los_Angeles
            start: 2026-03-02T06:30
            widgets:
              - kind: clock
                provider: {type: fixed, entries: 1, spacing: 1h, policy: at-end}
            """
        let scenario = try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
        // 2026-03-02 is before the US change of 8 March: PST, 06:30 local = 14:30Z.
        // 2026-03-02T00:00Z = 1,767,571,200 + 56 days × 86,400 = 1,772,409,600.
        #expect(scenario.start.timeIntervalSince1970 == 1_772_409_600 + 14.5 * 3_600)
    }
}
