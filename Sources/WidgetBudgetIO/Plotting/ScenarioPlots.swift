import WidgetBudgetKit

/// The figures of one scenario's report: per widget the budget over time, the age over the chosen
/// day and the freshness heat map, and for the scenario the charged reloads per day.
public enum ScenarioPlots {
    /// The figures, in the order a report shows them: charged reloads per day first, then per
    /// widget budget, age and heat map.
    public static func specs(_ input: ScenarioPlotInput) -> [PlotSpec] {
        var specs = [ChargedPerDayPlot.spec(input)]
        for w in input.result.scenario.widgets.indices {
            if let budget = BudgetPlot.spec(input, widget: w) { specs.append(budget) }
            specs.append(AgePlot.spec(input, widget: w))
            specs.append(FreshnessHeatMap.spec(input, widget: w))
        }
        return specs
    }
}
