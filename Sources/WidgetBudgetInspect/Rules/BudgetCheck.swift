import WidgetBudgetKit

/// `budget-runs-out` and `budget-may-run-out`, from the engine: each widget of the emitted
/// scenario is simulated alone, its policy and nothing else (no app), for a day from midnight at
/// the highest budget of Apple's range (70) and, when that holds, at the lowest (40). The time of
/// day is when the engine's first charged request found no budget (`exhaustedAt`).
enum BudgetCheck {
    /// Apple's range of daily budgets (OBSERVED #1).
    static let highest = 70
    static let lowest = 40

    /// The budget diagnostics for `widgets` (in `scenario`'s widget order).
    static func check(_ scenario: Scenario, widgets: [WidgetModel]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (index, widget) in widgets.enumerated() where index < scenario.widgets.count {
            guard let shape = widget.provider?.shape, !shape.assumed, let place = shape.policy.place else { continue }
            let policy = shape.policy
            let needed = run(scenario, widget: index, budget: 100_000).days.first?.charged ?? 0
            let description = ScenarioWriter.policyText(policy.value)
            if let time = exhaustion(scenario, widget: index, budget: highest) {
                out.append(
                    Diagnostic(
                        .budgetRunsOut, at: place,
                        "this timeline and its policy \(description) alone take \(needed) reloads a day, more than the highest budget of \(highest): added at midnight, the widget would stop updating at \(time) (a longer interval, or `widgetbudget optimize`)"
                    ))
            } else if let time = exhaustion(scenario, widget: index, budget: lowest) {
                out.append(
                    Diagnostic(
                        .budgetMayRunOut, at: place,
                        "this timeline and its policy \(description) alone take \(needed) reloads a day, more than the lowest budget of \(lowest): with that budget the widget would stop updating at \(time)"
                    ))
            }
        }
        return out
    }

    /// The widget alone, its policy only, one day from midnight at a fixed budget.
    private static func run(_ scenario: Scenario, widget: Int, budget: Int) -> WidgetRunResult {
        var alone = scenario
        alone.widgets = [scenario.widgets[widget]]
        alone.app = AppActivity()
        alone.days = 1
        alone.replications = 1
        alone.budget.dailyMin = budget
        alone.budget.dailyMax = budget
        return Simulator.run(alone).runs[0][0]
    }

    private static func exhaustion(_ scenario: Scenario, widget: Int, budget: Int) -> String? {
        guard let at = run(scenario, widget: widget, budget: budget).days.first?.exhaustedAt else { return nil }
        return LocalTime.clockString(at.truncatingRemainder(dividingBy: 86_400))
    }
}
