import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// `provider: {type: schedule, segments: […]}`: read as the optimizer's schedules are built, and
/// refused when the segments do not cover the day.
@Suite("Scenario: schedule provider")
struct ScheduleScenarioTests {
    static func parse(_ segments: String) throws -> Scenario {
        let yaml = """
            name: t
            start: 2026-03-02T00:00:00
            timezone: UTC
            widgets:
              - kind: w
                provider:
                  type: schedule
                  segments: \(segments)
            """
        return try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
    }

    @Test("segments covering the day give a schedule of fixed providers")
    func reads() throws {
        let s = try Self.parse(#"[{during: "07:00-23:00", policy: {after: 30m}}, {during: "23:00-07:00", policy: never}]"#)
        let expected = ScheduleSpace(segments: [TimeWindow("07:00-23:00")!, TimeWindow("23:00-07:00")!], afters: [1_800, nil])
            .providerSpec([0, 1])
        #expect(s.widgets[0].provider == expected)
    }

    @Test(
        "segments that leave a gap, overlap or apply on some days only are refused, naming the key",
        arguments: [
            (#"[{during: "07:00-09:00"}, {during: "09:00-17:00"}]"#, "does not end where the next one"),
            (#"[{during: "07:00-12:00"}, {during: "09:00-07:00"}]"#, "does not end where the next one"),
            (#"[{during: "weekdays 07:00-19:00"}, {during: "19:00-07:00"}]"#, "some days only"),
        ])
    func refused(segments: String, message: String) {
        #expect {
            try Self.parse(segments)
        } throws: { error in
            let text = "\(error)"
            return text.contains("segments") && text.contains(message) && text.contains("s.yaml")
        }
    }
}
