import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The current timeline's paths (`WidgetSimulation.timelinePaths`), copied at a delivery only when
/// its close entries differ from the last delivered timeline's: timelines with and without
/// entries closer than the render spacing (40 s) delivered in turn, in runs of each, the same days
/// and stretches to the bit as the event-by-event engine (`--events all`, which renders every
/// entry one at a time), and the paths at a run's end those of its last timeline, on seeded
/// random patterns.
@Suite("Timeline paths across deliveries")
struct TimelinePathsTests {
    /// At its `i`-th call: entries from 2 s after the reload, a minute apart, the second 10 s after
    /// the first when `close[i % close.count]` (closer than the render spacing); `.after(15 min)`.
    struct Alternating: ReplayProvider {
        let close: [Bool]
        let entries: Int
        var calls = 0
        mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
            let first = context.now + 2
            timeline.entries.append(ReplayEntry(date: first))
            let second = close[calls % close.count] ? first + 10 : first + 60
            for i in 0..<(entries - 1) { timeline.entries.append(ReplayEntry(date: second + Double(i) * 60)) }
            timeline.policy = .after(context.now + 900)
            calls += 1
        }
    }

    @Test("close and spaced timelines in turn: the same days and stretches either way", arguments: [1, 2, 3, 4, 5, 6])
    func closeAndSpacedInTurn(seed: UInt64) {
        var g = SeededGenerator(seed: 2_712 &+ seed)
        var close: [Bool] = []
        while close.count < 40 { close += Array(repeating: g.next() % 2 == 0, count: 1 + Int(g.next() % 4)) }
        let entries = [2, 3, 12, 30][Int(g.next() % 4)]
        var scenario = TestScenarios.single(
            .never, days: 2, budget: .fixed(1_000), predictable: EventProcess(.every(period: 60, offset: 0)),
            unpredictable: seed % 2 == 0 ? EventProcess(.poisson(perHour: 2)) : .none,
            views: EventProcess(.poisson(perHour: 6)))
        scenario.system.minRenderSpacing = 40
        let provider = Alternating(close: close, entries: entries)
        let fast = TestScenarios.run(provider, in: scenario, events: .none)
        let exact = TestScenarios.run(provider, in: scenario, events: .all)
        #expect(fast.days.map(\.renders) == exact.days.map(\.renders), "seed \(seed)")
        #expect(fast.days == exact.days, "seed \(seed)")
        #expect(fast.ageSegments == exact.ageSegments, "seed \(seed)")
        #expect(exact.events(.deliver).count > 100)

        Self.expectLastPaths(provider, scenario, "seed \(seed)")
    }

    /// At the end of runs of 1 to 5 days of `scenario`, the paths of the last timeline delivered
    /// (every call is: the budget and memory never say no), by `provider`'s pattern.
    static func expectLastPaths(_ provider: Alternating, _ scenario: Scenario, _ name: String) {
        var scenario = scenario
        let close = provider.close
        for days in 1...5 {
            scenario.days = days
            let calendar = SimulationCalendar(scenario: scenario)
            var simulation = WidgetSimulation(
                provider: provider, inputs: WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0),
                calendar: calendar, memory: scenario.memory, system: scenario.system, budgetModel: scenario.budget.model,
                family: scenario.widgets[0].family, detail: .full)
            _ = simulation.run()
            let last = close[(simulation.provider.calls - 1) % close.count]
            let expected = simulation.paths.timeline(closeEntries: last)
            let got = simulation.timelinePaths
            #expect(
                [got.bulkRenders, got.freshRuns, got.spacedStrides]
                    == [expected.bulkRenders, expected.freshRuns, expected.spacedStrides], "\(name), \(days) days")
        }
    }

    /// Every timeline close, or none: the paths copied at the first delivery (from those before
    /// any timeline) and kept, with and without predictable content.
    @Test("one kind of timeline throughout: the paths of that kind", arguments: [false, true])
    func oneKindThroughout(close: Bool) {
        for predictable in [EventProcess.none, EventProcess(.every(period: 60, offset: 0))] {
            var scenario = TestScenarios.single(.never, days: 2, budget: .fixed(1_000), predictable: predictable)
            scenario.system.minRenderSpacing = 40
            Self.expectLastPaths(Alternating(close: [close], entries: 12), scenario, "close \(close)")
        }
    }
}
