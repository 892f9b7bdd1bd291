import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget optimize`: search a scenario's `optimize:` space for the freshest policy that
    /// fits the budget and memory, and explain it.
    struct Optimize: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "optimize",
            abstract: "Find the timeline policy that keeps a widget freshest within its budget and memory.",
            discussion: """
                Evaluates the candidates of the scenario's `optimize:` section (docs/optimizer.md) at the worst \
                budget of the range and writes candidates.csv, recommendation.csv, pareto.csv, recommendation.md \
                and Provider.swift. With --shard K/N it evaluates a deterministic 1/N of the candidates; join the \
                shard folders with `widgetbudget merge`. Exit code 2 when no candidate meets the constraints.

                EXAMPLES:
                  widgetbudget optimize Scenarios/clock-minute-entries.yaml
                  widgetbudget optimize mine.yaml --objective p95-age --budget 40...70 --format json
                  widgetbudget optimize mine.yaml --shard 3/8 --out sweep/shard-3
                """
        ).underTool()

        @Argument(help: "The scenario file (YAML), with an optimize: section.", completion: .scenarioFile)
        var scenario: String

        @Option(help: "What to minimise (default: the scenario's, else mean-age).")
        var objective: OptimizationObjective?

        @Option(help: "Output folder (default: Reports/<name>/optimize/, or …/shard-K-of-N/).", completion: .directory)
        var out: String?

        @Option(help: "Evaluate shard K of N (e.g. 3/8) of an exhaustive sweep.")
        var shard: String?

        @Option(help: "The widget to tune (default: the only one).")
        var widget: String?

        @Option(help: "Spacings, comma-separated (e.g. 30s,1m,5m).")
        var spacing: String?

        @Option(help: "Entry counts: comma-separated or a range (e.g. 1...240).")
        var entries: String?

        @Option(
            help: "Alignments, comma-separated: \(EntryAlignment.allCases.map(\.rawValue).joined(separator: ", ")).",
            completion: .list(EntryAlignment.allCases.map(\.rawValue)))
        var align: String?

        @Option(help: "Policies, comma-separated: at-end, never, after:30m.")
        var policy: String?

        @Option(help: "A window list (07:00-23:00, several joined by ';', or all-day); repeat for more.")
        var windows: [String] = []

        @Option(help: "Schedule segments covering the day, comma-separated (e.g. 07:00-09:00,09:00-23:00,23:00-07:00).")
        var scheduleSegments: String?

        @Option(help: "Reload intervals a schedule segment may use, comma-separated (e.g. 10m,30m,1h,never).")
        var scheduleAfter: String?

        @Option(help: "How to search (default: auto, exhaustive up to 5000 candidates).")
        var method: SearchMethod?

        @Option(parsing: .unconditional, help: "The most evaluations a search makes.")
        var maxEvaluations: Int?

        /// `--days`, `--replications` (per candidate; also overrides the optimize section), `--seed`
        /// and `--budget` (the daily budgets judged, N or MIN...MAX: the worst counts).
        @OptionGroup var overrides: ScenarioOverrides

        @OptionGroup var output: FormatOption

        @OptionGroup var progress: ProgressOption

        func run() throws {
            let bar = progress.bar("optimize")
            InterruptGuard.install {
                bar.finish()
                printError(OutputTransaction.interruptedMessage())
            }
            try reportingErrors {
                try progress.check()
                let shard = try Self.parseShard(shard)
                let file = try loadScenario(scenario)
                let s = try overrides.apply(to: file.scenario)
                let space = OptimizationOverrides(
                    widget: widget, objective: objective?.rawValue, budgets: overrides.budget, spacing: spacing, entries: entries,
                    align: align,
                    policy: policy, windows: windows.isEmpty ? nil : windows, replications: overrides.replications,
                    method: method?.rawValue,
                    maxEvaluations: maxEvaluations, scheduleSegments: scheduleSegments, scheduleAfter: scheduleAfter)
                let folder =
                    out ?? "Reports/\(FileName.safe(s.name))/optimize" + (shard.isPartial ? "/shard-\(shard.index)-of-\(shard.count)" : "")
                // Locked for the whole run: a concurrent run into the folder is refused at once.
                let transaction = try OutputTransaction.reserve(folder)
                defer { transaction.abort() }
                let outcome = try OptimizationRun.run(file: file, scenario: s, overrides: space, shard: shard, force: overrides.force) {
                    done, total in
                    bar.update(done: done, total: total, unit: "evaluated")
                }
                bar.finish()
                let written = try OptimizationOutput.write(outcome, in: transaction)
                if output.isJSON {
                    print(try JSONReport.optimization(outcome, written: written), terminator: "")
                } else {
                    Self.printSummary(outcome)
                    print("wrote " + written.joined(separator: ", "))
                }
                if let message = outcome.infeasibilityMessage {
                    printError("error: \(message)")
                    throw ExitStatus.noFeasiblePolicy
                }
            }
        }

        static func parseShard(_ text: String?) throws -> Shard {
            guard let text else { return .whole }
            let parts = text.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
                throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 3/8 (got '\(text)')")
            }
            return Shard(index: k, count: n)
        }

        static func printSummary(_ o: OptimizationOutcome) {
            let m = o.manifest
            let what = m["method"] == "search" ? "searched" : "evaluated"
            print(
                "\(m["scenario"]) / \(m["widget"]): \(what) \(m["evaluated"]) of \(m["space_size"]) candidates, shard \(m["shard"]); "
                    + "\(m["objective"]) at the worst budget of \(m["budgets"]) (\(m["budget_model"])), \(m["replications"]) replications × \(m["days"]) days"
            )
            if o.isPartial {
                print("this is one shard: join all \(o.manifest.shard?.count ?? 1) with `widgetbudget merge DIR…`")
                return
            }
            print(OptimizationOutput.summaryTable(o), terminator: "")
            print(SelfUpdatingAdviceText.summary(o), terminator: "")
        }
    }
}
