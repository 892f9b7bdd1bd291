import Foundation
import Testing
import WidgetBudgetTestSupport

/// `report` runs the optimizer for every scenario with an `optimize:` section and shows its advice.
@Suite("report: optimize sections")
struct ReportOptimizeTests {
    static let tuned = """
        name: tuned
        days: 1
        budget: {daily: 70, model: midnight}
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
            content:
              predictable: {every: 1m}
        optimize:
          spacing: [1m, 5m]
          entries: [6, 61]
          align: [none, minute]
          policy: [at-end]
          replications: 1
        """

    static let plain = """
        name: plain
        days: 1
        widgets:
          - kind: news
            provider: {type: never}
        """

    @Test func optimizesOnlyScenariosWithASectionAndShowsTheRecommendation() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("Scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try Self.tuned.write(to: scenarios.appendingPathComponent("tuned.yaml"), atomically: true, encoding: .utf8)
        try Self.plain.write(to: scenarios.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)

        let out = try CLIRunner.run(["report", "Scenarios", "--out", "Reports"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        let reports = folder.appendingPathComponent("Reports")
        let optimize = reports.appendingPathComponent("tuned/optimize")
        for name in ["candidates.csv", "pareto.csv", "recommendation.csv", "recommendation.md", "Provider.swift"] {
            #expect(FileManager.default.fileExists(atPath: optimize.appendingPathComponent(name).path), "no \(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("plain/optimize").path))
        // Seed 002's point: 61 minute entries aligned to the minute beat 5-minute timelines, which
        // run out of a 70 budget at 05:50.
        let recommendation = try String(contentsOf: optimize.appendingPathComponent("recommendation.md"), encoding: .utf8)
        #expect(recommendation.contains("61 entries 1m apart, aligned to the minute"))
        let candidates = try String(contentsOf: optimize.appendingPathComponent("candidates.csv"), encoding: .utf8)
        #expect(candidates.split(separator: "\n").count == 1 + 2 * 2 * 2)
        let page = try String(contentsOf: reports.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("61 entries 1m apart"))
    }
}
