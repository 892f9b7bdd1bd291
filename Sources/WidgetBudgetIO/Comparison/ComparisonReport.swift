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

    static let manifestName = ".widgetbudget-compare"

    /// Runs and compares `scenarios`, then writes `comparison.csv` and the figures into `folder`.
    ///
    /// Nothing is written when the input is wrong (fewer than two scenarios, no common widget, a
    /// `day` past the end). Every file is written whole (atomically); files an earlier comparison
    /// wrote into the folder and this one does not are removed, others are left alone.
    /// - Parameter ageDay: the day whose age curves are drawn, 1-based; `nil` for the least
    ///   fresh day of replication 1.
    public static func run(_ scenarios: [Scenario], into folder: String, renderer: PlotRenderer, ageDay: Int?) throws -> Outcome {
        if let ageDay, let days = scenarios.first?.days, !(1...days).contains(ageDay) {
            throw PlotError("--day \(ageDay): the scenarios run \(days) day\(days == 1 ? "" : "s") (use 1...\(days))")
        }
        let comparison = try ScenarioComparison(scenarios)
        let day = ageDay.map { $0 - 1 } ?? ComparisonPlots.defaultDay(comparison)
        let csv = (folder as NSString).appendingPathComponent("comparison.csv")
        try AtomicFile.write(CSVWriter.document(header: ComparisonTable.csvHeader, rows: ComparisonTable.csvRows(comparison)), to: csv)
        let plots = try renderer.render(ComparisonPlots.specs(comparison, ageDay: day), in: folder)
        let names = ["comparison.csv"] + plots.flatMap(\.files)
        try removeStale(in: folder, keeping: names)
        return Outcome(
            comparison: comparison, plots: plots, written: names.map { (folder as NSString).appendingPathComponent($0) }, ageDay: day + 1)
    }

    /// Removes the files the previous comparison in `folder` wrote that this one did not, and
    /// records this one's.
    static func removeStale(in folder: String, keeping names: [String]) throws {
        let manifest = (folder as NSString).appendingPathComponent(manifestName)
        if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
            for name in text.split(separator: "\n").map(String.init) where !names.contains(name) && !name.isEmpty && !name.contains("/") {
                try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
            }
        }
        try AtomicFile.write(names.joined(separator: "\n") + "\n", to: manifest)
    }
}
