import WidgetBudgetKit

/// The charged reloads a day of a widget reloading every `minutes`, against `budget`.
public func chargedPerDay(everyMinutes minutes: Double, budget: Int) -> Double {
    let scenario = Scenario(
        name: "check", days: 2, budget: .fixed(budget, model: .rolling24h),
        widgets: [WidgetSpec(kind: "w", provider: .fixed(FixedProvider(entries: 1, spacing: 60, policy: .after(minutes * 60))))])
    return Simulator.run(scenario).summaries[0].chargedPerDay
}
