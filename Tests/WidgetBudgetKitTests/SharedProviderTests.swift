import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The optimizer builds a candidate's provider once and hands a copy to each of its runs
/// (`OptimizationProblem.sharedProvider`, `BuiltInProvider.copiesRunApart`): the built-in
/// providers run the same from a shared build as from their own, and a provider of any other type,
/// which may keep its state in a reference, is still built for each run.
@Suite("One provider built for a candidate's runs")
struct SharedProviderTests {
    /// A provider that keeps its state in a reference (its copies share it): the first timeline of
    /// a run reloads after a minute, every later one after 40 minutes. Built anew by each
    /// `makeRunnable`.
    final class Counting: ReplayProvider, @unchecked Sendable {
        private var calls = 0
        func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
            timeline.append(date: context.now)
            timeline.policy = .after(context.now + (calls == 0 ? 60 : 2_400))
            calls += 1
        }
    }

    /// `type: counting`: ``Counting``, built for each run.
    struct CountingDescription: ProviderDescription {
        static let typeName = "counting"
        static let keys: [String] = []
        static let example = "{type: counting}"
        static func read<M: ScenarioMapping>(_ m: M) throws -> CountingDescription { CountingDescription() }
        var maxEntries: Int { 1 }
        var summary: String { "counting" }
        var firstEntryOffset: Double { 0 }
        func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .custom(Counting()) }
    }

    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// Two days before the spring's clock change (judged on its own, a problem of its own), with
    /// app reloads and views.
    static func problem(budget: Int) -> OptimizationProblem {
        let scenario = TestScenarios.single(
            .never, days: 2, replications: 3, seed: 26, start: Date(timeIntervalSince1970: 1_773_010_800), timeZone: paris,
            budget: .fixed(budget), system: SystemSettings(reloadDelay: .uniform(0, 120)),
            app: AppActivity(reloads: [.init(target: .all, trigger: .process(EventProcess(.poisson(perHour: 1))))]),
            predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 6)))
        return OptimizationProblem(
            scenario: scenario,
            settings: OptimizationSettings(
                space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]),
                constraints: OptimizationConstraints(budgets: budget...budget), replications: 3))
    }

    static let builtIn: [ProviderSpec] = [
        .fixed(FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd)),
        .fixed(FixedProvider(entries: 6, spacing: 300, policy: .after(1_800))),
        .untilFull(UntilFullProvider(level: 20, ratePerHour: 10, spacing: 600, onChange: .set(25))),
        .windows([
            WindowedPolicy(window: TimeWindow("07:00-23:00")!, provider: FixedProvider(entries: 12, spacing: 300, policy: .atEnd))
        ]),
        .schedule([
            WindowedPolicy(window: TimeWindow("06:00-12:00")!, provider: FixedProvider(entries: 4, spacing: 900)),
            WindowedPolicy(window: TimeWindow("12:00-06:00")!, provider: FixedProvider(entries: 2, spacing: 1_800)),
        ]),
        .never,
    ]

    @Test("a built-in provider runs the same from one shared build as from its own, run after run")
    func builtInShared() {
        let problem = Self.problem(budget: 40)
        for spec in Self.builtIn {
            let shared = problem.sharedProvider(spec)
            #expect(shared != nil, "\(spec)")
            // Each replication twice with the shared build, after the others: a state carried from
            // one run to the next would change the later ones.
            for _ in 0..<2 {
                for r in 0..<3 {
                    let own = problem.simulate(spec, replication: r, budget: 40, model: .rolling24h)
                    let fromShared = problem.simulate(spec, provider: shared, replication: r, budget: 40, model: .rolling24h)
                    #expect(Array(fromShared.days) == Array(own.days), "\(spec), replication \(r)")
                    #expect(fromShared.chargeTimes == own.chargeTimes && fromShared.ageShapes == own.ageShapes)
                }
            }
        }
    }

    @Test("a provider of another type is built for each run: its evaluation is that of runs built apart")
    func otherBuiltForEachRun() {
        let spec = CountingDescription().spec
        for budget in [10, 70] {
            let problem = Self.problem(budget: budget)
            #expect(problem.sharedProvider(spec) == nil)
            let e = problem.evaluate(provider: spec)
            let runs = (0..<3).map { problem.simulate(spec, replication: $0, budget: budget, model: .rolling24h) }
            #expect(e.summary == WidgetSummary(widget: problem.widget.name, runs: runs), "B \(budget)")
            // Runs built apart from one another differ from runs that share one build.
            let one = spec.makeProvider(clock: problem.calendar.clock, horizon: problem.calendar.horizon)
            let sharing = (0..<3).map { problem.simulate(spec, provider: one, replication: $0, budget: budget, model: .rolling24h) }
            #expect(sharing[1].chargeTimes != runs[1].chargeTimes, "B \(budget)")
            // The daylight-saving check too (its days' problems build their own).
            for day in problem.daylightSavingDays {
                guard let dayProblem = day.problem else { continue }
                #expect(dayProblem.sharedProvider(spec) == nil)
            }
        }
    }
}
