import Foundation
import Testing
import WidgetBudgetTestSupport

/// `--format json`: one JSON document on standard output (docs/json-output.md), the exit codes of
/// text mode, and a CI gate on "no day runs out of budget".
@Suite("JSON output")
struct JSONOutputTests {
    /// The object standard output holds; fails when it is not exactly one JSON object.
    static func document(_ out: CLIRunner.Output) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8))
        return try #require(object as? [String: Any], "stdout is not one JSON object: \(out.stdout)")
    }

    /// 5-minute timelines make 288 charged reloads a day: against 70 the budget runs out every day
    /// (2 days × 2 replications = 4 days); against 300 it never does.
    @Test(arguments: [("70", true, 4), ("300", false, 0)])
    func simulateGatesOnTheBudget(_ budget: String, _ ranOut: Bool, _ days: Int) throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let out = try CLIRunner.run(["simulate", "Scenarios/a.yaml", "--budget", budget, "--out", "sim", "--format", "json"], in: root)
            #expect(out.status == 0, "\(out.stderr)")
            let doc = try Self.document(out)
            #expect(doc["schemaVersion"] as? Int == 1)
            #expect(doc["command"] as? String == "simulate")
            #expect(doc["budgetRanOut"] as? Bool == ranOut)
            let widget = try #require((doc["widgets"] as? [[String: Any]])?.first)
            #expect(widget["name"] as? String == "clock")
            #expect(widget["daysOutOfBudget"] as? Int == days)
            #expect(widget["daysSimulated"] as? Int == 4)
            let summary = try #require(widget["summary"] as? [String: Any])
            #expect(summary["exhaustedDayFraction"] as? Double == Double(days) / 4)
            #expect((doc["written"] as? [String])?.first == "sim/summary.csv")
        }
    }

    @Test func optimizeWithoutAFeasiblePolicyExitsTwoAndSaysWhy() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try OptimizeBadInputTests.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        // Every 15 minutes is 96 reloads a day against a budget of 40.
        let out = try CLIRunner.run(
            ["optimize", "s.yaml", "--out", "out", "--policy", "after:15m", "--budget", "40", "--format", "json"], in: folder)
        #expect(out.status == 2)
        let doc = try Self.document(out)
        #expect(doc["command"] as? String == "optimize")
        #expect(doc["feasible"] as? Bool == false)
        #expect(doc["recommended"] == nil)
        #expect((doc["infeasibility"] as? String)?.contains("constraints.budgets binds") == true)
        // Apple sets the budget: the advice is a policy that fits 40 a day, ⌈86,400 / 40 / 60⌉ = 36 minutes apart.
        #expect((doc["infeasibility"] as? String)?.contains("to fit 40/day a policy may reload at most every 36m") == true)
        #expect((doc["infeasibility"] as? String)?.contains("raise") == false)
    }

    @Test func compareListsEveryMetricByScenario() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let out = try CLIRunner.run(
                ["compare", "Scenarios/a.yaml", "Scenarios/a.yaml", "--out", "cmp", "--format", "json"], in: root,
                environment: ["PATH": ReportTestSupport.pathWithoutGnuplot])
            #expect(out.status == 0, "\(out.stderr)")
            let doc = try Self.document(out)
            let scenarios = try #require(doc["scenarios"] as? [[String: Any]])
            #expect(scenarios.map { $0["letter"] as? String } == ["A", "B"])
            let rows = try #require(doc["rows"] as? [[String: Any]])
            let csv = try String(contentsOf: root.appendingPathComponent("cmp/comparison.csv"), encoding: .utf8)
            // comparison.csv has a header and one line per widget, metric and scenario.
            #expect(rows.count * 2 == csv.split(separator: "\n").count - 1)
            // The same scenario twice: identical values, no difference is significant.
            for row in rows {
                let values = try #require(row["values"] as? [Any])
                #expect(values.count == 2)
                let differences = try #require(row["differences"] as? [Any])
                if let b = differences[1] as? [String: Any] { #expect(b["significant"] as? Bool != true) }
            }
        }
    }

    @Test func analyzeEmitsTheAnalysis() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let export = try CLIRunner.run(["export-log", "Scenarios/a.yaml", "--out", "log.csv"], in: root)
            #expect(export.status == 0, "\(export.stderr)")
            let out = try CLIRunner.run(
                ["analyze", "log.csv", "--out", "an", "--format", "json"], in: root,
                environment: ["PATH": ReportTestSupport.pathWithoutGnuplot])
            #expect(out.status == 0, "\(out.stderr)")
            let doc = try Self.document(out)
            #expect(doc["command"] as? String == "analyze")
            let analysis = try #require(doc["analysis"] as? [String: Any])
            let widgets = try #require(analysis["widgets"] as? [[String: Any]])
            #expect(widgets.count == 1)
        }
    }

    @Test func helpListsTheExitCodes() throws {
        let out = try CLIRunner.run(["--help"])
        for line in ["EXIT CODES:", "2    no feasible policy (optimize)", "64   usage", "130  interrupted"] {
            #expect(out.stdout.contains(line), "\(line)")
        }
    }
}
