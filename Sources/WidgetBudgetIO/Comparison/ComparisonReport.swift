import Foundation
import WidgetBudgetKit

/// `widgetbudget compare`'s output: `comparison.csv` and the comparison figures in one folder.
public enum ComparisonReport {
    /// What was written.
    public struct Outcome: Sendable {
        /// The comparison.
        public var comparison: ScenarioComparison
        /// The figures.
        public var plots: [PlotOutcome]
        /// The files written, as paths.
        public var written: [String]
        /// The day whose age curves are drawn, 1-based.
        public var ageDay: Int
    }

    /// Runs and compares `scenarios`, then writes `comparison.csv` and the figures into `folder`.
    ///
    /// Nothing is written when the input is wrong (fewer than two scenarios, no common widget, a
    /// `day` past the end). The set is written as one ``OutputTransaction``: files an earlier
    /// comparison wrote into the folder and this one does not are removed, others are left alone.
    /// - Parameter ageDay: the day whose age curves are drawn, 1-based; `nil` for the least
    ///   fresh day of replication 1.
    public static func run(_ scenarios: [Scenario], into folder: String, renderer: PlotRenderer, ageDay: Int?) throws -> Outcome {
        if let ageDay, let days = scenarios.first?.days, !(1...days).contains(ageDay) {
            throw PlotError("--day \(ageDay): the scenarios run \(days) day\(days == 1 ? "" : "s") (use 1...\(days))")
        }
        let comparison = try ScenarioComparison(scenarios, ageDay: ageDay.map { $0 - 1 })
        let day = ageDay.map { $0 - 1 } ?? ComparisonPlots.defaultDay(comparison)
        let plots = try OutputTransaction.run(into: folder) { output in
            try AtomicFile.write(
                CSVWriter.document(header: ComparisonTable.csvHeader, rows: ComparisonTable.csvRows(comparison)),
                to: output.path("comparison.csv"))
            let plots = try renderer.render(ComparisonPlots.specs(comparison, ageDay: day), in: output.staging)
            // The figures read the runs' days back from their spill file: a failed read is the
            // command's error, and nothing is committed.
            for result in comparison.results { try ShapeSpill.check(result) }
            return plots
        }
        let names = ["comparison.csv"] + plots.flatMap(\.files)
        return Outcome(
            comparison: comparison, plots: plots, written: names.map { (folder as NSString).appendingPathComponent($0) }, ageDay: day + 1)
    }
}
