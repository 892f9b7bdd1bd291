import Foundation
import WidgetBudgetKit

/// Scenarios run under the same seed, days and replications, and compared metric by metric for
/// each widget they share.
public struct ScenarioComparison: Sendable {
    /// A widget compared across the scenarios.
    public struct Widget: Sendable, Equatable {
        /// Its name in the table (`clock`, or `clock / photos` when one-widget scenarios name it
        /// differently).
        public var label: String
        /// Its index in each scenario.
        public var indices: [Int]
    }

    /// One metric of one widget across the scenarios.
    public struct Row: Sendable {
        /// The widget's label.
        public var widget: String
        /// The metric.
        public var metric: ComparisonMetric
        /// Each scenario's value (as `summary.csv` has it); `nil` where the metric does not apply.
        public var values: [Double?]
        /// Each scenario's 95 % half-width across replications, when there are several.
        public var halfWidths: [Double?]
        /// The scenarios holding the best value (empty when all are equal or none is better).
        public var best: [Int]
        /// For each scenario after the first, its difference from the first, paired by replication.
        public var differences: [PairedDifference?]
    }

    /// The scenarios as run (seed, days and replications made equal).
    public var scenarios: [Scenario]
    /// Their results.
    public var results: [SimulationResult]
    /// The widgets compared.
    public var widgets: [Widget]
    /// Metric rows: for each widget, every metric in ``ComparisonMetric`` order.
    public var rows: [Row]
    /// What was changed to make the runs comparable.
    public var notes: [String]

    /// The event level the scenarios run at. No output reads the events: each run's go to a sink
    /// that drops them (the level, not what is kept, decides what the engine computes).
    static let events = EventLevel.reloads

    /// What each run keeps for the figures: the stretches of `day` (0-based, the least fresh day's
    /// when `nil`), and no hourly sums (the comparison draws no heat map).
    static func figures(day: Int?) -> RunFigures.Plan {
        RunFigures.Plan(day: day, hourlyDays: 0)
    }

    /// Runs and compares `scenarios` (at least two): seed, days and replications are taken from the
    /// first for all (override them on the scenarios beforehand to choose). Each run keeps the
    /// stale stretches of day `ageDay` (0-based; its least fresh day's when `nil`) for the age
    /// curves, not every stretch, and none of its events: its memory does not grow with the horizon
    /// (`RunFigures`). The runs' stretch shapes and, once each run is over, its day metrics go to a
    /// temporary file (``ShapeSpill``), read back by the rows here and by the figures after: call
    /// ``ShapeSpill/check(_:)`` on each result once every reader is done.
    /// - Throws: ``ReportError`` when fewer than two scenarios are given or they share no widget.
    public init(_ scenarios: [Scenario], ageDay: Int? = nil) throws {
        guard scenarios.count >= 2 else { throw ReportError("compare needs at least two scenarios") }
        let first = scenarios[0]
        var notes: [String] = []
        var aligned: [Scenario] = []
        for var s in scenarios {
            var changed: [String] = []
            if s.seed != first.seed { changed.append("seed \(s.seed) → \(first.seed)") }
            if s.days != first.days { changed.append("days \(s.days) → \(first.days)") }
            if s.replications != first.replications { changed.append("replications \(s.replications) → \(first.replications)") }
            s.seed = first.seed
            s.days = first.days
            s.replications = first.replications
            if !changed.isEmpty { notes.append("\(s.name): " + changed.joined(separator: ", ")) }
            aligned.append(s)
        }
        widgets = try Self.matchWidgets(aligned)
        self.scenarios = aligned
        self.notes = notes
        // The runs' stretch shapes and finished days in a temporary file (``ShapeSpill``, its name
        // removed at once; open while a run's days refer to it): 100 replications of two
        // scenarios over 10 years kept 134 MB of days in memory until the output.
        let spill = try ShapeSpill(folder: FileManager.default.temporaryDirectory.path)
        results = aligned.map {
            Simulator.run(
                $0, events: Self.events, sinks: DroppedEvents.sinks, detail: .figures(Self.figures(day: ageDay)),
                shapes: spill.stores, days: spill.dayStores, progress: { _, _ in })
        }
        try spill.check()
        rows = Self.rows(results: results, widgets: widgets)
    }

    /// The widgets to compare: the only widget of each one-widget scenario, otherwise the names
    /// every scenario has.
    static func matchWidgets(_ scenarios: [Scenario]) throws -> [Widget] {
        if scenarios.allSatisfy({ $0.widgets.count == 1 }) {
            var names: [String] = []
            for s in scenarios where !names.contains(s.widgets[0].name) { names.append(s.widgets[0].name) }
            return [Widget(label: names.joined(separator: " / "), indices: scenarios.map { _ in 0 })]
        }
        var widgets: [Widget] = []
        for spec in scenarios[0].widgets {
            let indices = scenarios.compactMap { s in s.widgets.firstIndex { $0.name == spec.name } }
            if indices.count == scenarios.count { widgets.append(Widget(label: spec.name, indices: indices)) }
        }
        guard !widgets.isEmpty else {
            throw ReportError(
                "the scenarios share no widget name: give the widgets to compare the same name (widgets[].name), or compare one-widget scenarios"
            )
        }
        return widgets
    }

    static func rows(results: [SimulationResult], widgets: [Widget]) -> [Row] {
        var rows: [Row] = []
        for widget in widgets {
            let pooled = results.indices.map { i in results[i].summaries[widget.indices[i]] }
            let perReplication = results.indices.map { i in
                results[i].runs.map { WidgetSummary(widget: pooled[i].widget, runs: [$0[widget.indices[i]]]) }
            }
            for metric in ComparisonMetric.allCases {
                let values = pooled.map { metric.value($0) }
                if values.allSatisfy({ $0 == nil }) { continue }
                let samples = perReplication.map { reps in reps.compactMap { metric.value($0) } }
                let halfWidths = samples.map { Statistics.ci95HalfWidth($0) }
                var differences: [PairedDifference?] = []
                for i in 1..<values.count {
                    let a = samples[0], b = samples[i]
                    differences.append(values[0] == nil || values[i] == nil || a.count != b.count ? nil : PairedDifference(a, b))
                }
                rows.append(
                    Row(
                        widget: widget.label, metric: metric, values: values, halfWidths: halfWidths,
                        best: best(values, metric.better), differences: differences))
            }
        }
        return rows
    }

    /// The indices of the best values, or none when all present values are equal.
    static func best(_ values: [Double?], _ direction: ComparisonMetric.Direction) -> [Int] {
        let present = values.compactMap { $0 }
        guard direction != .neither, let top = direction == .higher ? present.max() : present.min(),
            present.contains(where: { abs($0 - top) > 1e-12 })
        else { return [] }
        return values.indices.filter { values[$0].map { abs($0 - top) <= 1e-12 } ?? false }
    }

    /// The letter standing for scenario `i` in tables and figures: A, B, C…
    public static func letter(_ i: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return i < letters.count ? String(letters[i]) : "S\(i + 1)"
    }
}
