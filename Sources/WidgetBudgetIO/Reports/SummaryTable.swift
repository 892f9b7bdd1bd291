import Foundation
import WidgetBudgetKit

/// The plain-text table `simulate` prints: one row per widget.
public enum SummaryTable {
    /// Renders the summaries as an aligned text table; a widget of `scenario` without content
    /// shows `n/a` for freshness and age (nothing can make it stale).
    public static func render(_ summaries: [WidgetSummary], scenario: Scenario) -> String {
        let budget = scenario.budget
        let header = [
            "widget", "reloads/day", "charged/day", "exhausted days", "renders/day", "kills", "peak MB",
            "fresh", "mean age", "p95 age", "views fresh",
        ]
        var rows = [header]
        for s in summaries {
            rows.append(
                [
                    s.widget,
                    NumberFormat.fixed(s.reloadsPerDay, 1),
                    NumberFormat.fixed(s.chargedPerDay, 1) + " / " + budget.dailyDescription,
                    NumberFormat.fixed(s.exhaustedDayFraction * 100, 0) + "%",
                    NumberFormat.fixed(s.rendersPerDay, 0),
                    String(s.kills),
                    NumberFormat.fixed(s.peakMemoryMB, 1),
                ] + freshnessCells(s, judged: FreshnessJudgement.isJudged(s.widget, in: scenario)))
        }
        return TextTable.render(rows)
    }

    /// The fresh, mean age, p95 age and views fresh cells.
    private static func freshnessCells(_ s: WidgetSummary, judged: Bool) -> [String] {
        guard judged else { return Array(repeating: FreshnessJudgement.notJudged, count: 4) }
        return [
            NumberFormat.fixed(s.freshness * 100, 1) + "%" + (s.freshnessCI.map { " ±" + NumberFormat.fixed($0 * 100, 1) } ?? ""),
            NumberFormat.humanDuration(s.meanAge),
            NumberFormat.humanDuration(s.p95Age),
            s.viewFreshness.map { NumberFormat.fixed($0 * 100, 1) + "%" } ?? "-",
        ]
    }
}

/// Aligns rows of text into columns.
public enum TextTable {
    /// The rows as columns separated by two spaces, a rule under the header, numbers right-aligned.
    public static func render(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        var lines: [String] = []
        for (r, row) in rows.enumerated() {
            var line = ""
            for (i, cell) in row.enumerated() where i < widths.count {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                let numeric = i > 0 && r > 0
                line += (i == 0 ? "" : "  ") + (numeric ? pad + cell : cell + pad)
            }
            lines.append(line.trimmingTrailingRegexSpace)
            if r == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
