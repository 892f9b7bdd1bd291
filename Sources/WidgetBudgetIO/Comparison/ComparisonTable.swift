import WidgetBudgetKit

/// The comparison printed by `widgetbudget compare`, and its `comparison.csv`.
public enum ComparisonTable {
    /// The text: a heading naming the scenarios A, B…, then for each widget one table, metric by
    /// metric, the best value marked `*` (and bold when `emphasis` is set, for a terminal), the
    /// difference from A and whether it is significant across replications.
    public static func render(_ c: ScenarioComparison, files: [String], emphasis: Bool = false) -> String {
        let first = c.scenarios[0]
        var text =
            "Compared with seed \(first.seed), \(first.days) day\(first.days == 1 ? "" : "s") × \(first.replications) "
            + "replication\(first.replications == 1 ? "" : "s") each (common random numbers):\n"
        for (i, s) in c.scenarios.enumerated() {
            text += "  \(ScenarioComparison.letter(i)) = \(s.name)" + (i < files.count ? "  (\(files[i]))" : "") + "\n"
        }
        for note in c.notes { text += "  note: made comparable: \(note)\n" }
        for widget in c.widgets {
            text += "\nwidget \(widget.label)\n"
            var header = ["metric", "better"] + c.scenarios.indices.map { ScenarioComparison.letter($0) }
            for i in 1..<c.scenarios.count {
                header += ["\(ScenarioComparison.letter(i)) − A", "significant"]
            }
            var rows: [[Cell]] = [header.map { Cell(text: $0) }]
            for row in c.rows where row.widget == widget.label {
                var cells = [Cell(text: row.metric.label), Cell(text: row.metric.better == .neither ? "" : row.metric.better.rawValue)]
                for (i, value) in row.values.enumerated() {
                    let best = row.best.contains(i)
                    cells.append(Cell(text: (value.map(row.metric.format) ?? "–") + (best ? " *" : "  "), strong: best))
                }
                for d in row.differences {
                    cells.append(Cell(text: d.map { row.metric.formatDifference($0.mean) } ?? "–"))
                    cells.append(Cell(text: significance(d)))
                }
                rows.append(cells)
            }
            text += layout(rows, emphasis: emphasis)
        }
        text += "\n* best value. significant: a paired t-test over the replications at 95 % (n/a with one replication).\n"
        return text
    }

    static func significance(_ d: PairedDifference?) -> String {
        guard let d else { return "–" }
        switch d.isSignificant {
        case .some(true): return "yes"
        case .some(false): return "no"
        case .none: return "n/a"
        }
    }

    struct Cell {
        var text: String
        var strong = false
    }

    /// Columns separated by two spaces, a rule under the header, all but the first two right-aligned.
    static func layout(_ rows: [[Cell]], emphasis: Bool) -> String {
        guard let header = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.text.count) } }
        var lines: [String] = []
        for (r, row) in rows.enumerated() {
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.text.count)
                var text = i < 2 || r == 0 ? cell.text + pad : pad + cell.text
                if emphasis && cell.strong { text = "\u{1B}[1m" + text + "\u{1B}[0m" }
                line += (i == 0 ? "" : "  ") + text
            }
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
            if r == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `comparison.csv`'s header: one row per widget × metric × scenario.
    public static let csvHeader = [
        "widget", "metric", "unit", "better", "scenario_letter", "scenario", "value", "ci95", "best", "difference_from_a",
        "difference_ci95", "significant", "replications",
    ]

    /// `comparison.csv`'s rows.
    public static func csvRows(_ c: ScenarioComparison) -> [[String]] {
        var rows: [[String]] = []
        for row in c.rows {
            for (i, s) in c.scenarios.enumerated() {
                let digits = row.metric.csvDigits
                let d = i == 0 ? nil : row.differences[i - 1]
                rows.append([
                    row.widget, row.metric.rawValue, row.metric.unit, row.metric.better.rawValue, ScenarioComparison.letter(i), s.name,
                    NumberFormat.fixed(row.values[i], digits), NumberFormat.fixed(row.halfWidths[i], digits + 1),
                    row.best.contains(i) ? "true" : "false", NumberFormat.fixed(d?.mean, digits),
                    NumberFormat.fixed(d?.halfWidth, digits + 1),
                    d?.isSignificant.map { $0 ? "true" : "false" } ?? "", String(s.replications),
                ])
            }
        }
        return rows
    }
}
