import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The scenario figures show the replication where things go worst, and say which.
@Suite("Plots: the worst replication")
struct PlotWorstReplicationTests {
    /// 5-minute timelines charge 288 reloads a day; each replication draws its budget from 40...400,
    /// so the replications with a budget under 288 run out every day, and of those the one with the
    /// smallest budget runs out first and misses the content changes (every 10 minutes) longest.
    @Test func theSmallestBudgetIsShownAndNamed() throws {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 6, spacing: 60)), kind: "clock", days: 2, replications: 6, seed: 3,
            budget: BudgetSettings(dailyMin: 40, dailyMax: 400, model: .midnight),
            unpredictable: EventProcess(.every(period: 600, offset: 0)))
        let result = Simulator.run(scenario, events: .reloads)
        let budgets = result.runs.map { $0[0].days[0].budget }
        try #require(budgets.contains { $0 < 288 } && budgets.contains { $0 > 300 }, "the seed must draw both kinds: \(budgets)")
        let smallest = budgets.indices.min { budgets[$0] < budgets[$1] }!
        let input = try ScenarioPlotInput(result: result)
        #expect(input.replication == smallest)
        let spec = try #require(ScenarioPlots.specs(input).first { $0.kind == .budget })
        #expect(spec.caption.contains("replication \(smallest + 1) of 6 (the worst: the budget ran out on 2 of its widget-days)"))
        #expect(spec.caption.contains("the budget ran out"))
    }

    /// With one replication there is nothing to choose.
    @Test func oneReplicationIsReplicationOne() throws {
        let scenario = TestScenarios.single(.fixed(FixedProvider(entries: 6, spacing: 60)), kind: "clock", days: 1)
        let input = try ScenarioPlotInput(result: Simulator.run(scenario, events: .reloads))
        #expect(input.replication == 0)
    }
}
