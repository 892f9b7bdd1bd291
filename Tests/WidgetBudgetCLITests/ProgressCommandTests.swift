import Foundation
import Testing
import WidgetBudgetTestSupport

/// `--progress` and `--quiet` (issue #28): a long run tells a CI log how far it is; short runs and
/// `--quiet` print nothing on standard error.
@Suite("Progress flags")
struct ProgressCommandTests {
    @Test("--progress and --quiet together: one error line, exit 64")
    func bothFlags() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            for command in ["simulate", "optimize", "export-log"] {
                let out = try CLIRunner.run([command, "Scenarios/a.yaml", "--progress", "--quiet"], in: root)
                #expect(out.status == 64, "\(command)")
                #expect(out.stderr == "error: --progress and --quiet say opposite things; give one of them\n", "\(command)")
            }
        }
    }

    /// Standard error is a pipe here: without `--progress` nothing is drawn; with it, plain lines
    /// (a 10-year run of 4 replications lasts well over a second: about 18 s in the debug build
    /// the tests run), the last one at 4 of 4 runs.
    @Test("a long run with --progress prints lines into a log; without it, nothing")
    func linesIntoALog() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let arguments = ["simulate", "Scenarios/a.yaml", "--days", "3650", "--replications", "4", "--events", "none"]
            let plain = try CLIRunner.run(["simulate", "Scenarios/a.yaml", "--out", "a"], in: root)
            #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
            let logged = try CLIRunner.run(arguments + ["--out", "b", "--progress"], in: root)
            #expect(logged.status == 0)
            let lines = logged.stderr.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("simulate: ") && $0.contains("/4 runs (") }, "\(logged.stderr)")
            #expect(lines.last?.hasPrefix("simulate: 4/4 runs (100%)") == true, "\(logged.stderr)")
            #expect(!logged.stderr.contains("\u{1B}"))
        }
    }
}
