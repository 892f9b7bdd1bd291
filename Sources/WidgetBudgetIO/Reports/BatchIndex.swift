import WidgetBudgetKit

/// `Reports/index.md`: the batch report for reading on GitHub, with the PNG figures.
public enum BatchIndex {
    /// The page: every scenario with its summary, findings and figures, or its error.
    public static func markdown(_ entries: [BatchEntry], plotsSkipped: String? = nil) -> String {
        var md = "# WidgetBudget report\n\n"
        md += "The same report with SVG figures: [index.html](index.html). How to read it: docs/reading-a-report.md.\n\n"
        if let plotsSkipped { md += "> **Plots skipped.** \(escape(plotsSkipped)). The gnuplot scripts and data are in each folder.\n\n" }
        md += "## Overview\n\n"
        md += "| " + ReportWording.overviewColumns.joined(separator: " | ") + " |\n"
        md += "|---|---|" + String(repeating: "---:|", count: ReportWording.overviewColumns.count - 2) + "\n"
        for entry in entries {
            guard let scenario = entry.scenario, entry.error == nil else {
                md +=
                    "| \(escape(entry.name)) | **failed: see below** |"
                    + String(repeating: " |", count: ReportWording.overviewColumns.count - 2)
                md += "\n"
                continue
            }
            for s in entry.summaries {
                md += "| [\(escape(scenario.name))](\(WebText.url([entry.folder, "summary.csv"]))) | \(escape(s.widget)) | "
                md += ReportWording.overviewValues(s, scenario: scenario).joined(separator: " | ") + " |\n"
            }
        }
        let failed = entries.filter { $0.error != nil }
        if !failed.isEmpty {
            md += "\n## Failed scenarios\n\n"
            for entry in failed { md += "- `\(entry.file)`: \(escape(entry.error ?? ""))\n" }
        }
        md += "\n## Scenarios\n\n"
        for entry in entries {
            guard let scenario = entry.scenario, entry.error == nil else { continue }
            md += "### \(escape(scenario.name))\n\n"
            if !scenario.description.isEmpty { md += WebText.markdownProse(scenario.description) + "\n\n" }
            md += "- file: `\(entry.file)` · " + escape(ReportWording.settings(scenario)) + "\n"
            for widget in scenario.widgets { md += "- \(escape(widget.name)): \(escape(widget.provider.summary))\n" }
            for note in entry.notes { md += "- note: \(WebText.markdownProse(note))\n" }
            md += "\n"
            for plot in entry.plots where plot.widget == nil && plot.subfolder.isEmpty { md += figure(plot, folder: entry.folder) }
            for (w, widget) in scenario.widgets.enumerated() {
                md += "#### \(escape(widget.name))\n\n"
                if w < entry.highlights.count { for line in entry.highlights[w] { md += "- \(escape(line))\n" } }
                md += "\n"
                for plot in entry.plots where plot.widget == widget.name && plot.subfolder.isEmpty {
                    md += figure(plot, folder: entry.folder)
                }
            }
            let optimizer = entry.plots.filter { !$0.subfolder.isEmpty }
            if entry.recommendation != nil || !optimizer.isEmpty {
                md += "#### Optimizer\n\n"
                if let text = entry.recommendation {
                    md += text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n") + "\n\n"
                }
                for plot in optimizer { md += figure(plot, folder: entry.folder) }
            }
        }
        return md
    }

    /// A figure as a Markdown image (PNG, which GitHub shows), or why it is missing.
    static func figure(_ plot: PlotOutcome, folder: String) -> String {
        switch plot.status {
        case .drawn:
            return "![\(escape(plot.caption))](\(WebText.url([folder, plot.subfolder, plot.pngFile])))\n\n"
        case .skipped:
            return "- *plot not drawn:* \(escape(plot.caption)) (script: `\(plot.scriptFile)`)\n\n"
        case let .failed(message):
            return "- **plot failed:** \(escape(plot.caption)): \(escape(message))\n\n"
        }
    }

    static func escape(_ text: String) -> String {
        WebText.markdown(text)
    }
}
