import Foundation
import Testing
import WidgetBudgetTestSupport

/// `inspect` runs in its own executable, `widgetbudget-inspect`, so that swift-syntax is not linked
/// into `widgetbudget` (issue #26, start-up: every conformance lookup of every command scanned its
/// records). `widgetbudget inspect` replaces itself with it, found beside its own executable.
@Suite("inspect's own executable")
struct InspectExecutableTests {
    static var inspectExecutable: URL {
        CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("widgetbudget-inspect")
    }

    /// A swift-syntax type's module as the compiler mangles it into metadata and symbol names.
    static let swiftSyntaxModule = Data("11SwiftSyntax".utf8)

    @Test func widgetbudgetLinksNoSwiftSyntax() throws {
        let tool = try Data(contentsOf: CLIRunner.executable, options: .alwaysMapped)
        let inspect = try Data(contentsOf: Self.inspectExecutable, options: .alwaysMapped)
        #expect(tool.range(of: Self.swiftSyntaxModule) == nil)
        // The control: the pattern is found where swift-syntax is linked.
        #expect(inspect.range(of: Self.swiftSyntaxModule) != nil)
    }

    @Test func helpListsInspectAndDescribesIt() throws {
        let help = try CLIRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("\n  inspect "), "\(help.stdout)")
        let inspectHelp = try CLIRunner.run(["inspect", "--help"])
        #expect(inspectHelp.status == 0)
        #expect(inspectHelp.stdout.contains("USAGE: widgetbudget inspect <paths> ..."), "\(inspectHelp.stdout)")
        #expect(inspectHelp.stdout.contains("--fail-on <fail-on>"))
    }

    /// A usage error is `widgetbudget`'s own (parsed before the executable is looked for): the
    /// same text and code as any other command's.
    @Test func aUsageErrorNamesWidgetbudgetInspect() throws {
        let run = try CLIRunner.run(["inspect", "x", "--format", "yaml"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("Usage: widgetbudget inspect <paths> ..."), "\(run.stderr)")
    }

    /// `widgetbudget` copied alone: help still works, `inspect` says in one line what to build.
    @Test func withoutItsExecutableInspectSaysWhatToBuild() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lone = folder.appendingPathComponent("widgetbudget")
        try FileManager.default.copyItem(at: CLIRunner.executable, to: lone)
        let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/Inspect")
        let run = try CLIRunner.run(program: lone, ["inspect", "app-reloads", "--format", "xcode"], in: fixtures)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        // The folder as the system resolves it (/tmp, or /private/var/… on a Mac).
        let missing = "/\(folder.lastPathComponent)/widgetbudget-inspect"
        #expect(run.stderr.hasPrefix("error: /"), "\(run.stderr)")
        #expect(
            run.stderr.hasSuffix(
                "\(missing): no such executable (inspect runs it: build it with `swift build --product widgetbudget-inspect`, "
                    + "in this widgetbudget's configuration, or copy it beside widgetbudget)\n"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        let help = try CLIRunner.run(program: lone, ["inspect", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: widgetbudget inspect <paths> ..."))
    }

    /// A link to `widgetbudget` (e.g. in /usr/local/bin) finds the executable beside the file it
    /// points to.
    @Test func aLinkFindsTheExecutableBesideItsTarget() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("widgetbudget")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLIRunner.executable)
        let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/Inspect")
        let run = try CLIRunner.run(program: link, ["inspect", "app-reloads", "--format", "xcode", "--fail-on", "warning"], in: fixtures)
        let golden = try String(contentsOf: fixtures.appendingPathComponent("app-reloads/expected-diagnostics.txt"), encoding: .utf8)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout == golden)
    }
}
