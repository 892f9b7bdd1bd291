import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// Entries closer than the render spacing rendered in strides over every `m`th entry
/// (`EnginePaths.spacedStrides`, `spacedRun`): against the event-by-event engine (`--events all`,
/// which renders each one through `spaceNextRender`), to the bit, on random scenarios of entries
/// a fraction of a second to a second apart, and one day computed by hand.
@Suite("Entries closer than the render spacing, in strides, against the event-by-event engine")
struct SpacedRendersTests {
    /// Entries 0.25 to 1 s apart (whole fractions of the render spacing, and 0.75 s, which is not)
    /// against `every` grids of 0.5 s to a minute, render spacings of 1 to 3 s, aligned or not,
    /// after reload delays whole or not; with budgets that run out, app reloads, views,
    /// unpredictable changes and a daylight-saving day.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        var scenario = GridScenarios(
            grid: .pairs([(1, 1), (1, 1), (1, 0.5), (0.5, 0.5), (2, 1), (60, 1), (60, 0.5), (1, 0.75), (1, 0.25), (3, 1)]),
            entries: [30, 151, 300], firstOffsets: [0, 0, 2, 0.5, 0.37], aligns: [.none, .none, .minute],
            policies: [.atEnd, .atEnd, .after(900), .never], reloadDelays: [.zero, .uniform(0, 120), .constant(30)],
            appReloads: [[], [], GridScenarios.appReloads(EventProcess(.poisson(perHour: 6)))],
            starts: [GridScenarios.utc, GridScenarios.utc, GridScenarios.parisSpring], days: [1, 2],
            gridOffsets: [0, 0, 0.25, 0.5],
            unpredictable: [.none, .none, EventProcess(.poisson(perHour: 0.5)), EventProcess(.poisson(perHour: 4))],
            views: [.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 600))]
        ).draw(&g)
        scenario.system.minRenderSpacing = [2, 2, 3, 1][Int(g.next() % 4)]
        return scenario
    }

    @Test("150 random scenarios of entries closer than the render spacing: the same days and stretches, to the bit, either way")
    func spacedRendersMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_670)
        var runs = 0, renders = 0
        for i in 0..<150 {
            let scenario = Self.randomScenario(&g)
            StaleStrideTests.expectSameEitherWay(scenario, "scenario \(i)")
            for r in 0..<2 {
                let taken = EngineRun(scenario, replication: r, detail: .full).spaced
                runs += taken.runs
                renders += taken.renders
            }
        }
        // The path was taken, often: the comparison above is of its strides.
        #expect(runs > 1_000 && renders > 20_000, "\(runs) runs of \(renders) renders")
    }

    /// One reload at 0 (no delay, `.never`), 300 entries a second apart from 0, the content
    /// changing every whole second, renders at least 2 s apart: entries 0, 2, …, 298 render at
    /// their dates (each the latest due 2 s after the render before), each fresh for 1 s and then
    /// stale from age 0 to 1 until the next; entry 299, overtaken by nothing, renders at 300 (2 s
    /// after entry 298) showing content that went stale at 300, stale from age 0 to the day's end
    /// (86,100 s). All values are whole or half numbers far below 2^53: every sum is exact in any
    /// order.
    @Test("entries a second apart, renders 2 s apart: one day by hand")
    func handComputedDay() {
        let provider = FixedProvider(entries: 300, spacing: 1, firstOffset: 0, align: .none, policy: .never)
        let scenario = TestScenarios.single(
            .fixed(provider), days: 1, replications: 1, seed: 3, start: TestScenarios.mondayUTC,
            timeZone: TestScenarios.utc, budget: .fixed(70),
            system: SystemSettings(reloadDelay: .zero, renderDelay: .zero, minReloadInterval: 300),
            predictable: EventProcess(.every(period: 1, offset: 0)))
        #expect(scenario.system.minRenderSpacing == 2)
        let tail = 86_400.0 - 300
        for events in [EventLevel.none, .all] {
            let day = Simulator.run(scenario, events: events).runs[0][0].days[0]
            #expect(day.renders == 151, "\(events)")
            #expect(day.freshSeconds == 150, "\(events)")
            #expect(day.ageIntegral == 150 * 0.5 + tail * tail / 2, "\(events)")
            #expect(day.maxAge == tail, "\(events)")
        }
    }
}
