import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The optimizer's shared unconstrained runs (`UnconstrainedRuns`): evaluations with the store
/// are those without it, whichever candidate of a group runs first, serial or in parallel.
@Suite("Optimization: unconstrained runs shared between entry counts")
struct SharedUnconstrainedRunsTests {
    /// A problem on a random scenario (`TimelineReachTests.randomScenario`) over a random space of
    /// entry counts, with budgets tight enough that many candidates wait.
    static func problem(_ g: inout SeededGenerator) -> OptimizationProblem {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let scenario = TimelineReachTests.randomScenario(&g)
        let space = SearchSpace(
            spacings: [pick([1, 30, 60]), pick([300, 900])], entries: [2, 3, 9, 20, 33, 61, 130],
            aligns: [.none, .minute], policies: [.after(900), pick([.after(1_800), .atEnd, .never])],
            windows: [[], [TimeWindow("07:00-23:00")!]], firstOffset: pick([0, 2, 45]))
        let objective = pick(OptimizationObjective.allCases)
        return OptimizationProblem(
            scenario: scenario,
            settings: OptimizationSettings(
                space: space, objective: objective, constraints: OptimizationConstraints(budgets: pick([12...30, 40...70])),
                replications: 2))
    }

    /// What an evaluation's readers read, the numbers as bits.
    static func bits(_ e: CandidateEvaluation) -> [UInt64] {
        [
            e.objective.bitPattern, e.unlimitedObjective.bitPattern, UInt64(e.neededBudget), UInt64(e.worstBudget),
            UInt64(e.violations.count),
        ] + e.replicationObjectives.map(\.bitPattern)
    }

    @Test("12 random problems: the same evaluations with the store and without, serial (in both orders) and parallel")
    func sameEvaluations() {
        var g = SeededGenerator(seed: 26_214)
        var (hits, binding) = (0, 0)
        for i in 0..<12 {
            var plain = Self.problem(&g)
            let candidates = plain.settings.space.candidates
            let shared = plain, reversed = OptimizationProblem(scenario: plain.scenario, settings: plain.settings)
            let parallel = OptimizationProblem(scenario: plain.scenario, settings: plain.settings)
            plain.sharedRuns = nil
            let expected = candidates.map { plain.evaluate($0) }
            let serial = candidates.map { shared.evaluate($0) }
            let backwards = Array(candidates.reversed().map { reversed.evaluate($0) }.reversed())
            let inParallel = ParallelMap.map(count: candidates.count) { parallel.evaluate(candidates[$0]) }
            for (k, e) in expected.enumerated() {
                let label = "problem \(i) \(plain.scenario.widgets[0].provider) \(plain.settings.objective): \(candidates[k])"
                for (name, other) in [("serial", serial[k]), ("backwards", backwards[k]), ("parallel", inParallel[k])] {
                    #expect(other == e, "\(name) \(label)")
                    #expect(Self.bits(other) == Self.bits(e), "\(name) \(label)")
                }
                if e.neededBudget > plain.settings.constraints.budgets.lowerBound { binding += 1 }
            }
            for store in [shared, reversed, parallel] { hits += store.sharedRuns?.counts.hits ?? 0 }
        }
        // Not vacuous: many candidates wait, and many of their runs are taken from the store.
        #expect(binding > 300 && hits > 300, "\(binding) binding, \(hits) hits")
    }

    @Test("the store keeps 8,192 runs, or 2^18 days of runs for long horizons")
    func capacityByDays() {
        // 2^18 = 262,144 days: 262,144 / 365 = 718.2, / 3,650 = 71.8, / 28 = 9,362 (over 8,192).
        #expect(UnconstrainedRuns.capacity(days: 28) == 8_192)
        #expect(UnconstrainedRuns.capacity(days: 32) == 8_192)
        #expect(UnconstrainedRuns.capacity(days: 33) == 7_943)
        #expect(UnconstrainedRuns.capacity(days: 365) == 718)
        #expect(UnconstrainedRuns.capacity(days: 3_650) == 71)
        #expect(UnconstrainedRuns.capacity(days: 0) == 8_192)
        #expect(UnconstrainedRuns.capacity(days: 1 << 20) == 1)
    }

