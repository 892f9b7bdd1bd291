import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// `widgetbudget optimize` with `optimize.schedule`, end to end through the command line, on a
/// case worked out by hand: content changes and views only from 08:00 to 20:00.
@Suite("optimize: schedule end to end")
struct OptimizeScheduleEndToEndTests {
    /// Changes 2 an hour and views 30 an hour from 08:00 to 20:00, nothing at night; one entry a
    /// timeline, budget 30 a day (rolling 24 h), no reload delay.
    static let scenario = """
        name: schedule-two-segments
        start: 2026-01-05T00:00:00
        timezone: UTC
        days: 4
        replications: 4
        seed: 9
        budget: {daily: 30, model: rolling-24h}
        widgets:
          - kind: w
            provider: {type: fixed, entries: 1, policy: {after: 1h}}
            content:
              unpredictable: {poisson: {per_hour: 2}, during: "08:00-20:00"}
            views: {poisson: {per_hour: 30}, during: "08:00-20:00"}
        optimize:
          entries: [1]
          schedule:
            segments: ["08:00-20:00", "20:00-08:00"]
            after: [15m, 30m, 1h, 2h, never]

        """

    /// The one data row of a CSV file written by `optimize` (no field here holds a comma).
    static func row(_ url: URL) throws -> [String: String] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return Dictionary(uniqueKeysWithValues: zip(header, fields))
    }

    @Test("the busy segment gets the shortest interval the budget allows, the empty one never; as the library's search picks")
    func handComputed() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("two.yaml").path
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("out")
        let run = try CLIRunner.run(["optimize", path, "--method", "search", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let rec = try Self.row(out.appendingPathComponent("recommendation.csv"))

        // By hand. From 08:00 to 20:00 an interval I asks for 12 h / I reloads, and 20:00 starts the
        // night with one more; the start reload at 00:00 of the first day falls in the same rolling
        // 24 h. 15 min: 48 + 1 + 1 = 50 > 30. 30 min: 24 + 1 + 1 = 26 ≤ 30, so 30 min is the shortest
        // the budget allows. At night nobody looks and nothing changes: every interval leaves the
        // views as fresh, and `never` spends least (the 20:00 reload only).
        #expect(rec["policy"] == "schedule")
        #expect(rec["schedule"] == "08:00-20:00 after 30m; 20:00-08:00 never")
        #expect(rec["needed_budget"] == "26")
        // 26 reloads the first day, 25 on each of the 3 others.
        #expect(rec["charged_per_day"] == "25.250")
        // Poisson changes at λ = 2/h, reloads every I = 30 min, views uniform in between: a view is
        // fresh with probability (1 − e^{−λI})/(λI) (Cho & Garcia-Molina's freshness).
        let expected = (1 - exp(-1.0)) / 1.0
        let values = rec["replication_objectives"]!.split(separator: ";").map { Double($0)! }
        let mean = values.reduce(0, +) / Double(values.count)
        let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
        // A 99 % Student-t interval over the replications (t_{0.995, 3} = 5.841).
        let half = 5.841 * sd / Double(values.count).squareRoot()
        #expect(abs(mean - expected) <= half, "views fresh \(mean) against the closed form \(expected) ± \(half)")
        // The objective pools every view of every replication: within the same interval.
        #expect(abs(Double(rec["objective"]!)! - expected) <= half)

        // The library's ScheduleSearch on the same problem picks the same schedule and evaluates
        // the same schedules.
        let file = try ScenarioLoader.load(path: path)
        let problem = try OptimizationRun.prepare(file: file, overrides: OptimizationOverrides(method: "search"))
        let space = try #require(problem.settings.space.scheduleSpaces.first)
        let found = problem.searchSchedules(space)
        #expect(space.describe(found.result.best) == rec["schedule"])
        let candidates = try String(contentsOf: out.appendingPathComponent("candidates.csv"), encoding: .utf8)
        #expect(candidates.split(separator: "\n").count - 1 == found.evaluations.count)

        let manifest = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
        #expect(manifest.contains("schedule_segments,08:00-20:00;20:00-08:00\nschedule_after,15m;30m;1h;2h;never\n"))

        // recommendation.md shows the schedule per segment and how sure it is; Provider.swift picks by the hour.
        let md = try String(contentsOf: out.appendingPathComponent("recommendation.md"), encoding: .utf8)
        #expect(md.contains("| 08:00-20:00 | every 30m (`.after(now + 30m)`) | 24 |"))
        #expect(md.contains("| 20:00-08:00 | never | 1 |"))
        #expect(md.contains("## How sure this is") && md.contains("ScheduleSearch"))
        let swift = try String(contentsOf: out.appendingPathComponent("Provider.swift"), encoding: .utf8)
        #expect(swift.contains("(480, 1200, 1800),  // 08:00-20:00 after 30m"))
        #expect(swift.contains("(1200, 480, nil),  // 20:00-08:00 never"))
    }

    @Test("a schedule is not split into shards: one line naming --shard, nothing written")
    func shardsRefused() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("two.yaml").path
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("out")
        let run = try CLIRunner.run(["optimize", path, "--shard", "1/2", "--out", out.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--shard: a schedule is searched"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("segments that do not cover the day: one line naming the option, nothing written")
    func badSegments() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("two.yaml").path
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("out")
        let run = try CLIRunner.run(["optimize", path, "--schedule-segments", "08:00-20:00,21:00-08:00", "--out", out.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--schedule-segments: segment 08:00-20:00 does not end where the next one (21:00-08:00) starts"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
