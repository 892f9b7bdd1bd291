import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetInspect
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Each fixture project of Tests/Fixtures/Inspect: its diagnostics (`--format xcode` lines) and its
/// scenario compared exactly with the golden files beside it, and the scenario simulated by the
/// engine. `INSPECT_UPDATE_GOLDENS=1` rewrites the golden files instead (review the diff).
@Suite("inspect: fixture projects")
struct InspectFixtureTests {
    static let root = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/Inspect")
    /// Every fixture folder: a new one is compared as soon as it exists.
    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return all.filter { !$0.contains(".") }.sorted()
    }()

    /// The diagnostics as Xcode lines, paths from the fixtures folder.
    static func lines(_ inspection: Inspection) -> String {
        InspectReport.xcode(inspection).replacingOccurrences(of: root.path + "/", with: "")
    }

    static func golden(_ name: String, _ file: String, _ actual: String) throws -> String {
        let url = root.appendingPathComponent(name).appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["INSPECT_UPDATE_GOLDENS"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func theIdiomsOfTheIssueAreAllHere() {
        let idioms = [
            "xcode-template", "app-intent-async", "minute-clock", "day-1440", "constants-elsewhere", "app-reloads", "never-relative",
            "seconds-ticker", "intent-configuration", "edge-cases", "daily-calendar",
        ]
        #expect(Self.names == idioms.sorted())
    }

    @Test(arguments: names)
    func diagnosticsAndScenarioMatchTheGoldenFiles(name: String) throws {
        let inspection = try Inspection.run(paths: [Self.root.appendingPathComponent(name).path], name: name)
        let diagnostics = Self.lines(inspection)
        #expect(diagnostics == (try Self.golden(name, "expected-diagnostics.txt", diagnostics)))
        #expect(inspection.scenarioText == (try Self.golden(name, "expected-scenario.yaml", inspection.scenarioText)))
    }

    @Test(arguments: names)
    func theScenarioLoadsAndSimulates(name: String) throws {
        let path = Self.root.appendingPathComponent(name).appendingPathComponent("expected-scenario.yaml").path
        let file = try ScenarioLoader.load(path: path)
        #expect(file.warnings.isEmpty)
        let result = Simulator.run(file.scenario)
        #expect(result.summaries.count == file.scenario.widgets.count)
        #expect(result.summaries.allSatisfy { $0.reloadsPerDay > 0 })
    }
}
