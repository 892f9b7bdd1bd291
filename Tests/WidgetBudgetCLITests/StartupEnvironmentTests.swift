import Foundation
import Testing
import WidgetBudgetTestSupport

/// What the tool reads from the environment at start-up, and only that: a variable meant for a
/// library it uses must not change its output (issue #26, start-up).
@Suite("Start-up environment")
struct StartupEnvironmentTests {
    /// Yams' default encoding reads `YAMS_DEFAULT_ENCODING` and, when it is set, prints a line on
    /// standard output: the JSON document was no longer one document. The scenario is parsed as
    /// UTF-8 whatever the variable says.
    @Test(arguments: ["UTF16", "UTF8"])
    func yamsEncodingVariableLeavesStandardOutputAlone(_ encoding: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "simulate", CLIRunner.packageRoot.appendingPathComponent("Scenarios/clock-minute-entries.yaml").path,
            "--days", "1", "--replications", "1", "--events", "none", "--format", "json",
        ]
        let plain = try CLIRunner.run(arguments + ["--out", folder.appendingPathComponent("plain").path])
        let set = try CLIRunner.run(
            arguments + ["--out", folder.appendingPathComponent("set").path], environment: ["YAMS_DEFAULT_ENCODING": encoding])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.replacingOccurrences(of: "/set/", with: "/plain/") == plain.stdout)
        #expect(try JSONSerialization.jsonObject(with: Data(set.stdout.utf8)) is [String: Any])
    }
}
