import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Views counted in one loop between two other events (`--events none`) against views visited
/// one event at a time (`--events all`), on randomised scenarios: every day the same views, fresh
/// views, sum of ages (to the bit: the same additions in the same order) and unseen holds.
@Suite("Views counted in bulk against the event-by-event engine")
struct ViewCountingTests {
    /// A random scenario: a fixed provider, maybe predictable and unpredictable changes, dense or
    /// sparse views, sometimes `unseen_after` and location changes (which keep the event path).
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let provider = FixedProvider(
            entries: pick([1, 6, 61]), spacing: pick([60, 300, 900]), firstOffset: pick([0, 2]), align: pick([.none, .minute]),
            policy: pick([.atEnd, .after(1_800), .never]))
        var system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120)]), renderDelay: pick([.zero, .uniform(0, 5)]), minReloadInterval: pick([0, 300]))
        system.unseenAfter = pick([.infinity, .infinity, 3_600])
        system.locationChanges = pick([.none, .none, EventProcess(.poisson(perHour: 0.5))])
        // Paris: the clocks go forward the next day.
        let (start, zone) = pick([GridScenarios.utc, GridScenarios.parisSpring])
        return TestScenarios.single(
            .fixed(provider), days: 2, replications: 2, seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick([6, 40]), model: pick(BudgetModel.allCases)), system: system,
            predictable: pick([.none, EventProcess(.every(period: 60, offset: 0)), EventProcess(.poisson(perHour: 2))]),
            unpredictable: pick([.none, EventProcess(.poisson(perHour: 0.5))]),
            views: pick([
                EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 120)), EventProcess(.every(period: 600, offset: 0)),
            ]))
    }

    @Test("60 random scenarios count the same views either way, day by day")
    func bulkViewsMatchEventByEvent() {
        var g = SeededGenerator(seed: 4242)
        for i in 0..<60 {
            let scenario = Self.randomScenario(&g)
            let bulk = Simulator.run(scenario, events: .none)
            let visited = Simulator.run(scenario, events: .all)
            for (a, b) in zip(bulk.runs, visited.runs) {
                let got = a[0].days.map { [Double($0.views), Double($0.freshViews), $0.viewAgeTotal, Double($0.heldUnseen)] }
                let expected = b[0].days.map { [Double($0.views), Double($0.freshViews), $0.viewAgeTotal, Double($0.heldUnseen)] }
                #expect(got == expected, "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system)")
                #expect(a[0].days.map(\.reloads) == b[0].days.map(\.reloads), "scenario \(i)")
            }
        }
    }
}
