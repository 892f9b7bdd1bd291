import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The plain loop's policy request that finds none pending, granted at once without registering
/// it as pending (``WidgetSimulation/requestAndGrantFresh(at:before:)``,
/// ``WidgetSimulation/tryFreshPolicyGrant(at:)``), against the loop's other clone, which
/// registers every request (`request`) and grants it through `tryGrant` (``RunDetail/plainLoop``
/// off): the same runs, where the grant comes at once, waits for budget (the request registered
/// inside the grant), or is not next (registered in the loop).
@Suite("The fresh policy reload's grant against the request registered first")
struct FreshPolicyGrantTests {
    /// `RollingFromChargesTests.randomScenario` (tight rolling budgets, half of them), the sources
    /// the plain loop takes as none taken out (as `PlainLoopTests.randomScenario` does for half),
    /// and for a third of them a tight budget of another model (the rule's own check and charge
    /// in the fresh grant).
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        var scenario = RollingFromChargesTests.randomScenario(&g)
        PlainLoopTests.takeOutPlainLoopSources(&scenario)
        if g.next() % 3 == 0 {
            scenario.budget = BudgetSettings.fixed(pick([1, 3, 8, 20]), model: pick([.midnight, .tokenBucket, .rolling24h]))
        }
        return scenario
    }

    /// A run of `scenario` with `detail`, at no event level, and how many fresh policy reloads its
    /// grant found the budget out for.
    static func run(_ scenario: Scenario, detail: RunDetail) -> (WidgetRunResult, waits: Int) {
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        var simulation = WidgetSimulation(
            provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
            inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
            budgetModel: scenario.budget.model, family: scenario.widgets[0].family, detail: detail)
        let result = simulation.run()
        return (result, simulation.freshPolicyWaits)
    }

    @Test("600 random scenarios: the same days, stretches and charge times as with every request registered first")
    func sameRuns() {
        var g = SeededGenerator(seed: 1_515)
        var taken = 0, waited = 0, plainGrants = 0, otherGrants = 0
        for i in 0..<600 {
            let scenario = Self.randomScenario(&g)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system) \(scenario.budget)"
            for detail in [RunDetail.full, .optimization, .unconstrained(for: .meanAge)] {
                var registering = detail
                registering.plainLoop = false
                #expect(!PlainLoopTests.plain(scenario, level: .none, detail: registering), "\(label)")
                let (fresh, waits) = Self.run(scenario, detail: detail)
                let (registered, none) = Self.run(scenario, detail: registering)
                #expect(none == 0, "\(label)")
                if PlainLoopTests.plain(scenario, level: .none, detail: detail) {
                    taken += 1
                    if waits > 0 { waited += 1 }
                    if PlainGrantsTests.plain(scenario, level: .none, detail: detail) { plainGrants += 1 } else { otherGrants += 1 }
                } else {
                    #expect(waits == 0, "\(label)")
                }
                #expect(Array(fresh.days) == Array(registered.days), "\(label)")
                #expect(fresh.ageShapes == registered.ageShapes && fresh.ageSegments == registered.ageSegments, "\(label)")
                #expect(fresh.chargeTimes == registered.chargeTimes, "\(label)")
            }
        }
        // The fresh grant ran, in both of the grant's clones, and found the budget out in many runs.
        #expect(
            taken > 1_000 && waited > 300 && plainGrants > 300 && otherGrants > 300,
            "taken \(taken), waited \(waited), plain grants \(plainGrants), others \(otherGrants)")
    }
}
