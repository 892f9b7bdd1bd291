import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// An entry dated on the stale start of the entry before it, starting no fresh run, rendered by
/// the render loop without `FreshRun.following`'s search and without leaving the loop
/// (`WidgetSimulation.startsNoRun`, issue #26 `aligned`), against the event-by-event engine
/// (`--events all`, which never takes it), to the bit: minute-aligned timelines (entry 1 on the
/// tick where entry 0 goes stale) on grids where the whole minute is a tick and where it is not,
/// entries a whole number of periods apart and closer (entries on consecutive ticks: a fresh run,
/// which the search must still find), entries a few seconds after the reload or on it, reload
/// delays, app reloads, budgets that run out, day ends, unpredictable changes (a stale start that
/// is `fetchStale`), views and a daylight-saving day. A count on the side
/// (`WidgetSimulation.staleStartRenders`) shows it is taken.
@Suite("Entries rendered on the stale start in the render loop against the event-by-event engine")
struct StaleStartRenderTests {
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        let every = { (period: Double) in GridScenarios.appReloads(EventProcess(.every(period: period, offset: 0))) }
        return GridScenarios(
            grid: .periods([60, 60, 60, 20, 30, 70], spacingFactors: [0.5, 1, 1, 2, 3, 5, 15]), entries: [2, 3, 12, 61, 120],
            firstOffsets: [0, 2, 2, 5, 30.5], aligns: [.none, .minute, .minute, .minute],
            policies: [.atEnd, .after(900), .after(3_600), .never],
            reloadDelays: [.zero, .uniform(0, 120), .constant(30), .constant(60)],
            appReloads: [[], [], [], every(600), every(1_800)], starts: [GridScenarios.utc, GridScenarios.parisSpring],
            days: [1, 2, 3], dailyBudgets: [4, 6, 70], gridOffsets: [0, 0, 0, 13],
            unpredictable: [.none, .none, EventProcess(.poisson(perHour: 0.5)), EventProcess(.poisson(perHour: 20))],
            views: [.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]
        ).draw(&g)
    }

    @Test("150 random scenarios of minute-aligned timelines: the same days and stretches, to the bit, either way")
    func staleStartRendersMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_626)
        var taken = 0
        for i in 0..<150 {
            let scenario = Self.randomScenario(&g)
            StaleStrideTests.expectSameEitherWay(scenario, "scenario \(i)")
            for r in 0..<2 { taken += EngineRun(scenario, replication: r, detail: .full).staleStartRenders }
        }
        // Taken often: the comparison above is of the loop's renders on a stale start.
        #expect(taken > 1_000, "\(taken) entries rendered on the stale start in the loop")
    }
}
