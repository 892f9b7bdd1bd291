import Foundation
import WidgetBudgetKit

/// Writes an optimization's files into a folder as one ``OutputTransaction``: the whole set or
/// nothing.
///
/// Always: `candidates.csv`, `current.csv` (the scenario's own provider), `run.csv` (the settings,
/// which `merge` checks). For a whole run (not a partial shard) also `recommendation.csv`,
/// `pareto.csv`, `recommendation.md` and, when a candidate is feasible, `Provider.swift`.
public enum OptimizationOutput {
    /// Writes the files of `outcome` into `folder` (created if needed); returns the paths written.
    @discardableResult
    public static func write(_ outcome: OptimizationOutcome, to folder: String) throws -> [String] {
        try write(outcome, in: OutputTransaction.reserve(folder))
    }

    /// Writes the files of `outcome` through `transaction`, reserved at the start of the run;
    /// returns the paths written.
    @discardableResult
    public static func write(_ outcome: OptimizationOutcome, in transaction: OutputTransaction) throws -> [String] {
        try transaction.complete { output in
            try writeFiles(outcome, to: output.staging).map(output.finalPath)
        }
    }

    private static func writeFiles(_ o: OptimizationOutcome, to folder: String) throws -> [String] {
        var written: [String] = []
        func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        func put(_ name: String, _ text: String) throws {
            try AtomicFile.write(text, to: path(name))
            written.append(path(name))
        }
        try put("candidates.csv", CSVWriter.document(header: CandidateTable.header, rows: o.rows.map(\.fields)))
        try put("current.csv", CSVWriter.document(header: CandidateTable.currentHeader, rows: [o.current]))
        try put("run.csv", CSVWriter.document(header: ["key", "value"], rows: o.manifest.rows))
        // A shard writes no conclusions; those of an earlier whole run go with the transaction.
        if o.isPartial { return written }
        try put("recommendation.csv", CSVWriter.document(header: CandidateTable.header, rows: o.recommended.map { [$0.fields] } ?? []))
        try put("pareto.csv", CSVWriter.document(header: CandidateTable.header, rows: o.pareto.map(\.fields)))
        try put("recommendation.md", RecommendationReport.markdown(o))
        if let rec = o.recommended {
            let m = o.manifest
            let view = MetricView(candidate: rec)
            let summary =
                "At the worst daily budget (\(m.budgets.lowerBound) a day, \(m["budget_model"])): "
                + "\(NumberFormat.fixed(view.charged, 1)) charged reloads a day (needs \(view.needed)),\n// "
                + "\(m.objective.phrase) \(MetricView.shown(rec.record.objective, m.objective)), "
                + "peak memory \(NumberFormat.fixed(view.peakMB, 1)) MB of the \(m["memory_limit_mb"]) MB limit."
            try put(
                "Provider.swift",
                ProviderSource.swift(
                    rec.record.candidate, firstOffset: Double(m["first_offset_s"]) ?? 0,
                    summary: summary, manifest: m))
        }
        return written
    }

    /// The recommendation's summary as `optimize` prints it: a table of the current policy, the
    /// recommendation and the runner-up.
    public static func summaryTable(_ o: OptimizationOutcome) -> String {
        var rows = [["", "policy", "charged/day", "needs", "fresh", "mean age", "p95 age", "views fresh", "peak MB", "ok"]]
        func add(_ label: String, _ policy: String, _ v: MetricView) {
            rows.append([
                label, policy, NumberFormat.fixed(v.charged, 1), String(v.needed), v.shown("freshness"), v.shown("mean_age_s"),
                v.shown("p95_age_s"), v.shown("view_freshness"), NumberFormat.fixed(v.peakMB, 1), v.feasible ? "yes" : "no",
            ])
        }
        add("current", o.current.first ?? "", MetricView(current: o.current))
        if let r = o.recommended {
            add("recommended", r.record.candidate.description, MetricView(candidate: r))
        }
        if let r = o.runnerUp {
            add("runner-up", r.record.candidate.description, MetricView(candidate: r))
        }
        let sure = ChoiceConfidence(outcome: o).summaryLines
        return TextTable.render(rows) + sure.map { $0 + "\n" }.joined()
    }
}
