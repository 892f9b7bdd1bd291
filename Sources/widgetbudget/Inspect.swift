import ArgumentParser
import WidgetBudgetCommandLine

extension WidgetBudgetCommand {
    /// `widgetbudget inspect`: declared here, so help, usage errors and completion scripts list it
    /// as before, and run by the `widgetbudget-inspect` executable beside this one
    /// (``InspectExecutable``), which holds swift-syntax: this executable does not link it.
    struct Inspect: ParsableCommand {
        static let configuration = InspectArguments.configuration.underTool()

        @OptionGroup var arguments: InspectArguments

        /// Replaces this process with `widgetbudget-inspect` and the same command line: its
        /// output and exit code are the command's. Not inside ``reportingErrors(_:)``: its
        /// interrupt guard blocks signals, and an `exec`ed process keeps the blocked set.
        func run() throws {
            do {
                try InspectExecutable.replaceProcess(arguments: Array(CommandLine.arguments.dropFirst()))
            } catch {
                printError("error: \(error)")
                throw ExitStatus.badInput
            }
        }
    }
}
