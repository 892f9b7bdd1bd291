import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The render loop's cycles of repeated stretches from any entry in one step (`closedCycles`, issue
/// #26 `cycles`) against the event-by-event engine (`--events all`, which never takes it), to the
/// bit: timelines resumed after a cut (minute-aligned entries whose second renders on a tick, app
/// reloads and requests that wait for a budget that ran out, day ends) and entries half a grid
/// period apart (both phases: the entry after the first sharing its stale start, or moving it
/// alone), with reload delays whole and fractional, views, unpredictable changes and a
/// daylight-saving day. A count on the side (`WidgetSimulation.closedTaken`) shows each kind is
/// taken.
@Suite("Cycles of repeated stretches from any entry in one step against the event-by-event engine")
struct ClosedCyclesTests {
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let period: Double = pick([60, 60, 60, 20, 70])
        let spacing = period * pick([0.5, 0.5, 1, 2, 5, 15])
        let provider = FixedProvider(
            entries: pick([3, 12, 30, 61, 120]), spacing: spacing, firstOffset: pick([0, 2, 2, 30.5]),
            align: pick([.none, .minute, .minute]), policy: pick([.atEnd, .after(900), .after(3_600), .never]))
        let system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120), .uniform(0, 120), .constant(30)]), renderDelay: .zero,
            minReloadInterval: pick([0, 300]))
        var app = AppActivity()
        let every = AppActivity.Trigger.process(EventProcess(.every(period: pick([600, 1_800]), offset: 0)))
        app.reloads = pick([[], [], [AppActivity.Reloads(target: AppActivity.Target.all, trigger: every)]])
        let (start, zone) = pick([
            (TestScenarios.mondayUTC, TestScenarios.utc), (StaleStrideTests.parisSpring, StaleStrideTests.paris),
        ])
        return TestScenarios.single(
            .fixed(provider), days: pick([1, 2, 3]), replications: 2, seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick([4, 6, 70]), model: pick(BudgetModel.allCases)), system: system, app: app,
            predictable: EventProcess(.every(period: period, offset: pick([0, 0, 13]))),
            unpredictable: pick([.none, .none, EventProcess(.poisson(perHour: 0.5))]),
            views: pick([.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]))
    }

    /// How often replication `replication` of `scenario` took the closed forms at `--events none`.
    static func taken(_ scenario: Scenario, replication: Int) -> (timelines: Int, whole: Int, halves: Int) {
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: replication)
        var simulation = WidgetSimulation(
            provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
            inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
            budgetModel: scenario.budget.model, family: scenario.widgets[0].family, detail: .full)
        _ = simulation.run()
        return simulation.closedTaken
    }

    @Test("150 random scenarios of resumed timelines and half-period entries: the same days and stretches, to the bit, either way")
    func closedCyclesMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_660)
        var whole = 0, halves = 0
        for i in 0..<150 {
            let scenario = Self.randomScenario(&g)
            StaleStrideTests.expectSameEitherWay(scenario, "scenario \(i)")
            for r in 0..<2 {
                let taken = Self.taken(scenario, replication: r)
                whole += taken.whole
                halves += taken.halves
            }
        }
        print("closedCycles taken: \(whole) whole, \(halves) halves")
        // Both kinds were taken, often: the comparison above is of the closed form.
        #expect(whole > 1_000, "\(whole) cycles of entries whole periods apart")
        #expect(halves > 300, "\(halves) cycles of entries half a period apart")
    }
}
