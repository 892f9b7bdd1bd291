import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A delivered timeline's first renders in one step (`EnginePaths.closedTimelines`, issue #26
/// `closedform`) against the event-by-event engine (`--events all`, which never takes it), to the
/// bit, on random scenarios built to reach it and to cut it every way: timelines of the optimizer
/// sweep's kind (a fixed provider, a first entry seconds after the reload, then entries whole or
/// half periods of an `every` grid apart, aligned or not), reload delays whole and fractional,
/// budgets that run out (reloads that wait), app reloads, views, day ends, unpredictable changes
/// (`fetchStale`) and a daylight-saving day.
@Suite("A delivered timeline's renders in one step against the event-by-event engine")
struct ClosedTimelineTests {
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        GridScenarios(
            grid: .periods([20, 60, 60, 60, 70], spacingFactors: [0.5, 1, 1, 2, 5]), entries: [2, 3, 6, 12, 30, 61, 120],
            firstOffsets: [0, 0.37, 2, 2, 30.5], aligns: [.none, .none, .none, .minute],
            policies: [.atEnd, .atEnd, .after(900), .after(3_600), .never],
            reloadDelays: [.zero, .uniform(0, 120), .uniform(0, 120), .constant(30)],
            appReloads: [
                [], [], GridScenarios.appReloads(EventProcess(.poisson(perHour: 1))),
                GridScenarios.appReloads(EventProcess(.every(period: 900, offset: 0))),
            ],
            starts: [GridScenarios.utc, GridScenarios.utc, GridScenarios.parisSpring], days: [1, 2, 3],
            unpredictable: [.none, .none, EventProcess(.poisson(perHour: 0.5)), EventProcess(.poisson(perHour: 4))],
            views: [.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]
        ).draw(&g)
    }

    @Test("150 random scenarios of timelines on a grid: the same days and stretches, to the bit, either way")
    func closedTimelinesMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_645)
        for i in 0..<150 {
            StaleStrideTests.expectSameEitherWay(Self.randomScenario(&g), "scenario \(i)")
        }
    }

    @Test("exactness with the grid's exponent asked once: the answer of StaleStride.exact, on random and adversarial times")
    func exactWithGridExponent() {
        var g = SeededGenerator(seed: 2_646)
        var agreed = 0
        for _ in 0..<20_000 {
            // Entries whole periods apart: the date spacing is the step.
            let a = ExactnessArguments.draw(&g)
            let (first, tick, step, period, through) = (a.first, a.tick, a.step, a.period, a.through)
            let reference = StaleStride.exact(first: first, dateSpacing: step, tick: tick, step: step, period: period, through: through)
            let split = StaleStride.gridExponent(step: step, period: period).map {
                StaleStride.exact(first: first, tick: tick, gridExponent: $0, through: through)
            }
            #expect((split ?? false) == reference, "\(first) \(tick) \(step) \(period) \(through)")
            if reference { agreed += 1 }
        }
        // Both answers occur: the comparison is not of two constant falses.
        #expect(agreed > 1_000 && agreed < 19_000, "\(agreed)")
    }
}
