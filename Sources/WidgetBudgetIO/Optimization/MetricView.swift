import WidgetBudgetKit

/// Reads the metric columns of a row of `candidates.csv` or `current.csv` for reports.
struct MetricView {
    let fields: [String]
    let header: [String]

    init(candidate row: CandidateRow) {
        fields = row.fields
        header = CandidateTable.header
    }

    init(current fields: [String]) {
        self.fields = fields
        header = CandidateTable.currentHeader
    }

    func text(_ column: String) -> String {
        CandidateRow.field(fields, column, in: header)
    }

    func number(_ column: String) -> Double? {
        Double(text(column))
    }

    var feasible: Bool { text("feasible") == "true" }
    var needed: Int { Int(text("needed_budget")) ?? 0 }
    var charged: Double { number("charged_per_day") ?? 0 }
    var peakMB: Double { number("peak_memory_mb") ?? 0 }

    /// A metric as reports show it.
    func shown(_ column: String) -> String {
        guard let x = number(column) else { return "-" }
        switch column {
        case "mean_age_s", "p95_age_s", "max_age_s": return MetricView.age(x)
        case "freshness", "view_freshness", "exhausted_day_fraction": return NumberFormat.fixed(x * 100, 1) + "%"
        case "peak_memory_mb": return NumberFormat.fixed(x, 1) + " MB"
        default: return NumberFormat.fixed(x, 1)
        }
    }

    /// The objective's column in `summary.csv` terms.
    static func column(of objective: OptimizationObjective) -> String {
        switch objective {
        case .meanAge: return "mean_age_s"
        case .p95Age: return "p95_age_s"
        case .viewFreshness: return "view_freshness"
        case .freshness: return "freshness"
        case .viewAge: return "objective"  // Not a summary column: only the objective holds it.
        }
    }

    /// An objective value as reports show it.
    static func shown(_ value: Double, _ objective: OptimizationObjective) -> String {
        objective.higherIsBetter ? NumberFormat.fixed(value * 100, 1) + "%" : age(value)
    }

    /// An age: `0s`, `0.08s`, `4.2s`, then as ``NumberFormat/humanDuration(_:)`` (`5.3m`, `2.1h`).
    static func age(_ seconds: Double) -> String {
        if seconds == 0 { return "0s" }
        if seconds < 1 { return NumberFormat.fixed(seconds, 2) + "s" }
        if seconds < 10 { return NumberFormat.fixed(seconds, 1) + "s" }
        return NumberFormat.humanDuration(seconds)
    }
}
