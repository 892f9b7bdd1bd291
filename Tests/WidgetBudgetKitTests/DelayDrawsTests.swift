import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The reload delays listed in advance (``DelayDraws``,
/// ``WidgetInputs/drawnInAdvance(listingDelays:)``) against the distribution drawing from a
/// generator of the same stream, one delay at a time, as the engine drew them before the list.
@Suite("Reload delays listed in advance against drawn one by one")
struct DelayDrawsTests {
    static let distributions: [DelayDistribution] = [
        .zero, .constant(3.5), .uniform(0, 120), .uniform(2, 2), .uniform(-1e-300, 7e9), .exponential(mean: 40),
        .exponential(mean: 0),
    ]

    @Test("every delay, listed or drawn after the list, is the generator's, to the bit; copies read from where they were made")
    func sameDraws() {
        for (d, distribution) in Self.distributions.enumerated() {
            for count in [0, 1, 2, 7, 100] {
                let generator = SeededGenerator(seed: UInt64(31 &* d &+ count), stream: [9])
                let draws = DelayDraws(distribution, generator: generator).listing(count)
                #expect(draws.listedCount == count && draws.listedLeft == count)
                // Listing again keeps the list.
                if count > 0 { #expect(draws.listing(count + 5) == draws) }
                var expected = generator
                var listed = draws
                var copy = draws
                for i in 0..<(count + 60) {
                    let want = distribution.draw(&expected)
                    let got = listed.draw()
                    #expect(got.bitPattern == want.bitPattern, "\(distribution) listing \(count): delay \(i)")
                    if i == count / 2 {
                        // A copy made now reads on from here; the one made before from the first.
                        var later = listed
                        var again = expected
                        for _ in 0..<5 { #expect(later.draw().bitPattern == distribution.draw(&again).bitPattern) }
                    }
                }
                #expect(listed.listedLeft == 0)
                var fresh = generator
                for i in 0..<(count + 10) {
                    #expect(copy.draw().bitPattern == distribution.draw(&fresh).bitPattern, "copy, delay \(i)")
                }
                // Unlisted, the same as listed.
                var unlisted = DelayDraws(distribution, generator: generator)
                var reference = generator
                for _ in 0..<20 { #expect(unlisted.draw().bitPattern == distribution.draw(&reference).bitPattern) }
                #expect(unlisted.listedCount == 0)
            }
        }
    }

    @Test("how many the inputs list: the reloads the horizon holds at the interval, bounded")
    func listedCount() {
        #expect(WidgetInputs.delaysToList(horizon: 28 * 86_400, interval: 300) == 8_066)
        #expect(WidgetInputs.delaysToList(horizon: 86_400, interval: 0) == WidgetInputs.listedDelaysLimit)
        #expect(WidgetInputs.delaysToList(horizon: 86_400, interval: 7_200) == 14)
        #expect(WidgetInputs.delaysToList(horizon: 3_650 * 86_400, interval: 300) == WidgetInputs.listedDelaysLimit)
        #expect(WidgetInputs.delaysToList(horizon: .nan, interval: 300) == WidgetInputs.listedDelaysLimit)
        #expect(WidgetInputs.delaysToList(horizon: 86_400, interval: .infinity) == 2)
        #expect(WidgetInputs.delaysToList(horizon: -.infinity, interval: 300) == 0)
        let scenario = TestScenarios.single(.fixed(FixedProvider(entries: 4, spacing: 600)), days: 2)
        let inputs = WidgetInputs(scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: 0, replication: 0)
        #expect(inputs.reloadDelays.listedCount == 0)
        #expect(inputs.drawnInAdvance().reloadDelays.listedCount == 2 * 86_400 / 300 + 2)
        #expect(inputs.drawnInAdvance(listingDelays: 3).reloadDelays.listedCount == 3)
    }

    /// A run of `scenario` (replication `r`) from `inputs`, with `system` (the scenario's unless given).
    static func run(
        _ scenario: Scenario, inputs: WidgetInputs, system: SystemSettings? = nil, events: EventLevel, detail: RunDetail
    ) -> (WidgetRunResult, DelayDraws) {
        let calendar = SimulationCalendar(scenario: scenario)
        var simulation = WidgetSimulation(
            provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
            inputs: inputs, calendar: calendar, memory: scenario.memory, system: system ?? scenario.system,
            budgetModel: scenario.budget.model, family: scenario.widgets[0].family, events: events, detail: detail)
        let result = simulation.run()
        return (result, simulation.reloadDelays)
    }

    @Test("300 random scenarios: the same runs from delays listed (all, or a few then drawn) as drawn one by one")
    func sameRuns() {
        var g = SeededGenerator(seed: 15_015)
        var read = 0, pastList = 0, listedAll = 0
        for i in 0..<300 {
            let scenario = GrantsOnlyTests.randomScenario(&g)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system)"
            let calendar = SimulationCalendar(scenario: scenario)
            let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
            // Every other one lists a few delays only, so that runs draw past the list.
            let listing: Int? = i % 2 == 0 ? nil : Int(g.next() % 6)
            let listed = inputs.drawnInAdvance(listingDelays: listing)
            let level: EventLevel = i % 3 == 0 ? .reloads : .none
            for detail in [RunDetail.full, .optimization] {
                let (want, _) = Self.run(scenario, inputs: inputs, events: level, detail: detail)
                let (got, delays) = Self.run(scenario, inputs: listed, events: level, detail: detail)
                #expect(Array(got.days) == Array(want.days), "\(label)")
                #expect(got.ageShapes == want.ageShapes && got.ageSegments == want.ageSegments, "\(label)")
                #expect(got.chargeTimes == want.chargeTimes, "\(label)")
                #expect(got.events == want.events, "\(label)")
                // Where the run read from the list, and past it (a constant delay draws nothing: 388 runs
                // read from the list, 96 went past it, 294 stayed within the whole list).
                var atEnd = listed.reloadDelays
                for _ in 0..<atEnd.listedCount { _ = atEnd.draw() }
                if delays.listedLeft < delays.listedCount { read += 1 }
                if delays.listedLeft == 0 && delays != atEnd { pastList += 1 }
                if listing == nil && delays.listedLeft > 0 { listedAll += 1 }
            }
        }
        #expect(read > 300 && pastList > 60 && listedAll > 200, "read \(read), past the list \(pastList), within it \(listedAll)")
    }

    @Test("a run whose reload delay is not the inputs' draws its own, from the same stream")
    func otherDistribution() {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 3, spacing: 600)), days: 3, seed: 5,
            system: SystemSettings(reloadDelay: .uniform(0, 120)), predictable: EventProcess(.every(period: 60, offset: 0)),
            views: EventProcess(.poisson(perHour: 4)))
        let calendar = SimulationCalendar(scenario: scenario)
        let listed = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0).drawnInAdvance()
        var other = scenario
        other.system.reloadDelay = .exponential(mean: 30)
        let unlisted = WidgetInputs(scenario: other, calendar: calendar, widgetIndex: 0, replication: 0)
        let (got, delays) = Self.run(scenario, inputs: listed, system: other.system, events: .reloads, detail: .full)
        let (want, _) = Self.run(other, inputs: unlisted, events: .reloads, detail: .full)
        #expect(delays.listedCount == 0 && delays.distribution == other.system.reloadDelay)
        #expect(Array(got.days) == Array(want.days))
        #expect(got.events == want.events && got.ageSegments == want.ageSegments)
        // And the listed delays' own run differs (the test would pass vacuously otherwise).
        let (own, _) = Self.run(scenario, inputs: listed, events: .reloads, detail: .full)
        #expect(own.events != want.events)
    }
}
