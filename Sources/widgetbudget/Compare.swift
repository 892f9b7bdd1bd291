import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget compare`: several scenarios under the same seeds, metric by metric.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Run scenarios under the same seeds and compare them metric by metric.",
            discussion: """
                Every scenario runs with the first one's seed, days and replications (or --seed, --days, \
                --replications), so replication r of each sees the same content changes, views and app \
                activity. The table marks the best value of each metric with *, gives each scenario's \
                difference from A and whether it is significant (a paired t-test over replications, 95 %); \
                it warns first when the scenarios' workloads differ (content, views, app activity, time zone), \
                since a difference may then come from the workload rather than the policy. \
                Writes comparison.csv and the figures (compare-metrics, compare-age) into --out.

                EXAMPLES:
                  widgetbudget compare before.yaml after.yaml
                  widgetbudget compare a.yaml b.yaml c.yaml --replications 20 --format json
                """
        ).underTool()

        @Argument(help: "Two or more scenario files (YAML); the first (A) is the baseline.", completion: .scenarioFile)
        var scenarios: [String]

        @Option(help: "Where comparison.csv and the figures go.", completion: .directory)
        var out: String = "Reports/comparison"

        @OptionGroup var overrides: ScenarioOverrides

        @OptionGroup var plots: PlotOptions

        @OptionGroup var output: FormatOption

        func validate() throws {
            if scenarios.count < 2 { throw ValidationError("compare needs at least two scenario files (got \(scenarios.count))") }
        }

        func run() throws {
            PlotOptions.ignoreBrokenPipes()
            try reportingErrors {
                let renderer = try plots.renderer()
                // Load every file first: a bad one stops the command before anything is written.
                let loaded = try scenarios.map { try overrides.apply(to: try loadScenario($0).scenario, events: .reloads) }
                let outcome = try ComparisonReport.run(loaded, into: out, renderer: renderer, ageDay: plots.day)
                let warnings = WorkloadDifferences.warnings(loaded, files: scenarios)
                for warning in warnings { printError("warning: " + warning) }
                let images = outcome.plots.filter(\.isDrawn).flatMap { [$0.svgFile, $0.pngFile] }
                let written =
                    [(out as NSString).appendingPathComponent("comparison.csv")]
                    + images.map { (out as NSString).appendingPathComponent($0) }
                if output.isJSON {
                    print(
                        try JSONReport.comparison(outcome.comparison, files: scenarios, warnings: warnings, written: written),
                        terminator: "")
                } else {
                    let emphasis = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                    print(ComparisonTable.render(outcome.comparison, files: scenarios, emphasis: emphasis), terminator: "")
                    print("wrote " + written.joined(separator: ", "))
                }
                if case let .missing(reason) = renderer.gnuplot { printError("warning: plots skipped: \(reason)") }
                var failed = 0
                for plot in outcome.plots {
                    if case let .failed(message) = plot.status {
                        failed += 1
                        printError("error: plot \(plot.name): \(message)")
                    }
                }
                if failed > 0 { throw ExitStatus.plotsFailed }
            }
        }
    }
}
