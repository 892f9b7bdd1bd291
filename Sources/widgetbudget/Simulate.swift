import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget simulate`: one scenario, its summary table and CSV files.
    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate",
            abstract: "Simulate one scenario and write summary.csv, days.csv and events.csv.",
            discussion: """
                EXAMPLES:
                  widgetbudget simulate Scenarios/clock-minute-entries.yaml
                  widgetbudget simulate mine.yaml --days 14 --budget 40...70 --out runs/mine
                  widgetbudget simulate mine.yaml --format json | jq -e '.budgetRanOut == false'
                """
        ).underTool()

        @Argument(help: "The scenario file (YAML).", completion: .scenarioFile)
        var scenario: String

        @OptionGroup var overrides: ScenarioOverrides

        @Option(help: "Output folder (default: Reports/<name>-simulation/, beside report's folders).", completion: .directory)
        var out: String?

        @Option(help: "Events to write to events.csv.")
        var events: EventLevel = .reloads

        @OptionGroup var output: FormatOption

        @OptionGroup var progress: ProgressOption

        func run() throws {
            let bar = progress.bar("simulate")
            try reportingErrors {
                try progress.check()
                let file = try loadScenario(scenario)
                let scenario = try overrides.apply(to: file.scenario, events: events)
                let folder = out ?? "Reports/\(FileName.safe(scenario.name))-simulation"
                // Locked for the whole run (the simulation streams its events into the staging
                // folder): a concurrent run into the folder is refused at once. What is shown reads
                // the runs' days back from their spill file: it is made, and the file checked,
                // before the output is committed.
                let shown = try OutputTransaction.run(into: folder) { output in
                    let run = try SimulationOutput.simulate(scenario, to: output.staging, events: events) { done, total in
                        bar.update(done: done, total: total, unit: "runs")
                    }
                    bar.finish()
                    let text = try shownText(run.result, written: run.written.map(output.finalPath))
                    try ShapeSpill.check(run.result)
                    return text
                }
                print(shown, terminator: "")
            }
        }

        /// The JSON document, or the heading, summary table, findings and files written.
        private func shownText(_ result: SimulationResult, written: [String]) throws -> String {
            if output.isJSON { return try JSONReport.simulation(result, written: written) }
            var text = SimulationOutput.heading(for: result.scenario) + "\n"
            text += SummaryTable.render(result.summaries, scenario: result.scenario)
            for (widget, lines) in zip(result.scenario.widgets, ScenarioHighlights.lines(result)) {
                text += "\n" + widget.name + ":\n" + lines.map { "  • " + $0 }.joined(separator: "\n") + "\n"
            }
            if let hint = ScenarioHighlights.optimizeHint(result, file: self.scenario) { text += "\nhint: " + hint + "\n" }
            return text + "\nwrote " + written.joined(separator: ", ") + "\n"
        }
    }
}

/// Command-line settings that override a scenario's own.
struct ScenarioOverrides: ParsableArguments {
    @Option(parsing: .unconditional, help: "Days to simulate (overrides the scenario).")
    var days: Int?

    @Option(parsing: .unconditional, help: "Replications (overrides the scenario).")
    var replications: Int?

    @Option(parsing: .unconditional, help: "Random seed (overrides the scenario).")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Daily budget: N or MIN...MAX (overrides the scenario).")
    var budget: String?

    @Flag(help: "Run even past the limits of simulated widget-days and events (docs/limits.md).")
    var force = false

    /// The scenario with the overrides applied, or a one-line error; its work is checked for a run
    /// that records events at `events` level.
    func apply(to scenario: Scenario, events: EventLevel = .none) throws -> Scenario {
        var s = scenario
        if let days {
            guard days >= 1 else { throw ValidationError("--days must be a positive number of days, 1 to \(Bounds.maxDays) (got \(days))") }
            guard (1...Bounds.maxDays).contains(days) else {
                throw ValidationError("--days must be between 1 and \(Bounds.maxDays) (got \(days))")
            }
            s.days = days
        }
        if let replications {
            guard replications >= 1 else {
                throw ValidationError("--replications must be a positive number, 1 to \(Bounds.maxReplications) (got \(replications))")
            }
            guard (1...Bounds.maxReplications).contains(replications) else {
                throw ValidationError("--replications must be between 1 and \(Bounds.maxReplications) (got \(replications))")
            }
            s.replications = replications
        }
        if let seed { s.seed = seed }
        if let budget {
            guard let range = BudgetRangeText.parse(budget), range.lowerBound >= 1, range.upperBound <= Bounds.maxDailyBudget else {
                throw ValidationError(
                    "--budget must be a number of reloads per day (1...\(Bounds.maxDailyBudget)) or a range like 40...70 (got '\(budget)')")
            }
            s.budget.dailyMin = range.lowerBound
            s.budget.dailyMax = range.upperBound
        }
        try checkWork(s, events: events)
        return s
    }
}