    @Test("the store keeps at most its capacity, the oldest going first")
    func bounded() {
        let store = UnconstrainedRuns(memory: MemorySettings(), system: SystemSettings(), capacity: 3)
        let run = WidgetRunResult(days: DayList([]), ageSegments: AgeSegments(), events: [])
        for r in 0..<5 {
            let key = UnconstrainedRuns.key(.fixed(FixedProvider(entries: 20, spacing: 60)), replication: r, appThrottle: nil)!
            store.keep(UnconstrainedRuns.Run(entries: key.entries, reach: 3, result: run, needed: r), key: key.key)
        }
        #expect(store.counts.kept == 3)
        func kept(_ r: Int, entries: Int = 30) -> Int? {
            let key = UnconstrainedRuns.key(.fixed(FixedProvider(entries: entries, spacing: 60)), replication: r, appThrottle: nil)!
            return store.run(key.key, entries: key.entries).run?.needed
        }
        #expect((0..<5).map { kept($0) } == [nil, nil, 2, 3, 4])
        // Reach 3: counts 5 and up (and its own 20); not 4, nor 1.
        #expect(kept(4, entries: 5) == 4 && kept(4, entries: 20) == 4 && kept(4, entries: 4) == nil && kept(4, entries: 1) == nil)
        // Over the memory limit (30 MB: 384 entries at 64 KB and 6 MB): another fate.
        #expect(kept(4, entries: 384) == 4 && kept(4, entries: 385) == nil)
        // A run that did not measure its reach (`Int.max`) stands for its own count alone.
        let unmeasured = UnconstrainedRuns.key(.fixed(FixedProvider(entries: 6, spacing: 30)), replication: 9, appThrottle: nil)!
        store.keep(UnconstrainedRuns.Run(entries: 6, reach: .max, result: run, needed: 9), key: unmeasured.key)
        let other = UnconstrainedRuns.key(.fixed(FixedProvider(entries: 12, spacing: 30)), replication: 9, appThrottle: nil)!
        #expect(store.run(unmeasured.key, entries: 6).run?.needed == 9)
        #expect(store.run(other.key, entries: 12).run == nil && store.run(other.key, entries: 12).kept)
    }

    @Test("keys: the entry count left out, everything else in, by its bits")
    func keys() {
        func key(_ spec: ProviderSpec, r: Int = 0, throttle: Double? = nil) -> [UInt64]? {
            UnconstrainedRuns.key(spec, replication: r, appThrottle: throttle)?.key
        }
        let a = FixedProvider(entries: 20, spacing: 60, firstOffset: 2, align: .minute, policy: .after(900))
        var b = a
        b.entries = 7
        #expect(key(.fixed(a)) == key(.fixed(b)))
        let window = TimeWindow("07:00-23:00")!
        #expect(
            key(.windows([WindowedPolicy(window: window, provider: a)])) == key(.windows([WindowedPolicy(window: window, provider: b)])))
        var changed: [FixedProvider] = []
        for change in 0..<5 {
            var c = a
            switch change {
            case 0: c.spacing = 30
            case 1: c.firstOffset = 2.5
            case 2: c.align = .none
            case 3: c.policy = .after(901)
            default: c.policy = .atEnd
            }
            changed.append(c)
        }
        for c in changed { #expect(key(.fixed(c)) != key(.fixed(a)), "\(c)") }
        #expect(key(.fixed(a), r: 1) != key(.fixed(a)) && key(.fixed(a), throttle: 0) != key(.fixed(a)))
        #expect(key(.fixed(a), throttle: -0.0) != key(.fixed(a), throttle: 0))
        #expect(key(.windows([WindowedPolicy(window: window, provider: a)])) != key(.fixed(a)))
        #expect(
            key(.windows([WindowedPolicy(window: window, provider: a), WindowedPolicy(window: TimeWindow("23:00-07:00")!, provider: b)]))
                == nil)
        #expect(key(.schedule([WindowedPolicy(window: window, provider: a)])) == nil && key(.never) == nil)
    }
}
