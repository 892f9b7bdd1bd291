import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget export-log`: the device log a simulated widget and app would have written.
    struct ExportLog: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export-log",
            abstract: "Simulate a scenario and write the device log its widgets and app would have written (for analyze)."
        ).underTool()

        @Argument(help: "The scenario file (YAML).", completion: .scenarioFile)
        var scenario: String

        @OptionGroup var overrides: ScenarioOverrides

        @Option(
            help: "Output file (default: Reports/<name>-device-log.csv, beside report's folders).", completion: .file(extensions: ["csv"]))
        var out: String?

        @Option(parsing: .unconditional, help: "Which replication to export (1-based).")
        var replication: Int = 1

        @Option(name: .customLong("time-format"), help: "Times as iso (ISO 8601 with offset) or unix (Unix seconds).")
        var timeFormat: DeviceLogWriter.TimeFormat = .iso8601

        @OptionGroup var progress: ProgressOption

        func run() throws {
            let bar = progress.bar("export-log")
            try reportingErrors {
                try progress.check()
                let file = try loadScenario(scenario)
                let scenario = try overrides.apply(to: file.scenario, events: .reloads)
                guard (1...scenario.replications).contains(replication) else {
                    throw ValidationError("--replication must be between 1 and \(scenario.replications) (got \(replication))")
                }
                // The device log holds one replication's views, changes and reloads.
                var one = scenario
                one.replications = 1
                var work = WorkEstimate(one, events: .all)
                work.eventsFile = "the device log"
                do {
                    try work.check(force: overrides.force, hint: "use fewer days, or --force")
                } catch let error as WorkLimitError {
                    throw ValidationError(error.description)
                }
                // Only the exported replication runs, its log written as it runs (a replication's
                // random draws depend on its index alone).
                let path = out ?? "Reports/\(FileName.safe(scenario.name))-device-log.csv"
                let rows = try DeviceLogStream.export(scenario, replication: replication - 1, to: path, timeFormat: timeFormat) {
                    done, total in
                    bar.update(done: done, total: total, unit: "runs")
                }
                bar.finish()
                print(
                    "\(scenario.name): \(rows) rows over \(scenario.days) day\(scenario.days == 1 ? "" : "s"), replication \(replication)"
                )
                print("wrote " + path)
            }
        }
    }
}
