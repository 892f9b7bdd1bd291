import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// Timelines with two entries closer than the render spacing whose evenly spaced entries are
/// not (`EnginePaths.loopStart(of:minSpacing:)`): the render loop renders them from the first evenly
/// spaced entry on, with its strides and closed forms but no fresh-run search (#26 engine-2,
/// `render`), against the event-by-event engine (`--events all`, which renders every entry one
/// at a time), to the bit. The close pair is a timeline's first entry, a few seconds after the
/// reload, and its second, on the next aligned instant: render spacings of 2 s (the default) to
/// 59.5 s make it common. Entries whole periods apart, half a period, closer than the render
/// spacing (which stay on `renderEntry`: no loop start), reload delays, app reloads, budgets that
/// run out, day ends, unpredictable changes, views and a daylight-saving day. A count on the
/// side (`WidgetSimulation.loopStartTimelines`) shows it is taken.
@Suite("Timelines with close first entries in the render loop against the event-by-event engine")
struct CloseEntriesLoopTests {
    /// A grid scenario whose render spacing is drawn too.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        let every = { (period: Double) in GridScenarios.appReloads(EventProcess(.every(period: period, offset: 0))) }
        var scenario = GridScenarios(
            grid: .periods([60, 60, 60, 20, 30], spacingFactors: [0.5, 1, 1, 2, 3, 15]), entries: [2, 3, 12, 61, 120],
            firstOffsets: [0.5, 2, 2, 5, 30.5], aligns: [.minute, .minute, .minute, .quarterHour, .none],
            policies: [.atEnd, .after(900), .after(3_600), .never],
            reloadDelays: [.zero, .uniform(0, 120), .uniform(0, 120), .constant(30)],
            appReloads: [[], [], every(600), every(1_800)], starts: [GridScenarios.utc, GridScenarios.parisSpring],
            days: [1, 2, 3], dailyBudgets: [4, 6, 70], gridOffsets: [0, 0, 0, 13],
            unpredictable: [.none, .none, EventProcess(.poisson(perHour: 0.5)), EventProcess(.poisson(perHour: 20))],
            views: [.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]
        ).draw(&g)
        let spacings: [Double] = [2, 20, 40, 40, 59.5]
        scenario.system.minRenderSpacing = spacings[Int(g.next() % UInt64(spacings.count))]
        return scenario
    }

    @Test("400 random scenarios with close first entries: the same days and stretches, to the bit, either way")
    func closeEntriesMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_708)
        var taken = 0
        for i in 0..<400 {
            let scenario = Self.randomScenario(&g)
            StaleStrideTests.expectSameEitherWay(scenario, "scenario \(i)")
            for r in 0..<2 { taken += Self.loopStartTimelines(scenario, replication: r) }
        }
        // Taken often: the comparison above is of the loop's renders after close entries.
        #expect(taken > 2_000, "\(taken) timelines rendered by the loop from their loop start")
    }

    /// How many timelines of replication `replication` of `scenario` the loop took from their
    /// loop start (`WidgetSimulation.loopStartTimelines`).
    static func loopStartTimelines(_ scenario: Scenario, replication: Int) -> Int {
        let calendar = SimulationCalendar(scenario: scenario)
        var simulation = WidgetSimulation(
            provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
            inputs: WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: replication),
            calendar: calendar, memory: scenario.memory, system: scenario.system, budgetModel: scenario.budget.model,
            family: scenario.widgets[0].family, detail: .full)
        _ = simulation.run()
        return simulation.loopStartTimelines
    }

    /// `EnginePaths.loopStart(of:minSpacing:)` against its definition, over the dates as the
    /// timeline computes them: the first evenly spaced entry when every gap from it on is at least
    /// the spacing, else `Int.max`, and never an entry after which two entries are closer.
    @Test("the loop start: the first evenly spaced entry when none of them is closer than the spacing")
    func loopStartIsItsDefinition() {
        var g = SeededGenerator(seed: 2_709)
        func draw(_ options: [Double]) -> Double { options[Int(g.next() % UInt64(options.count))] }
        var finite = 0, never = 0
        for _ in 0..<20_000 {
            var timeline = ReplayTimeline()
            let listed = Int(g.next() % 3)
            let base = draw([0, 1_000.25, 361_376.023_793_191_77, 2.0e9 + 0.1, 0x1p52 - 7])
            let minSpacing = draw([2, 2, 20, 40, 0.5])
            var date = base
            for _ in 0..<listed {
                timeline.append(date: date)
                date += draw([0.5, 1.98, 2, 30, 60])
            }
            // Spacings at the render spacing, within rounding of it, and clear of it either way.
            let spacing = draw([minSpacing, minSpacing.nextUp, minSpacing.nextDown, minSpacing * (1 + 1e-15), 30, 1, 60])
            let count = Int(g.next() % 6)
            timeline.appendEntries(from: date, spacing: spacing, count: count)
            let start = EnginePaths.loopStart(of: timeline, minSpacing: minSpacing)
            let n = timeline.count
            let gaps = n < 2 ? [] : (1..<n).map { timeline.date(ofEntry: $0) - timeline.date(ofEntry: $0 - 1) }
            if start == .max {
                never += 1
                // No evenly spaced entries, or two of them closer than the spacing.
                if let dates = timeline.evenDates(from: max(n - 1, 0)), n > 0 {
                    #expect(gaps[dates.offset...].contains { $0 < minSpacing }, "\(timeline.entries) \(minSpacing)")
                }
            } else {
                finite += 1
                #expect(timeline.evenDates(from: start)?.offset == start, "\(timeline.entries)")
                #expect(start == 0 || timeline.evenDates(from: start - 1) == nil, "\(timeline.entries)")
                #expect(!gaps[start...].contains { $0 < minSpacing }, "\(timeline.entries) \(minSpacing)")
            }
        }
        #expect(finite > 1_000 && never > 1_000, "\(finite) finite, \(never) never")
    }
}
