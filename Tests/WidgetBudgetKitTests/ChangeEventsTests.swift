import Foundation
import Synchronization
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The content changes in a run's event log (`EventRecorder`, which keeps the inputs' changes only
/// at `--events all`): at `all`, in memory and through a sink, every change the inputs drew is
/// logged once, each before the run's events at its time; at `reloads` none is. The expected
/// changes are the drawn inputs' own lists (`WidgetInputs`), not what the recorder kept.
@Suite("Content changes in the event log")
struct ChangeEventsTests {
    /// Collects the events sent to it.
    final class Collector: EventSink, @unchecked Sendable {
        var events: [EngineEvent] = []
        var finished = 0
        func receive(_ event: EngineEvent) { events.append(event) }
        func finish() { finished += 1 }
    }

    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let provider = FixedProvider(
            entries: pick([1, 4, 30]), spacing: pick([60, 300]), policy: pick([.atEnd, .after(900)]))
        return TestScenarios.single(
            .fixed(provider), days: pick([1, 2]), seed: g.next(),
            predictable: pick([.none, EventProcess(.every(period: 600, offset: 0)), EventProcess(.poisson(perHour: 3))]),
            unpredictable: pick([.none, EventProcess(.poisson(perHour: 1))]),
            views: EventProcess(.poisson(perHour: 4)))
    }

    /// The changes of `events` (time and detail), and whether each comes before every other event
    /// at its time.
    static func changes(_ events: [EngineEvent]) -> (times: [SimTime], details: [EngineEvent.Detail], first: Bool) {
        var times: [SimTime] = [], details: [EngineEvent.Detail] = [], first = true
        for (i, e) in events.enumerated() where e.kind == .change {
            times.append(e.time)
            details.append(e.detail)
            if i > 0 && events[i - 1].kind != .change && events[i - 1].time == e.time { first = false }
        }
        return (times, details, first)
    }

    @Test("40 random scenarios: at `all` every drawn change once, in memory and through a sink; none at `reloads`")
    func changesAreTheInputs() {
        var g = SeededGenerator(seed: 2_609)
        for i in 0..<40 {
            let scenario = Self.randomScenario(&g)
            let inputs = WidgetInputs(scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: 0, replication: 0)
            // Expected: every drawn change, by time (predictable first at equal times).
            var drawn: [(time: SimTime, predictable: Bool)] = []
            for t in inputs.predictable.eventTimes.times { drawn.append((t, true)) }
            for t in inputs.unpredictable.times { drawn.append((t, false)) }
            drawn.sort { a, b in a.time < b.time || (a.time == b.time && a.predictable && !b.predictable) }
            let expectedTimes: [SimTime] = drawn.map { $0.time }
            let expectedDetails: [EngineEvent.Detail] = drawn.map { $0.predictable ? .predictable : .unpredictable }

            let inMemory = Self.changes(Simulator.run(scenario, events: .all).runs[0][0].events)
            #expect(inMemory.times == expectedTimes, "scenario \(i)")
            #expect(inMemory.details == expectedDetails, "scenario \(i)")
            #expect(inMemory.first, "scenario \(i)")

            let collector = Mutex<Collector?>(nil)
            let streamed = Simulator.run(scenario, events: .all) { _, _ in
                let sink = Collector()
                collector.withLock { $0 = sink }
                return sink
            }
            #expect(streamed.runs[0][0].events.isEmpty, "scenario \(i)")
            let sink = collector.withLock { $0 }
            let sent = Self.changes(sink?.events ?? [])
            #expect(sent.times == expectedTimes, "scenario \(i)")
            #expect(sent.details == expectedDetails, "scenario \(i)")
            #expect(sent.first && sink?.finished == 1, "scenario \(i)")

            #expect(Self.changes(Simulator.run(scenario, events: .reloads).runs[0][0].events).times.isEmpty, "scenario \(i)")
        }
    }
}
