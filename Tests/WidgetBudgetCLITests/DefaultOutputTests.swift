import Foundation
import Testing
import WidgetBudgetTestSupport

/// Each command's default output has its own place: `report` replaces `Reports/<name>/` whole, so
/// `simulate` and `export-log` write beside it, and a later report leaves their files alone.
@Suite("Default output places")
struct DefaultOutputTests {
    @Test func simulateAndExportLogSurviveAReport() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let noGnuplot = ["PATH": ReportTestSupport.pathWithoutGnuplot]
            let run1 = try CLIRunner.run(["simulate", "Scenarios/a.yaml"], in: root)
            #expect(run1.status == 0, "\(run1.stderr)")
            let run2 = try CLIRunner.run(["export-log", "Scenarios/a.yaml"], in: root)
            #expect(run2.status == 0, "\(run2.stderr)")
            let run3 = try CLIRunner.run(["report"], in: root, environment: noGnuplot)
            #expect(run3.status == 0, "\(run3.stderr)")
            for path in [
                "Reports/five-minute-simulation/summary.csv", "Reports/five-minute-device-log.csv", "Reports/five-minute/summary.csv",
            ] {
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
            }
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Reports/five-minute/device-log.csv").path))
        }
    }
}
