import Foundation
import Testing
import WidgetBudgetTestSupport

/// `widgetbudget inspect` end to end: Xcode lines (golden), `--fail-on`, JSON, bad paths, and the
/// emitted scenario run by `simulate` and `optimize` as written.
@Suite("inspect command")
struct InspectCommandTests {
    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/Inspect")

    static func inspect(_ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(["inspect"] + arguments, in: fixtures)
    }

    @Test func xcodeLinesAreTheGoldenFile() throws {
        let run = try Self.inspect(["app-reloads", "--format", "xcode"])
        let golden = try String(contentsOf: Self.fixtures.appendingPathComponent("app-reloads/expected-diagnostics.txt"), encoding: .utf8)
        #expect(run.status == 0)
        #expect(run.stdout == golden)
        #expect(run.stderr.isEmpty)
        let shape = #/^[^:\n]+\.swift:\d+:\d+: (warning|error|note): [^\n]+ \[[a-z0-9-]+\]$/#
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines { #expect(line.wholeMatch(of: shape) != nil, "\(line)") }
    }

    @Test func failOnExitsOneOnlyWhenMet() throws {
        #expect(try Self.inspect(["app-reloads", "--format", "xcode"]).status == 0)
        #expect(try Self.inspect(["app-reloads", "--format", "xcode", "--fail-on", "warning"]).status == 1)
        #expect(try Self.inspect(["app-reloads", "--format", "xcode", "--fail-on", "error"]).status == 0)
        #expect(try Self.inspect(["day-1440", "--format", "xcode", "--fail-on", "error"]).status == 1)
        #expect(try Self.inspect(["never-relative", "--format", "xcode", "--fail-on", "warning"]).status == 0)
    }

    @Test func jsonIsOneVersionedDocument() throws {
        let run = try Self.inspect(["constants-elsewhere", "--format", "json"])
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["command"] as? String == "inspect")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["rule"] as? String == "after-under-5-minutes" && $0["severity"] as? String == "warning" })
        let widgets = try #require(document["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["kind"] as? String } == ["com.example.ticker", "weather"])
        let day = try #require(document["day"] as? [String: Any])
        #expect(day["command"] as? String == "simulate")
    }

    @Test func aMissingPathIsOneLineAndExitOne() throws {
        let run = try Self.inspect(["no-such-folder", "--format", "xcode"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: no-such-folder: no such file or folder (give Swift files or folders)\n")
    }

    @Test func theEmittedScenarioRunsUnderSimulateAndOptimize() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("clock.yaml").path
        let run = try Self.inspect(["minute-clock", "--emit-scenario", scenario])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("The day it gives"))
        #expect(run.stdout.contains("\nwrote \(scenario)\nnext: widgetbudget optimize \(scenario)"))
        let written = try String(contentsOfFile: scenario, encoding: .utf8)
        let golden = try String(contentsOf: Self.fixtures.appendingPathComponent("minute-clock/expected-scenario.yaml"), encoding: .utf8)
        #expect(written == golden.replacingOccurrences(of: "name: \"minute-clock\"", with: "name: \"clock\""))
        let simulate = try CLIRunner.run(["simulate", scenario, "--out", folder.appendingPathComponent("sim").path])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        let optimize = try CLIRunner.run(["optimize", scenario, "--out", folder.appendingPathComponent("opt").path])
        #expect(optimize.status == 0, "\(optimize.stderr)")
    }
}
