import ArgumentParser
import WidgetBudgetCommandLine

/// `widgetbudget`: replay WidgetKit timelines against the reload budget and memory limit.
@main
struct WidgetBudgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ToolNames.command,
        abstract: "Replay a widget's WidgetKit timelines against the daily reload budget and memory limit.",
        discussion: """
            Scenario files (YAML) describe the widgets, their timeline providers, how their content \
            changes and what the app does; see docs/scenario-format.md. simulate, optimize, compare, \
            analyze and inspect print one JSON document with --format json (docs/json-output.md); \
            inspect reads a widget's Swift sources and writes the scenario they describe (docs/inspect.md).

            \(ExitStatus.helpText)
            """,
        version: ToolNames.version,
        subcommands: [
            Simulate.self, Report.self, Optimize.self, Merge.self, Bench.self, Analyze.self, ExportLog.self, Compare.self, Inspect.self,
        ]
    )

    /// Sets up the allocator (``AllocatorSettings``), then parses the arguments and runs the command:
    /// a subcommand by the short way when it can (``DirectParse``), else as ArgumentParser's `main`.
    static func main() {
        AllocatorSettings.keepFreedMemory()
        guard var command = DirectParse.command(Array(CommandLine.arguments.dropFirst()), root: self) else {
            main(nil)
            return
        }
        // As `main(nil)` runs the command it parsed, errors included.
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
