import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget analyze`: read device logs, measure, and calibrate a scenario.
    struct Analyze: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "analyze",
            abstract: "Analyse device logs of a widget and its app: reloads, lateness, budget, memory; calibrate a scenario.",
            discussion: """
                Logs are CSV files with the columns time, event, kind, family, entries, first_entry, last_entry, \
                policy, memory_mb (see docs/log-format.md for the format and a Swift helper that writes it). \
                Writes analysis.md and CSV tables into --out; --emit-scenario writes a scenario YAML for \
                simulate and optimize.

                EXAMPLES:
                  widgetbudget analyze widget-log.csv app-log.csv --emit-scenario mine.yaml
                  widgetbudget analyze log.csv --timezone Europe/Paris --format json
                """
        ).underTool()

        @Argument(help: "The log files (CSV): a widget's and its app's, in any order.", completion: .file(extensions: ["csv"]))
        var logs: [String]

        @Option(help: "Output folder (default: Reports/<first log's name>-analysis/).", completion: .directory)
        var out: String?

        @Option(name: .customLong("emit-scenario"), help: "Write a calibrated scenario YAML to this file.", completion: .scenarioFile)
        var emitScenario: String?

        @Option(help: "The user's time zone (IANA, e.g. Europe/Paris) for Unix-second times and times without an offset.")
        var timezone: String?

        @Option(name: .customLong("min-interval"), help: "WidgetKit's minimum reload interval assumed (a duration).")
        var minInterval: String = "5m"

        @Option(name: .customLong("stall-threshold"), help: "A reload this late is a stall, most likely for budget (a duration).")
        var stallThreshold: String = "10m"

        @Option(help: ArgumentHelp("The gnuplot to run (a path, or a name on PATH); default: gnuplot on PATH.", valueName: "path"))
        var gnuplot: String?

        @Flag(help: "Fail (exit code 3, nothing written) when gnuplot is not available, instead of skipping the figures.")
        var requirePlots = false

        @Option(name: .customLong("plot-widgets"), help: "Draw figures for the N busiest widgets only (most reloads; 0: none).")
        var plotWidgets: Int = DeviceLogPlots.defaultWidgetLimit

        @Flag(help: "Analyse even logs past the limit of \(Bounds.maxLogWidgets) widgets (docs/limits.md).")
        var force = false

        @OptionGroup var output: FormatOption

        func validate() throws {
            // Durations are checked in run(), so a bad one is one line, not a usage screen.
            if logs.isEmpty { throw ValidationError("give at least one log file") }
            if plotWidgets < 0 { throw ValidationError("--plot-widgets must be 0 or more (got \(plotWidgets))") }
        }

        func run() throws {
            PlotOptions.ignoreBrokenPipes()
            try reportingErrors {
                let renderer = try PlotRenderer.locate(explicit: gnuplot)
                if requirePlots, case let .missing(reason) = renderer.gnuplot { throw PlotsFailed("--require-plots: \(reason)") }
                var zone: TimeZone?
                if let timezone {
                    guard let z = TimeZone(identifier: timezone) else {
                        throw ValidationError("--timezone: unknown time zone '\(timezone)'; use an IANA name such as Europe/Paris")
                    }
                    zone = z
                }
                var settings = DeviceLogAnalysisSettings()
                settings.minReloadInterval = try duration(minInterval, "--min-interval", allowZero: true)
                settings.stallThreshold = try duration(stallThreshold, "--stall-threshold", allowZero: false)
                let outcome = try DeviceLogReader.analyze(paths: logs, timeZone: zone, settings: settings)
                let widgets = outcome.analysis.widgets.count
                if widgets > Bounds.maxLogWidgets && !force {
                    throw ValidationError(
                        "\(logs.joined(separator: ", ")): \(widgets) widgets (kinds and families) is past the limit of "
                            + "\(Bounds.maxLogWidgets) widgets (docs/limits.md); analyse the rows of fewer kinds, or analyze --force")
                }
                for warning in outcome.warnings { printError("warning: " + warning) }
                let base = ((logs[0] as NSString).lastPathComponent as NSString).deletingPathExtension
                let folder = out ?? "Reports/\(base)-analysis"
                let written = try AnalysisOutput.write(
                    outcome, to: folder, scenarioPath: emitScenario, timeZone: zone, renderer: renderer, plotWidgets: plotWidgets)
                if output.isJSON {
                    print(
                        try JSONReport.analysis(outcome.analysis, warnings: outcome.warnings, written: written.paths), terminator: "")
                } else {
                    print(AnalysisOutput.summary(outcome.analysis), terminator: "")
                    print("wrote " + written.paths.joined(separator: ", "))
                }
                if case let .skipped(reason)? = written.plots.first?.status { printError("warning: figures skipped: \(reason)") }
                let failed = written.plots.filter { if case .failed = $0.status { return true } else { return false } }
                if let first = failed.first, case let .failed(reason) = first.status {
                    printError("error: \(failed.count) figure\(failed.count == 1 ? "" : "s") failed: \(reason)")
                    throw ExitStatus.plotsFailed
                }
            }
        }

        private func duration(_ text: String, _ option: String, allowZero: Bool) throws -> Double {
            guard let seconds = DurationSyntax.seconds(text) else { throw ValidationError("\(option): " + DurationSyntax.problem(text)) }
            guard allowZero ? seconds >= 0 : seconds > 0 else {
                throw ValidationError("\(option): '\(text)' is not a duration\(allowZero ? "" : " above 0") (e.g. 5m, 30m, 1h)")
            }
            return seconds
        }
    }
}
