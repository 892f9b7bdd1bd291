import ArgumentParser
import Foundation
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget report`: the batch job over a folder of scenarios.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Simulate every scenario in a folder and write a report for each, plus an index.")

        @Argument(help: "The folder of scenario files.")
        var directory: String = "Scenarios"

        @Option(help: "Where reports go.")
        var out: String = "Reports"

        @Option(help: "Events to write to each events.csv: none, reloads or all.")
        var events: EventLevel = .reloads

        func run() throws {
            try reportingErrors {
                let outcome = try BatchReport.run(directory: directory, out: out, events: events) { line in print(line) }
                print("wrote \(outcome.indexFiles.joined(separator: ", "))")
                if outcome.failures > 0 {
                    printError("error: \(outcome.failures) of \(outcome.total) scenarios failed; see \(outcome.indexFiles.first ?? out)")
                    throw ExitCode(1)
                }
            }
        }
    }
}
