import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The same scenario and seed give identical results, and the event level never changes the metrics
/// (without predictable content the engine counts renders in bulk instead of visiting them).
@Suite("Determinism")
struct DeterminismTests {
    /// Everything random at once: Poisson content, views and app reloads, a foreground process,
    /// random delays, a budget range, three widgets, several replications.
    static func busyScenario(seed: UInt64 = 2_026) -> Scenario {
        Scenario(
            name: "busy", days: 3, replications: 4, seed: seed,
            budget: BudgetSettings(dailyMin: 40, dailyMax: 70),
            system: SystemSettings(
                reloadDelay: .uniform(60, 120), renderDelay: .exponential(mean: 5),
                appReloadDelay: .uniform(2, 30), lowPower: [TimeWindow("01:00-05:00")!]),
            widgets: [
                WidgetSpec(
                    kind: "news", provider: .fixed(FixedProvider(entries: 6, spacing: 300, policy: .atEnd)),
                    unpredictable: EventProcess(.poisson(perHour: 3)),
                    views: EventProcess(.poisson(perHour: 4), during: [TimeWindow("07:00-23:00")!])),
                WidgetSpec(
                    kind: "clock", provider: .fixed(FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute)),
                    predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 2))),
                WidgetSpec(
                    kind: "health", provider: .untilFull(UntilFullProvider(level: 25, ratePerHour: 25, spacing: 3_600, onChange: .set(10))),
                    unpredictable: EventProcess(.poisson(perHour: 0.5))),
            ],
            app: AppActivity(
                reloads: [
                    .init(target: .kind("news"), trigger: .onChange),
                    .init(target: .all, trigger: .process(EventProcess(.poisson(perHour: 0.3)))),
                ],
                foreground: EventProcess(.poisson(perHour: 0.5)), foregroundDuration: .exponential(mean: 180),
                intents: [.init(kind: "health", process: EventProcess(.poisson(perHour: 0.2)))]))
    }

    static func sameRuns(_ a: SimulationResult, _ b: SimulationResult) -> Bool {
        a.runs.count == b.runs.count
            && zip(a.runs, b.runs).allSatisfy { ra, rb in
                ra.count == rb.count
                    && zip(ra, rb).allSatisfy { $0.days == $1.days && $0.ageSegments == $1.ageSegments && $0.events == $1.events }
            }
    }

    @Test("two runs of the same scenario and seed are identical, events included")
    func repeatable() {
        let first = Simulator.run(Self.busyScenario(), events: .all)
        let second = Simulator.run(Self.busyScenario(), events: .all)
        #expect(Self.sameRuns(first, second))
        #expect(first.summaries == second.summaries)
        #expect(first.events == second.events)
        #expect(!first.events.isEmpty)
        // And a different seed gives a different run.
        let other = Simulator.run(Self.busyScenario(seed: 2_027), events: .all)
        #expect(!Self.sameRuns(first, other))
    }

    @Test("the event level never changes the metrics", arguments: [EventLevel.reloads, .all])
    func eventLevelIndependence(level: EventLevel) {
        let quiet = Simulator.run(Self.busyScenario(), events: .none)
        let loud = Simulator.run(Self.busyScenario(), events: level)
        for (r, (a, b)) in zip(quiet.runs, loud.runs).enumerated() {
            for (w, (x, y)) in zip(a, b).enumerated() {
                #expect(x.days == y.days, "replication \(r), widget \(w)")
                #expect(x.ageSegments == y.ageSegments, "replication \(r), widget \(w)")
            }
        }
        #expect(quiet.summaries == loud.summaries)
        #expect(quiet.events.isEmpty)
    }

    /// 12 entries 5 min apart, `.atEnd`: a reload every 55 min (0, 55, …, 1,430 min on day 0: 27).
    /// Each timeline renders its 12 entries (the last at the instant of the next reload, before it).
    /// Day 0: 26 whole timelines (312) + the one at 1,430 min, whose entries at 1,430 and 1,435 fall
    /// on day 0 (2): 314. Day 1: the 10 left (1,440 … 1,485), 25 whole timelines from 1,485 to
    /// 2,860 min (300), and 2,860 … 2,875 (4): 314.
    @Test("renders counted in bulk match a by-hand count and the one-by-one count", arguments: EventLevel.allCases)
    func bulkRenderCount(level: EventLevel) {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 12, spacing: 300, policy: .atEnd))
        let result = Simulator.run(TestScenarios.single(provider, days: 2), events: level)
        #expect(result.run().days.map(\.renders) == [314, 314])
        #expect(result.run().days.map(\.reloads) == [27, 26])
        if level == .all {
            #expect(result.run().events(.render).count == 628)
        }
    }

    /// Random render delays: renders are then drawn per (timeline, entry), so counting them in bulk
    /// must give the same counts as visiting them.
    @Test("bulk and one-by-one counts agree with random render and reload delays")
    func bulkWithRandomDelays() {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 30, spacing: 120, policy: .atEnd))
        let scenario = TestScenarios.single(
            provider, days: 3, replications: 3,
            system: SystemSettings(reloadDelay: .exponential(mean: 90), renderDelay: .uniform(0, 200)),
            unpredictable: EventProcess(.poisson(perHour: 1)))
        let quiet = Simulator.run(scenario, events: .none)
        let loud = Simulator.run(scenario, events: .all)
        for r in 0..<3 {
            #expect(quiet.run(replication: r).days == loud.run(replication: r).days)
            #expect(
                quiet.run(replication: r).days[0].renders
                    == loud.run(replication: r).events.filter { $0.kind == .render && $0.time < 86_400 }.count)
        }
    }

    @Test("seeded generator: same seed and stream, same sequence")
    func generator() {
        var a = SeededGenerator(seed: 9, stream: [1, 2, 3])
        var b = SeededGenerator(seed: 9, stream: [1, 2, 3])
        var c = SeededGenerator(seed: 9, stream: [1, 2, 4])
        let xs = (0..<5).map { _ in a.next() }
        #expect(xs == (0..<5).map { _ in b.next() })
        #expect(xs != (0..<5).map { _ in c.next() })
        for _ in 0..<1_000 {
            let u = a.unit()
            #expect(u >= 0 && u < 1)
        }
        #expect(SeededGenerator.hashUnit(seed: 1, 2, 3) == SeededGenerator.hashUnit(seed: 1, 2, 3))
    }
}
