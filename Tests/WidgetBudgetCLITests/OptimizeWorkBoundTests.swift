import Foundation
import Testing
import WidgetBudgetTestSupport

/// Schedule spaces whose size or search is far past the work limit (issue #27, items 1 and 12):
/// 14^24 schedules swept trapped on overflow in the work estimate (exit 132, and `report` left
/// its staging folder and lock); a 48-segment search ran 484 s unbounded. Both are refused up
/// front in one line naming the limit and `--force`, and nothing is left behind.
@Suite("optimize: work past the limit for schedules")
struct OptimizeWorkBoundTests {
    /// A schedule of `segments` equal segments over the day, 14 intervals each.
    static func scenario(segments: Int, method: String = "auto") -> String {
        let minutes = 1_440 / segments
        func time(_ m: Int) -> String { String(format: "%02d:%02d", m % 1_440 / 60, m % 60) }
        let list = (0..<segments).map { "\"\(time($0 * minutes))-\(time(($0 + 1) * minutes))\"" }.joined(separator: ", ")
        return """
            name: segments
            days: 7
            replications: 4
            widgets:
              - kind: news
                provider: {type: fixed, entries: 1, policy: {after: 36m}}
                content:
                  unpredictable: {poisson: {per_hour: 2}}
                views: {poisson: {per_hour: 10}}
            optimize:
              entries: [1]
              method: \(method)
              schedule:
                segments: [\(list)]
                after: [10m, 15m, 20m, 30m, 45m, 1h, 90m, 2h, 3h, 4h, 6h, 8h, 12h, never]
            """
    }

    static func leftovers(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("widgetbudget-staging") || $0.contains("widgetbudget-lock")
        }
    }

    @Test("24 segments swept (14^24 schedules): optimize refuses in one line, no trap")
    func sweepPastIntMax() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario(segments: 24, method: "exhaustive").write(
            to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["optimize", "s.yaml", "--out", "out"], in: folder)
        #expect(out.status != 0 && out.status < 128, "exit \(out.status)")
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains("(9223372036854775807 candidates of the space + the current policy)"), "\(out.stderr)")
        #expect(out.stderr.contains("is past the limit of 5000000 widget-days (docs/limits.md)"))
        #expect(out.stderr.contains("or optimize --force"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // The same from the command line's --method.
        try Self.scenario(segments: 24).write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let option = try CLIRunner.run(["optimize", "s.yaml", "--method", "exhaustive", "--out", "out"], in: folder)
        #expect(option.status != 0 && option.status < 128 && option.stderr.contains("9223372036854775807 candidates"), "\(option.stderr)")
    }

    @Test("report over a folder holding it: the page says why, no trap, no staging folder or lock left")
    func reportPastIntMax() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("Scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try Self.scenario(segments: 24, method: "exhaustive").write(
            to: scenarios.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["report", "Scenarios", "--out", "Reports"], in: folder)
        #expect(out.status != 0 && out.status < 128, "exit \(out.status): \(out.stderr)")
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        // A batch report goes on past a scenario that fails and says why on its page.
        #expect(out.stderr.contains("1 of 1 scenarios failed; see Reports/index.html"), "\(out.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("Reports/index.html"), encoding: .utf8)
        #expect(page.contains("9223372036854775807 candidates"))
        #expect(page.contains("past the limit of 5000000 widget-days"))
        #expect(try Self.leftovers(folder) == [])
        #expect(try Self.leftovers(folder.appendingPathComponent("Reports")) == [])
    }

    @Test("48 segments searched with a budget past the limit: refused up front, naming the limit and --force")
    func searchPastTheLimit() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario(segments: 48).write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        // The search's own bound is 4,019,385 schedules (ScheduleSearchBudgetTests), above the
        // 1,000,000 asked: (1,000,000 + 1) × 30 days × 4 = 120,000,120.
        let out = try CLIRunner.run(["optimize", "s.yaml", "--days", "30", "--max-evaluations", "1000000", "--out", "out"], in: folder)
        #expect(out.status != 0 && out.status < 128, "exit \(out.status)")
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains("(1000000 candidates at most, searched of"), "\(out.stderr)")
        #expect(out.stderr.contains("= 120000120 widget-days"), "\(out.stderr)")
        #expect(
            out.stderr.contains(
                "past the limit of 5000000 widget-days (docs/limits.md); use fewer candidates, days or replications, or optimize --force"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// The search ran up to 62,881 evaluations whatever `max_evaluations` said (484 s in the issue): now
    /// at most `max_evaluations` schedules are evaluated, and `candidates.csv` lists them.
    @Test("48 segments searched: at most max_evaluations schedules evaluated")
    func searchStopsAtTheBudget() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario(segments: 48).write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(
            program: URL(fileURLWithPath: "/usr/bin/timeout"),
            [
                "300", CLIRunner.executable.path, "optimize", "s.yaml", "--days", "2", "--replications", "1", "--max-evaluations", "300",
                "--out", "out",
            ],
            in: folder)
        #expect(out.status == 0 || out.status == 1, "exit \(out.status): \(out.stderr)")
        #expect(out.stdout.contains("searched 300 of"), "\(out.stdout)")
        let candidates = try String(contentsOf: folder.appendingPathComponent("out/candidates.csv"), encoding: .utf8)
        #expect(candidates.split(separator: "\n").count == 301)
    }
}
