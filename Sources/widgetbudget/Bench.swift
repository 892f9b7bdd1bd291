import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget bench`: times a policy sweep (and, with `--compare`, the search against the
    /// exhaustive sweep). Build with `-c release`; docs/performance.md records the figures.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Time a policy sweep in this build (use -c release), or compare the search with the exhaustive sweep."
        ).underTool()

        @Argument(help: "The scenario whose widget, inputs and constraints are used.", completion: .scenarioFile)
        var scenario: String = "Scenarios/clock-minute-entries.yaml"

        @Option(help: "Candidates to evaluate, spread over a 76,000-candidate space.")
        var candidates: Int = 20_000

        @Option(help: "Replications per candidate (default: the scenario's optimize section).")
        var replications: Int?

        @Option(help: "Days to simulate (default: the scenario's).")
        var days: Int?

        @Flag(help: "Compare the search with the exhaustive sweep on the scenario's own optimize space.")
        var compare = false

        @Option(help: "With --compare: entry counts (overrides the space), e.g. 1...120.")
        var entries: String?

        @Option(help: "With --compare: spacings (overrides the space).")
        var spacing: String?

        @Option(help: "With --compare: policies (overrides the space).")
        var policy: String?

        @Option(help: "With --compare: the objective.")
        var objective: String?

        @Option(help: "With --compare: the intervals a schedule segment may use (overrides optimize.schedule.after).")
        var scheduleAfter: String?

        func run() throws {
            try reportingErrors {
                #if DEBUG
                    printError("warning: this is a debug build; time a release build (swift run -c release widgetbudget bench)")
                #endif
                let file = try ScenarioLoader.load(path: scenario)
                var s = file.scenario
                if let days { s.days = days }
                let overrides = OptimizationOverrides(
                    objective: objective, spacing: spacing, entries: entries, policy: policy,
                    replications: replications, scheduleAfter: scheduleAfter)
                if compare {
                    let q = try OptimizationBenchmark.searchQuality(file: file, scenario: s, overrides: overrides)
                    print("space: \(q.spaceSize) candidates; objective \(q.objective.rawValue)")
                    print(
                        "exhaustive: \(q.spaceSize) evaluated in \(NumberFormat.fixed(q.exhaustiveSeconds, 2)) s; best "
                            + (q.exhaustiveBest.map { "\($0.0) (\($0.1))" } ?? "none feasible"))
                    print(
                        "search:     \(q.searchEvaluations) evaluated (\(NumberFormat.fixed(Double(q.searchEvaluations) / Double(max(1, q.spaceSize)) * 100, 1))%) in "
                            + "\(NumberFormat.fixed(q.searchSeconds, 2)) s; best "
                            + (q.searchBest.map { "\($0.0) (\($0.1))" } ?? "none feasible"))
                    print("gap: " + (q.gapPercent.map { NumberFormat.fixed($0, 2) + "%" } ?? "-"))
                    return
                }
                let t = try OptimizationBenchmark.throughput(file: file, scenario: s, overrides: overrides, count: candidates)
                print(
                    "\(t.candidates) candidates × \(t.replications) replications × \(t.days) days on \(t.cores) cores: "
                        + "\(NumberFormat.fixed(t.seconds, 2)) s")
                print(
                    "\(NumberFormat.fixed(t.perSecond, 0)) candidates/s, \(NumberFormat.fixed(t.perSecond * 60, 0)) per minute, "
                        + "\(NumberFormat.fixed(t.seconds * Double(t.cores) / Double(max(1, t.candidates)) * 1000, 2)) ms per candidate per core, "
                        + "\(NumberFormat.fixed(Double(t.runs * t.days) / t.seconds, 0)) simulated widget-days/s")
            }
        }
    }
}
