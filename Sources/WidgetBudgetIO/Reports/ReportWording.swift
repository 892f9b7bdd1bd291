import WidgetBudgetKit

/// The words `index.html` and `index.md` share, so the two pages never say different things.
enum ReportWording {
    /// The overview table's columns, in order.
    static let overviewColumns = [
        "scenario", "widget", "charged/day", "budget", "days out of budget", "fresh", "mean age", "p95 age", "views fresh", "kills",
    ]

    /// `1 day`, `3 days`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// The scenario's settings in one line: `3 days × 1 replication · budget 70/day (midnight) ·
    /// memory limit 30 MB · time zone Europe/Paris · seed 7`.
    static func settings(_ scenario: Scenario) -> String {
        count(scenario.days, "day") + " × " + count(scenario.replications, "replication")
            + " · budget \(scenario.budget.dailyDescription)/day (\(scenario.budget.model.rawValue))"
            + " · memory limit \(NumberFormat.fixed(scenario.memory.limitMB, 0)) MB"
            + " · time zone \(scenario.timeZone.shownIdentifier) · seed \(scenario.seed)"
    }

    /// The overview's values for one widget, in ``overviewColumns`` order after scenario and widget.
    /// A widget without content shows `n/a` for freshness and age (``FreshnessJudgement``).
    static func overviewValues(_ s: WidgetSummary, scenario: Scenario) -> [String] {
        let budget = scenario.budget
        let freshness =
            FreshnessJudgement.isJudged(s.widget, in: scenario)
            ? [
                NumberFormat.fixed(s.freshness * 100, 1) + "%", NumberFormat.humanDuration(s.meanAge),
                NumberFormat.humanDuration(s.p95Age), s.viewFreshness.map { NumberFormat.fixed($0 * 100, 1) + "%" } ?? "–",
            ] : Array(repeating: FreshnessJudgement.notJudged, count: 4)
        return [NumberFormat.fixed(s.chargedPerDay, 1), budget.dailyDescription, NumberFormat.fixed(s.exhaustedDayFraction * 100, 0) + "%"]
            + freshness + [String(s.kills)]
    }
}
