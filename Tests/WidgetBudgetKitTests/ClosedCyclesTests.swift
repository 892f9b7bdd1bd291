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
        let every = { (period: Double) in GridScenarios.appReloads(EventProcess(.every(period: period, offset: 0))) }
        return GridScenarios(
            grid: .periods([60, 60, 60, 20, 70], spacingFactors: [0.5, 0.5, 1, 2, 5, 15]), entries: [3, 12, 30, 61, 120],
            firstOffsets: [0, 2, 2, 30.5], aligns: [.none, .minute, .minute], policies: [.atEnd, .after(900), .after(3_600), .never],
            reloadDelays: [.zero, .uniform(0, 120), .uniform(0, 120), .constant(30)],
            appReloads: [[], [], [], [], every(600), every(1_800)], starts: [GridScenarios.utc, GridScenarios.parisSpring],
            days: [1, 2, 3], dailyBudgets: [4, 6, 70], gridOffsets: [0, 0, 13],
            views: [.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]
        ).draw(&g)
    }

    @Test("150 random scenarios of resumed timelines and half-period entries: the same days and stretches, to the bit, either way")
    func closedCyclesMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_660)
        var whole = 0, halves = 0, renderedNext = 0
        for i in 0..<150 {
            let scenario = Self.randomScenario(&g)
            StaleStrideTests.expectSameEitherWay(scenario, "scenario \(i)")
            for r in 0..<2 {
                let taken = EngineRun(scenario, replication: r, detail: .full).closed
                whole += taken.whole
                halves += taken.halves
                renderedNext += taken.renderedNext
            }
        }
        // Both kinds were taken, often: the comparison above is of the closed form.
        #expect(whole > 1_000, "\(whole) cycles of entries whole periods apart")
        #expect(halves > 300, "\(halves) cycles of entries half a period apart")
        // And the entry after the moves, rendered by the cycles (`renderedNext`), often.
        #expect(renderedNext > 1_500, "\(renderedNext) cycles rendering the entry after their moves")
    }
}
