import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The old timeline's bulk renders counted at a delivery from a guess (`countBulkRendersAtDelivery`,
/// #26 engine-2 `grant`) against `countBulkRenders`' binary search, which it replaces there: the
/// same count, cursor and last render time, to the bit.
@Suite("Bulk renders at a delivery: the guess against the search")
struct DeliveryBulkRendersTests {
    typealias Simulation = WidgetSimulation<BuiltInProvider>

    /// A simulation whose renders are `date + renderDelay` (simple render times) or drawn.
    static func simulation(renderDelay: DelayDistribution) -> Simulation {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 2, spacing: 60)), system: SystemSettings(renderDelay: renderDelay))
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        let provider = scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon)
        return Simulation(
            provider: provider, inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
            budgetModel: scenario.budget.model)
    }

    /// A sorted timeline: up to three listed entries, then none, one or many evenly spaced ones
    /// (kept as three numbers when there are two or more and their spacing is positive).
    static func randomTimeline(_ g: inout SeededGenerator) -> ReplayTimeline {
        var timeline = ReplayTimeline()
        var date = [0, 1_000.5, -3_600, 1e9, 4_503_599_627_370_000][Int(g.next() % 5)]
        for _ in 0..<Int(g.next() % 4) {
            timeline.append(date: date)
            date += [0, 1, 59.5, 3_600][Int(g.next() % 4)]
        }
        let spacing = [60, 0.5, 1, 900, 1e-3, 0.1, 7_200.25, 3e7][Int(g.next() % 8)]
        timeline.appendEntries(from: date + 2 * g.unit(), spacing: spacing, count: [0, 1, 2, 3, 61, 200][Int(g.next() % 6)])
        return timeline
    }

    /// Sets `simulation` up as at a delivery with entries `cursor ..< end` still to count.
    static func prepare(_ simulation: inout Simulation, _ timeline: ReplayTimeline, cursor: Int, end: Int, lastRender: SimTime) {
        simulation.timeline = timeline
        simulation.bulkCursor = cursor
        simulation.bulkEnd = end
        simulation.lastRender = lastRender
        simulation.day.renders = 0
    }

    @Test("20,000 random deliveries: the same count and last render as the search", arguments: [0.0, 2, 0.3, 1e-7])
    func sameAsSearch(renderDelay: Double) {
        var g = SeededGenerator(seed: 26_910 &+ renderDelay.bitPattern)
        var guessed = Self.simulation(renderDelay: .constant(renderDelay))
        var searched = Self.simulation(renderDelay: .constant(renderDelay))
        #expect(guessed.paths.simpleRenderTimes)
        var (counted, middle) = (0, 0)
        for i in 0..<20_000 {
            let timeline = Self.randomTimeline(&g)
            guard timeline.count > 0 else { continue }
            let cursor = Int(g.next() % UInt64(timeline.count))
            let end = cursor + 1 + Int(g.next() % UInt64(timeline.count - cursor))
            // The delivery's time: at, just before or after an entry's render, between two, or odd.
            let k = cursor + Int(g.next() % UInt64(end - cursor))
            let at = timeline.date(ofEntry: k) + renderDelay
            let t: SimTime
            switch g.next() % 6 {
            case 0: t = at
            case 1: t = at.nextUp
            case 2: t = at.nextDown
            case 3: t = at + (g.unit() - 0.5) * 7_200
            case 4: t = [-.infinity, .infinity, .nan, 0, -0.0][Int(g.next() % 5)]
            default: t = k + 1 < timeline.count ? (at + timeline.date(ofEntry: k + 1) + renderDelay) / 2 : at
            }
            let lastRender = [-.infinity, timeline.date(ofEntry: cursor), at, t - 1][Int(g.next() % 4)]
            Self.prepare(&guessed, timeline, cursor: cursor, end: end, lastRender: lastRender)
            Self.prepare(&searched, timeline, cursor: cursor, end: end, lastRender: lastRender)
            guessed.countBulkRendersAtDelivery(through: t)
            searched.countBulkRenders(through: t)
            let label = "delivery \(i): \(timeline.entries.count) entries, \(cursor) ..< \(end), t \(t)"
            #expect(guessed.day.renders == searched.day.renders, "\(label)")
            #expect(guessed.bulkCursor == searched.bulkCursor, "\(label)")
            #expect(guessed.lastRender.bitPattern == searched.lastRender.bitPattern, "\(label)")
            counted += searched.day.renders > 0 ? 1 : 0
            middle += searched.bulkCursor > cursor && searched.bulkCursor < end ? 1 : 0
        }
        // Deliveries that count some entries and leave others, not only all or none.
        #expect(counted > 5_000 && middle > 2_000, "\(counted) \(middle)")
    }

    @Test("drawn render times: the search itself")
    func drawnRenderTimes() {
        var g = SeededGenerator(seed: 26_911)
        var guessed = Self.simulation(renderDelay: .uniform(0, 5))
        var searched = Self.simulation(renderDelay: .uniform(0, 5))
        #expect(!guessed.paths.simpleRenderTimes)
        for _ in 0..<2_000 {
            let timeline = Self.randomTimeline(&g)
            guard timeline.count > 0 else { continue }
            let cursor = Int(g.next() % UInt64(timeline.count))
            let t = timeline.date(ofEntry: cursor + Int(g.next() % UInt64(timeline.count - cursor))) + 5 * g.unit()
            Self.prepare(&guessed, timeline, cursor: cursor, end: timeline.count, lastRender: -.infinity)
            Self.prepare(&searched, timeline, cursor: cursor, end: timeline.count, lastRender: -.infinity)
            guessed.countBulkRendersAtDelivery(through: t)
            searched.countBulkRenders(through: t)
            #expect(guessed.day.renders == searched.day.renders && guessed.bulkCursor == searched.bulkCursor)
            #expect(guessed.lastRender.bitPattern == searched.lastRender.bitPattern)
        }
    }

    /// Timelines whose first entries are already due at the reload (a negative first offset):
    /// the first entry shown is found from the numbers for a built-in provider's timeline, and
    /// by the dates one by one for the same timeline built by `getTimeline` (`.custom`).
    @Test("120 random scenarios with entries due at the reload: the same run as with getTimeline")
    func entriesDueAtDelivery() {
        var g = SeededGenerator(seed: 26_913)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        var shownLater = 0
        for i in 0..<120 {
            let fixed = FixedProvider(
                entries: pick([1, 2, 3, 61]), spacing: pick([1, 60, 300]), firstOffset: pick([-3_600, -120, -60, -0.5, 0, 2]),
                align: pick([.none, .minute]), policy: pick([.atEnd, .after(600)]))
            let scenario = TestScenarios.single(
                pick([.fixed(fixed), .windows([WindowedPolicy(window: TimeWindow("07:00-23:00")!, provider: fixed)])]),
                seed: g.next(), system: SystemSettings(renderDelay: pick([.zero, .constant(2)]), minReloadInterval: 300),
                predictable: pick([.none, EventProcess(.every(period: 60, offset: 0))]),
                views: pick([.none, EventProcess(.poisson(perHour: 4))]))
            let fast = EvenTimelineTests.run(scenario, custom: false)
            let built = EvenTimelineTests.run(scenario, custom: true)
            let label = "scenario \(i): \(fixed)"
            #expect(Array(fast.days) == Array(built.days), "\(label)")
            #expect(fast.events == built.events, "\(label)")
            #expect(fast.ageSegments == built.ageSegments, "\(label)")
            // Deliveries whose first render is of an entry after the first.
            for (k, event) in built.events.enumerated() where event.kind == .deliver {
                let render = built.events[(k + 1)...].first { $0.kind == .render || $0.kind == .deliver }
                if case .entry(let n)? = render?.detail, render?.kind == .render, n > 1 { shownLater += 1 }
            }
        }
        #expect(shownLater > 500, "\(shownLater)")
    }
}
