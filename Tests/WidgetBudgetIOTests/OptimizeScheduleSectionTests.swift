import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Reading `optimize.schedule` (and `--schedule-segments`, `--schedule-after`), and its
/// `candidates.csv` column read back.
@Suite("Optimize section: schedule")
struct OptimizeScheduleSectionTests {
    static func settings(_ optimize: String, overrides: OptimizationOverrides = OptimizationOverrides()) throws -> OptimizationSettings {
        try OptimizeSectionTests.settings(optimize, overrides: overrides)
    }

    @Test("segments and intervals read into the schedule space; entries, spacing and alignment come from the other lists")
    func reads() throws {
        let s = try Self.settings(
            """
            optimize:
              entries: [1, 6]
              spacing: [1m]
              align: [minute]
              schedule:
                segments: ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"]
                after: [1h, 10m, never, 10m]
            """)
        let schedule = try #require(s.space.schedule)
        #expect(schedule.segments.map(\.description) == ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"])
        #expect(schedule.afters == [600, 3_600, nil], "sorted, duplicates dropped, never last")
        // Two timeline shapes (1 entry; 6 entries a minute apart, aligned), each 3^4 schedules.
        #expect(s.space.scheduleSpaces.map(\.entries) == [1, 6])
        #expect(s.space.scheduleCount == 2 * 81)
    }

    @Test("without after, the default intervals: 5m … 8h and never")
    func defaultAfters() throws {
        let s = try Self.settings("optimize:\n  schedule: {segments: [\"07:00-19:00\", \"19:00-07:00\"]}\n")
        #expect(s.space.schedule?.afters.count == 14)
        #expect(s.space.schedule?.afters.first == 300 && s.space.schedule?.afters.last == .some(nil))
    }

    @Test("the command line asks for a schedule too, and overrides the section's")
    func commandLine() throws {
        let o = OptimizationOverrides(scheduleSegments: "08:00-20:00,20:00-08:00", scheduleAfter: "30m,never")
        let s = try Self.settings("", overrides: o)
        #expect(
            s.space.schedule == ScheduleSpace(segments: [TimeWindow("08:00-20:00")!, TimeWindow("20:00-08:00")!], afters: [1_800, nil]))
    }

    @Test(
        "bad schedules are one line naming file, line and key, or the option",
        arguments: [
            ("optimize:\n  schedule: {segments: [\"07:00-09:00\", \"09:00-17:00\"]}\n", "s.yaml:", "does not end where the next one"),
            ("optimize:\n  schedule: {segments: [\"07:00-12:00\", \"09:00-07:00\"]}\n", "optimize.schedule.segments", "does not end"),
            ("optimize:\n  schedule: {segments: [\"weekdays 07:00-19:00\", \"19:00-07:00\"]}\n", "segments", "some days only"),
            ("optimize:\n  schedule: {segments: [\"7am-9am\", \"09:00-07:00\"]}\n", "segments", "7am-9am"),
            (
                "optimize:\n  schedule: {segments: [\"07:00-19:00\", \"19:00-07:00\"], after: [10m, 0s]}\n", "optimize.schedule.after",
                "greater than 0"
            ),
            (
                "optimize:\n  schedule: {segments: [\"07:00-19:00\", \"19:00-07:00\"], after: [10 minutes]}\n", "optimize.schedule.after",
                "never"
            ),
            ("optimize:\n  schedule: {segments: [\"07:00-19:00\", \"19:00-07:00\"], after: []}\n", "optimize.schedule.after", "empty"),
            ("optimize:\n  schedule: {after: [10m]}\n", "optimize.schedule", "missing required key 'segments'"),
            ("optimize:\n  schedule: {segments: [\"07:00-19:00\", \"19:00-07:00\"], every: 10m}\n", "optimize.schedule", "every"),
            (
                "optimize:\n  policy: [at-end]\n  schedule: {segments: [\"07:00-19:00\", \"19:00-07:00\"]}\n", "optimize.policy",
                "cannot be used with optimize.schedule"
            ),
            (
                "optimize:\n  windows: [[]]\n  schedule: {segments: [\"07:00-19:00\", \"19:00-07:00\"]}\n", "optimize.windows",
                "cannot be used with optimize.schedule"
            ),
        ])
    func refused(optimize: String, place: String, message: String) {
        #expect {
            try Self.settings(optimize)
        } throws: { error in
            let text = "\(error)"
            return text.contains(place) && text.contains(message) && !text.contains("\n")
        }
    }

    @Test(
        "bad command-line schedules name the option",
        arguments: [
            (OptimizationOverrides(scheduleSegments: "07:00-09:00,10:00-07:00"), "--schedule-segments", "does not end"),
            (OptimizationOverrides(scheduleSegments: "07:00-19:00,19:00-07:00", scheduleAfter: "10m,soon"), "--schedule-after", "soon"),
            (OptimizationOverrides(scheduleAfter: "10m"), "--schedule-after", "needs segments"),
            (
                OptimizationOverrides(policy: "at-end", scheduleSegments: "07:00-19:00,19:00-07:00"), "--policy",
                "cannot be used with a schedule"
            ),
        ])
    func refusedOptions(overrides: OptimizationOverrides, option: String, message: String) {
        #expect {
            try Self.settings("", overrides: overrides)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(option) && text.contains(message) && !text.contains("\n")
        }
    }

    @Test("a schedule candidate's row reads back into the same candidate")
    func rowRoundTrip() throws {
        let space = ScheduleSpace(
            segments: [TimeWindow("07:00-09:00")!, TimeWindow("09:00-23:00")!, TimeWindow("23:00-07:00")!],
            afters: [600, 5_400, nil], entries: 6, spacing: 60, align: .minute)
        let candidate = space.candidate([0, 1, 2])
        #expect(candidate.scheduleText == "07:00-09:00 after 10m; 09:00-23:00 after 1h30m; 23:00-07:00 never")
        var fields = Array(repeating: "0", count: CandidateTable.header.count)
        let set = { (column: String, value: String) in fields[CandidateTable.header.firstIndex(of: column)!] = value }
        set("spacing_s", "60")
        set("entries", "6")
        set("align", "minute")
        set("policy", candidate.policyKind)
        set("after_s", "")
        set("windows", "")
        set("app_throttle_s", "")
        set("schedule", candidate.scheduleText)
        set("self_updating", "false")
        set("replication_objectives", "0.5")
        set("feasible", "true")
        set("reason", "")
        let row = try CandidateRow(fields: fields, where: "candidates.csv:2")
        #expect(row.record.candidate == candidate)
        #expect(row.record.candidate.providerSpec(firstOffset: 0) == space.providerSpec([0, 1, 2]))
        set("schedule", "07:00-09:00 every 10m")
        #expect {
            try CandidateRow(fields: fields, where: "candidates.csv:2")
        } throws: { "\($0)".contains("candidates.csv:2: schedule: cannot read '07:00-09:00 every 10m'") }
    }
}
