import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The render loop's turn instead of a stride where the cycles of repeated stretches
/// (`closedCycles`) begin one entry later or the stride would render no more than that turn (issue
/// #26 engine-2, round 13 `render`): `closedCycles` returns -1 and `renderRun` renders entry `k`
/// itself, asking the cycles again at the next. Against the event-by-event engine (`--events
/// all`, which takes neither), to the bit: entries half a period apart paired the other way (the
/// moving entry first), moves that do not fit before a bound, timelines ending within a cycle,
/// in the random scenarios of `ClosedCyclesTests` (timelines resumed after cuts) and on grids
/// with offsets. A count on the side (`WidgetSimulation.cyclesToLoop`) shows the path is taken.
@Suite("The loop's turn instead of a stride before the cycles, against the event-by-event engine")
struct CyclesToLoopTests {
    @Test("150 random scenarios of resumed timelines and half-period entries: the same days and stretches, to the bit, either way")
    func cyclesToLoopMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_770)
        var toLoop = 0, whole = 0, halves = 0
        for i in 0..<150 {
            let scenario = ClosedCyclesTests.randomScenario(&g)
            StaleStrideTests.expectSameEitherWay(scenario, "scenario \(i)")
            for r in 0..<2 {
                let run = EngineRun(scenario, replication: r, detail: .full)
                toLoop += run.cyclesToLoop
                whole += run.closed.whole
                halves += run.closed.halves
            }
        }
        // The loop's turn was taken often, and the cycles after it: the comparison above is of them.
        #expect(toLoop > 1_000, "\(toLoop) entries left to the loop's turn")
        #expect(whole > 1_000, "\(whole) cycles of entries whole periods apart")
        #expect(halves > 300, "\(halves) cycles of entries half a period apart")
    }

    /// Entries 30 s apart (half a period of a minute grid) from 2 s after each reload, with
    /// fractional reload delays, on a grid of whole seconds (the grids whose ticks the change
    /// cursor knows exact) with and without an offset: after a timeline's first
    /// entry the pairs are as often the other way round (the moving entry first, the one after it
    /// sharing its stale start) as the cycles take them; the loop renders the moving entry and the
    /// cycles go on from the entry after it. Views, and an hourly policy, for two days.
    @Test(
        "entries half a period apart, the moving entry first: it in the loop's turn, the cycles from the next",
        arguments: [0.0, 13.0, 30.0, 47.0])
    func halfPeriodMovingFirst(gridOffset: Double) {
        let provider = FixedProvider(entries: 120, spacing: 30, firstOffset: 2, align: .none, policy: .after(3_600))
        let scenario = TestScenarios.single(
            .fixed(provider), days: 2, replications: 2, seed: 2_761, start: TestScenarios.mondayUTC,
            timeZone: TestScenarios.utc, budget: .fixed(70),
            system: SystemSettings(reloadDelay: .uniform(0, 120), renderDelay: .zero, minReloadInterval: 300),
            predictable: EventProcess(.every(period: 60, offset: gridOffset)),
            views: EventProcess(.poisson(perHour: 6)))
        StaleStrideTests.expectSameEitherWay(scenario, "grid offset \(gridOffset)")
        let run = EngineRun(scenario, detail: .full)
        #expect(run.cyclesToLoop > 10, "\(run.cyclesToLoop) entries left to the loop's turn")
        #expect(run.closed.halves > 10, "\(run.closed) cycles")
    }

    /// Entries 15 minutes apart for 30 hours from 2 s after each reload, reloaded every hour with
    /// fractional reload delays, over three days from a Monday 00:00 UTC: most timelines' last
    /// entries are in a larger binade than the hour they render in (2^16, 2^17 and 2^18 s are
    /// 18.2, 36.4 and 72.8 hours), whose unit a fractional first date is no whole multiple of.
    /// The closed forms ask the exactness through the dates and ticks they use (round 13), not
    /// the timeline's last date: most timelines take them, with the event path's sums and
    /// stretches.
    @Test("timelines whose last entries cross a binade after this run's renders: closed, the same days and stretches")
    func longTimelinesExactWhereRendered() {
        let provider = FixedProvider(entries: 120, spacing: 900, firstOffset: 2, align: .none, policy: .after(3_600))
        let scenario = TestScenarios.single(
            .fixed(provider), days: 3, replications: 2, seed: 2_762, start: TestScenarios.mondayUTC,
            timeZone: TestScenarios.utc, budget: .fixed(70),
            system: SystemSettings(reloadDelay: .uniform(0, 120), renderDelay: .zero, minReloadInterval: 300),
            predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 6)))
        StaleStrideTests.expectSameEitherWay(scenario, "15-minute entries for 30 hours")
        var timelines = 0
        for r in 0..<2 { timelines += EngineRun(scenario, replication: r, detail: .full).closed.timelines }
        #expect(timelines > 100, "\(timelines) timelines in closed form")
    }
}
