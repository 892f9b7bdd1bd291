import Foundation
import WidgetBudgetKit

/// Writes the files of `widgetbudget analyze`: `analysis.md` and the CSV tables into a folder, and
/// optionally the calibrated scenario. Every text is built before the first file is written, and
/// each file is written atomically.
public enum AnalysisOutput {
    /// Writes the analysis into `folder` (created when missing) and, when `scenarioPath` is given,
    /// the calibrated scenario there. Returns the paths written, `analysis.md` first.
    /// - Throws: ``FileWriteError``.
    @discardableResult
    public static func write(_ outcome: DeviceLogReader.Outcome, to folder: String, scenarioPath: String?, timeZone: TimeZone?)
        throws -> [String]
    {
        let a = outcome.analysis
        let tables = AnalysisTables.all(a, files: outcome.files)
        let names = ["analysis.md"] + tables.map(\.name)
        var contents: [(String, Data)] = []
        let report = AnalysisReport.markdown(a, files: outcome.files, written: Array(names.dropFirst()))
        contents.append((path(folder, "analysis.md"), Data(report.utf8)))
        for t in tables { contents.append((path(folder, t.name), t.writer.data)) }
        if let scenarioPath {
            let base = ((outcome.files.first ?? "log") as NSString).lastPathComponent
            let name = GnuplotText.slug((base as NSString).deletingPathExtension, fallback: "device-log") + "-calibrated"
            contents.append((scenarioPath, Data(CalibratedScenario.yaml(a, files: outcome.files, timeZone: timeZone, name: name).utf8)))
        }
        for (path, text) in contents { try AtomicFile.write(text, to: path) }
        return contents.map(\.0)
    }

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
        return text
    }
}
