import Foundation
import WidgetBudgetKit

/// Writes the files of `widgetbudget analyze`: `analysis.md` and the CSV tables into a folder, and
/// optionally the calibrated scenario, as one ``OutputTransaction``: the whole set or nothing.
public enum AnalysisOutput {
    /// Writes the analysis into `folder` (created when missing): the figures (drawn by `renderer`,
    /// or skipped without gnuplot), the CSV tables and `analysis.md`, which links the figures; and,
    /// when `scenarioPath` is given, the calibrated scenario there. Returns the paths written,
    /// `analysis.md` first, and what became of each figure. Figures are drawn for the
    /// `plotWidgets` busiest widgets only (``DeviceLogPlots/plotted(_:limit:)``); `analysis.md`
    /// names the others.
    /// - Throws: ``FileWriteError``.
    @discardableResult
    public static func write(
        _ outcome: DeviceLogReader.Outcome, to folder: String, scenarioPath: String?, timeZone: TimeZone?,
        renderer: PlotRenderer? = nil, plotWidgets: Int = DeviceLogPlots.defaultWidgetLimit
    ) throws -> (paths: [String], plots: [PlotOutcome]) {
        let a = outcome.analysis
        let tables = AnalysisTables.all(a, files: outcome.files)
        let names = ["analysis.md"] + tables.map(\.name)
        var report = AnalysisReport.markdown(a, files: outcome.files, written: Array(names.dropFirst()))
        var scenarioText: String?
        if scenarioPath != nil {
            let base = ((outcome.files.first ?? "log") as NSString).lastPathComponent
            let name = GnuplotText.slug((base as NSString).deletingPathExtension, fallback: "device-log") + "-calibrated"
            scenarioText = CalibratedScenario.yaml(a, files: outcome.files, timeZone: timeZone, name: name)
        }
        let plots = try OutputTransaction.run(into: folder) { output in
            let plots = try renderer?.render(DeviceLogPlots.specs(a, limit: plotWidgets), in: output.staging) ?? []
            if renderer != nil { report += figures(plots) + leftOut(a, limit: plotWidgets) }
            try AtomicFile.write(Data(report.utf8), to: output.path("analysis.md"))
            for t in tables { try AtomicFile.write(t.writer.data, to: output.path(t.name)) }
            if let scenarioPath, let scenarioText { try output.stageFile(Data(scenarioText.utf8), at: scenarioPath) }
            return plots
        }
        let written = names.map { path(folder, $0) } + (scenarioText == nil ? [] : [scenarioPath ?? ""])
        let images = plots.filter { $0.status == .drawn }.flatMap { [path(folder, $0.name + ".svg"), path(folder, $0.name + ".png")] }
        return (written + images, plots)
    }

    /// The `## Figures` section of `analysis.md`: each figure linked, or why it is missing.
    static func figures(_ plots: [PlotOutcome]) -> String {
        guard !plots.isEmpty else { return "" }
        var md = "\n## Figures\n\n"
        for p in plots {
            switch p.status {
            case .drawn:
                md +=
                    "![\(WebText.markdown(p.caption))](\(p.name).svg)\n\n*\(WebText.markdown(p.widget ?? "")): "
                    + "\(WebText.markdown(p.caption))* ([PNG](\(p.name).png), [script](\(p.name).gp))\n\n"
            case let .skipped(reason):
                md += "- `\(p.name)` not drawn: \(WebText.markdown(reason))\n"
            case let .failed(reason):
                md += "- `\(p.name)` failed: \(WebText.markdown(reason))\n"
            }
        }
        return md
    }

    /// The note saying which widgets have no figures (beyond the `limit` busiest), or "".
    static func leftOut(_ a: DeviceLogAnalysis, limit: Int) -> String {
        let kept = DeviceLogPlots.plotted(a, limit: limit)
        let left = a.widgets.indices.filter { !kept.contains($0) }
        guard !left.isEmpty else { return "" }
        let shown = 100
        var names = left.prefix(shown).map { WebText.markdown(a.widgets[$0].name) }.joined(separator: ", ")
        if left.count > shown { names += " and \(left.count - shown) more" }
        let plural = kept.count == 1 ? "" : "s"
        return
            (figuresHeading(hasFigures: kept.count > 0)
            + "Figures are drawn for the \(kept.count) busiest widget\(plural) of \(a.widgets.count) (most reloads in the log; "
            + "`analyze --plot-widgets` sets how many); the CSV tables hold every widget. Left without figures: \(names).\n")
    }

    /// "" when the `## Figures` heading is already there, else the heading.
    private static func figuresHeading(hasFigures: Bool) -> String { hasFigures ? "\n" : "\n## Figures\n\n" }

    private static func path(_ folder: String, _ name: String) -> String {
        (folder as NSString).appendingPathComponent(name)
    }

    /// The table `analyze` prints: one row per widget, then one line per widget on its budget.
    public static func summary(_ a: DeviceLogAnalysis) -> String {
        let header = [
            "widget", "reloads/day", "charged/day", "late p50", "late p90", "delay fit", "busiest 24h", "stalls", "budget",
            "app ok/coal/ign", "peak MB", "kills?",
        ]
        var rows = [header]
        let days = a.coveredDays
        for w in a.widgets {
            rows.append([
                w.name,
                days > 0 ? NumberFormat.fixed(Double(w.reloads) / days, 1) : "–",
                days > 0 ? NumberFormat.fixed(Double(w.charged) / days, 1) : "–",
                AnalysisText.duration(w.lateness.median), AnalysisText.duration(w.lateness.p90),
                w.reloadDelay.fitted.map(AnalysisText.delay) ?? "–",
                String(w.budget.maxChargedIn24h), String(w.budget.stalls.count), AnalysisText.budgetShort(w.budget),
                "\(w.appReloads.answered)/\(w.appReloads.coalesced)/\(w.appReloads.ignored)",
                w.memory.compactMap(\.peakMB).max().map { NumberFormat.fixed($0, 1) } ?? "–",
                String(w.likelyKillCount),
            ])
        }
        var text =
            "\(a.records) rows, \(NumberFormat.fixed(a.coveredDays, 1)) days observed, \(a.widgets.count) widget"
            + "\(a.widgets.count == 1 ? "" : "s"), \(a.anomalies.count) anomal\(a.anomalies.count == 1 ? "y" : "ies")\n"
        text += TextTable.render(rows)
        for w in a.widgets { text += "\(w.name): " + AnalysisText.budgetVerdict(w.budget, settings: a.settings) + "\n" }
        for note in CalibratedScenario.notes(a) { text += note + "\n" }
        return text
    }
}
