import Foundation
import Testing
import WidgetBudgetTestSupport

/// The start-up's short way to a subcommand (`DirectParse`: the subcommand parsed as the root)
/// changes nothing a user sees: help, usage errors, `--version` and completion scripts still come
/// from the parse of the whole command line (issue #26, start-up).
@Suite("Direct parse of a subcommand")
struct DirectParseTests {
    static let subcommands = ["simulate", "report", "optimize", "merge", "bench", "analyze", "export-log", "compare", "inspect"]

    /// The short way skips the root's own parse, which is only the same parse while the root
    /// declares no arguments (its help lists only `--version` and `-h, --help`); and the tests here
    /// cover every subcommand the root lists.
    @Test func theRootHasNoArgumentsAndTheseSubcommands() throws {
        let help = try CLIRunner.run(["--help"]).stdout
        let options = help.components(separatedBy: "OPTIONS:\n").last?.components(separatedBy: "\n\n").first
        #expect(options == "  --version               Show the version.\n  -h, --help              Show help information.")
        let listed = (help.components(separatedBy: "SUBCOMMANDS:\n").last ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  See ") }
            .map { String($0.split(separator: " ")[0]) }
        #expect(listed == Self.subcommands)
    }

    /// `SUB --help` is `help SUB`: the tool's help, with `--version` (which only the root
    /// declares) and `widgetbudget` in the usage line; a help printed from the subcommand alone
    /// would have neither the version line nor, without the super-command, the tool's name.
    @Test(arguments: subcommands)
    func helpAfterASubcommandIsTheToolsHelp(_ subcommand: String) throws {
        let flag = try CLIRunner.run([subcommand, "--help"])
        let help = try CLIRunner.run(["help", subcommand])
        #expect(flag.status == 0)
        #expect(help.status == 0)
        #expect(flag.stdout == help.stdout)
        #expect(flag.stdout.contains("USAGE: widgetbudget \(subcommand)"), "\(flag.stdout)")
        #expect(flag.stdout.contains("--version"), "\(flag.stdout)")
    }

    /// A usage error names the command from the tool's root: `See 'widgetbudget SUB --help'`
    /// (the subcommand parsed alone would say `See 'SUB --help'`).
    @Test(arguments: subcommands)
    func usageErrorsNameTheTool(_ subcommand: String) throws {
        let out = try CLIRunner.run([subcommand, "--no-such-option"])
        #expect(out.status == 64)
        #expect(out.stderr.hasPrefix("Error: "), "\(out.stderr)")
        #expect(out.stderr.contains("Usage: widgetbudget \(subcommand)"), "\(out.stderr)")
        #expect(out.stderr.contains("See 'widgetbudget \(subcommand) --help' for more information."), "\(out.stderr)")
    }

    /// `--version` after a subcommand prints the version, as it did.
    @Test func versionAfterASubcommand() throws {
        let out = try CLIRunner.run(["simulate", "--version"])
        #expect(out.status == 0)
        #expect(out.stdout == "0.1.0\n")
    }

    /// ArgumentParser looks for `--generate-completion-script` anywhere on the command line,
    /// before the real parse, even where the real parse would take it as an option's value:
    /// `--budget --generate-completion-script` prints the completion script of the shell in
    /// `SHELL`, not a `--budget` error.
    @Test func aCompletionRequestAnywhereStillPrintsTheScript() throws {
        let script = try CLIRunner.run(["--generate-completion-script", "bash"])
        let out = try CLIRunner.run(
            ["simulate", "Scenarios/clock-minute-entries.yaml", "--budget", "--generate-completion-script"],
            environment: ["SHELL": "/bin/bash"])
        #expect(script.status == 0)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == script.stdout)
        #expect(script.stdout.contains("_widgetbudget()"))
    }
}
