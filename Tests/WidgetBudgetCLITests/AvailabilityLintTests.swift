import Foundation
import Testing
import WidgetBudgetTestSupport

/// `Scripts/availability-lint.sh`: the sources stay within the deployment targets, and the lint
/// does catch a too-new API.
@Suite("Availability lint")
struct AvailabilityLintTests {
    private static let script = CLIRunner.packageRoot.appendingPathComponent("Scripts/availability-lint.sh")

    @Test func packageSourcesPass() throws {
        let result = try CLIRunner.run(program: Self.script, [])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A copy of the script in a scratch package whose one source uses `String(validating:as:)`
    /// (macOS 15) in code, and names `Mutex` only in a comment.
    @Test func tooNewAPIFailsWithFileAndLine() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("Scripts"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("Sources/A"), withIntermediateDirectories: true)
        let copy = root.appendingPathComponent("Scripts/availability-lint.sh")
        try files.copyItem(at: Self.script, to: copy)
        try "platforms: [.macOS(.v13), .iOS(.v16)]\n".write(
            to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "/// Not a Mutex.\nlet s = String(validating: bytes, as: UTF8.self)\n".write(
            to: root.appendingPathComponent("Sources/A/A.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(program: copy, [], in: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Sources/A/A.swift:2: too new for the deployment targets: String(validating:as:)"))
        #expect(!result.stderr.contains("Synchronization"))
    }
}
