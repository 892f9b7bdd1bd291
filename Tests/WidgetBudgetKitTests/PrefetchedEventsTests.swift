import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Views drawn ahead on another thread (`EventStream.prefetching`, `PrefetchedEvents`) against the
/// same stream drawn in place: the same values in the same order, at every block boundary, and a
/// reader dropped early does not leave the drawing thread hanging. Run under ThreadSanitizer by
/// Scripts/tsan.sh.
@Suite("Events drawn ahead on another thread against the same stream drawn in place")
struct PrefetchedEventsTests {
    static let clock = LocalClock.utc()
    /// Where blocks end (`PrefetchedEvents`: the first holds 128 events, each next one twice as
    /// many up to 2,048, in a ring of 8).
    static let blockEnds = [128, 384, 896, 1_920, 3_968, 6_016, 8_064, 10_112, 12_160, 14_208, 16_256, 18_304, 20_352]

    static func drawn(_ stream: EventStream) -> [SimTime] { Array(IteratorSequence(stream)) }

    @Test("120 random processes: the same times, to the bit")
    func sameTimes() {
        var g = SeededGenerator(seed: 77)
        for i in 0..<120 {
            func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
            let rate = pick([0.5, 6, 60, 600])
            let poisson = EventProcess(.poisson(perHour: rate), during: pick([[], [TimeWindow("07:00-23:00")!]]))
            let process = pick([
                poisson, EventProcess(.merged([poisson, EventProcess(.poisson(perHour: 2), during: [TimeWindow("09:00-17:00")!])])),
                EventProcess(.every(period: 300, offset: 0)),
            ])
            let horizon = pick([0, 3_600, 86_400, 7 * 86_400]) * pick([1.0, 3.7])
            let stream = EventStream(process, horizon: horizon, clock: Self.clock, generator: SeededGenerator(seed: g.next()))
            #expect(Self.drawn(stream.prefetching()) == Self.drawn(stream), "process \(i): \(process), horizon \(horizon)")
        }
    }

    @Test("Lists ending on a block boundary, one short of it, one past it, and empty")
    func blockBoundaries() {
        for n in [0, 1] + Self.blockEnds.flatMap({ [$0 - 1, $0, $0 + 1] }) + [50_000] {
            let times = (0..<n).map { Double($0) * 1.5 }
            let stream = EventStream(list: EventTimes(times))
            #expect(Self.drawn(stream.prefetching()) == times, "\(n) events")
        }
    }

    @Test("A reader dropped after a few events stops the drawing thread (no hang, no race)")
    func droppedEarly() {
        let dense = EventProcess(.poisson(perHour: 3_600))
        for k in [0, 1, 10, 128, 1_920, 20_352, 20_359] {
            var prefetched = EventStream(dense, horizon: 400 * 86_400, clock: Self.clock, generator: SeededGenerator(seed: 5))
                .prefetching()
            var read: [SimTime] = []
            for _ in 0..<k { read.append(prefetched.next()!) }
            var plain = EventStream(dense, horizon: 400 * 86_400, clock: Self.clock, generator: SeededGenerator(seed: 5))
            #expect(read == (0..<k).map { _ in plain.next()! })
        }
    }

    @Test("20 random 30-day scenarios: a run with its views drawn ahead gives the same result")
    func sameRuns() {
        var g = SeededGenerator(seed: 31)
        for i in 0..<20 {
            var scenario = ViewCountingTests.randomScenario(&g)
            scenario.days = 30
            scenario.widgets[0].views = EventProcess(.poisson(perHour: [1.0, 6, 30][i % 3]), during: [TimeWindow("07:00-23:00")!])
            let calendar = SimulationCalendar(scenario: scenario)
            func run(prefetch: Bool) -> WidgetRunResult {
                let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
                var simulation = WidgetSimulation(
                    provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
                    inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
                    budgetModel: scenario.budget.model, events: .reloads, prefetchViews: prefetch)
                return simulation.run()
            }
            #expect(run(prefetch: true) == run(prefetch: false), "scenario \(i)")
        }
    }
}
