import WidgetBudgetKit

/// The batch report's index pages.
public enum BatchIndex {
    /// `Reports/index.md`: every scenario with its summary table or its error.
    public static func markdown(_ entries: [BatchEntry]) -> String {
        var md = "# WidgetBudget report\n\n"
        md += "| scenario | widget | charged/day | budget | exhausted days | fresh | mean age | p95 age | kills |\n"
        md += "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for entry in entries {
            guard let scenario = entry.scenario, entry.error == nil else {
                md += "| \(escape(entry.name)) | **failed** | | | | | | | |\n"
                continue
            }
            for s in entry.summaries {
                md += "| [\(escape(scenario.name))](\(scenario.name)/summary.csv) | \(escape(s.widget)) | "
                md += NumberFormat.fixed(s.chargedPerDay, 1) + " | " + scenario.budget.dailyDescription + " | "
                md += NumberFormat.fixed(s.exhaustedDayFraction * 100, 0) + "% | " + NumberFormat.fixed(s.freshness * 100, 1) + "% | "
                md += NumberFormat.humanDuration(s.meanAge) + " | " + NumberFormat.humanDuration(s.p95Age) + " | \(s.kills) |\n"
            }
        }
        let failed = entries.filter { $0.error != nil }
        if !failed.isEmpty {
            md += "\n## Failed scenarios\n\n"
            for entry in failed { md += "- `\(entry.file)`: \(escape(entry.error ?? ""))\n" }
        }
        md += "\n## Scenarios\n\n"
        for entry in entries {
            guard let scenario = entry.scenario else { continue }
            md += "### \(escape(scenario.name))\n\n"
            if !scenario.description.isEmpty { md += escape(scenario.description) + "\n\n" }
            md += "- file: `\(entry.file)`; " + "\(scenario.days) days × \(scenario.replications) replications; budget \(scenario.budget.dailyDescription)/day (\(scenario.budget.model.rawValue))\n"
            for widget in scenario.widgets { md += "- \(escape(widget.name)): \(escape(widget.provider.summary))\n" }
            md += "\n"
        }
        return md
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
