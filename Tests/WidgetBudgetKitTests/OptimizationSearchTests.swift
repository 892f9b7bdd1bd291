import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The search against the exhaustive answer on spaces small enough to enumerate, and the
/// optimizer's determinism.
@Suite("Optimization: search and determinism")
struct OptimizationSearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var scenario: Scenario
        var objective: OptimizationObjective
        var testDescription: String { name }
    }

    /// A space of 2 window lists × 5 policies × 2 alignments × 3 spacings × 40 entry counts.
    static let space = SearchSpace(
        spacings: [60, 300, 900], entries: Array(1...40).map { $0 * 3 - 2 }, aligns: [.none, .minute],
        policies: [.atEnd, .after(1_800), .after(3_600), .after(7_200), .never],
        windows: [[], [TimeWindow("07:00-23:00")!]], firstOffset: 2)

    static let cases: [Case] = [
        Case(
            name: "clock, predictable minutes",
            scenario: TestScenarios.single(
                .never, days: 2, replications: 2, seed: 2002, budget: BudgetSettings(dailyMin: 40, dailyMax: 70),
                system: SystemSettings(reloadDelay: .uniform(0, 120)), predictable: EventProcess(.every(period: 60, offset: 0)),
                views: EventProcess(.poisson(perHour: 6), during: [TimeWindow("07:00-23:00")!])), objective: .meanAge),
        Case(
            name: "news, unpredictable",
            scenario: TestScenarios.single(
                .never, days: 2, replications: 2, seed: 5, budget: BudgetSettings(dailyMin: 40, dailyMax: 70),
                unpredictable: EventProcess(.poisson(perHour: 3)),
                views: EventProcess(.poisson(perHour: 4), during: [TimeWindow("07:00-23:00")!])), objective: .viewFreshness),
        Case(
            name: "photos, memory-bound",
            scenario: TestScenarios.single(
                .never, days: 2, replications: 2, seed: 3, budget: .fixed(50),
                memory: MemorySettings(perEntryKB: 600), predictable: EventProcess(.every(period: 900, offset: 0))), objective: .p95Age),
    ]

    static func settings(_ objective: OptimizationObjective, method: SearchMethod) -> OptimizationSettings {
        OptimizationSettings(
            space: space, objective: objective,
            constraints: OptimizationConstraints(budgets: 40...70), replications: 2, method: method,
            maxReplications: 8)  // Racing, kept short for the suite's time.
    }

    static func recommendation(_ problem: OptimizationProblem, _ result: OptimizationResult) -> CandidateRecord? {
        let ranking = CandidateRanking(
            objective: problem.settings.objective, constraints: problem.settings.constraints,
            memoryCeilingMB: problem.memoryCeilingMB)
        return ranking.recommendation(result.evaluations.map(CandidateRecord.init))
    }

    @Test("the search finds the exhaustive optimum (within 1 %) evaluating a small part of the space", arguments: cases)
    func searchMatchesExhaustive(c: Case) throws {
        let exhaustive = OptimizationProblem(scenario: c.scenario, settings: Self.settings(c.objective, method: .exhaustive))
        let all = Optimizer.run(exhaustive)
        #expect(all.evaluations.count == Self.space.count)
        let best = try #require(Self.recommendation(exhaustive, all))

        let searched = OptimizationProblem(scenario: c.scenario, settings: Self.settings(c.objective, method: .search))
        let part = Optimizer.run(searched)
        #expect(part.method == .search)
        let found = try #require(Self.recommendation(searched, part))
        let gap = abs(found.objective - best.objective)
        #expect(
            gap <= 0.01 * max(abs(best.objective), 1e-9) || gap < 1e-9,
            "search found \(found.candidate) (\(found.objective)), exhaustive \(best.candidate) (\(best.objective))")
        #expect(
            Double(part.evaluations.count) <= 0.35 * Double(Self.space.count),
            "the search evaluated \(part.evaluations.count) of \(Self.space.count)")
    }

    @Test("a sweep gives the same evaluations in the same order however it is split")
    func shardsPartitionTheSweep() {
        let c = Self.cases[0]
        var settings = Self.settings(.meanAge, method: .exhaustive)
        settings.maxReplications = 2  // No racing: a shard is never raced, and this compares evaluations one to one.
        settings.space = SearchSpace(
            spacings: [60, 300], entries: [1, 6, 61], aligns: [.none, .minute], policies: [.atEnd, .after(3_600)],
            firstOffset: 2)
        let problem = OptimizationProblem(scenario: c.scenario, settings: settings)
        let whole = Optimizer.run(problem)
        var joined: [CandidateEvaluation] = []
        for k in 1...3 { joined += Optimizer.run(problem, shard: Shard(index: k, count: 3)).evaluations }
        joined.sort { PolicyCandidate.canonicalOrder($0.candidate!, $1.candidate!) }
        #expect(joined.map(\.candidate) == whole.evaluations.map(\.candidate))
        #expect(joined.map(\.summary) == whole.evaluations.map(\.summary))
        // And one candidate evaluated alone is evaluated the same (its inputs do not depend on the others).
        let alone = problem.evaluate(whole.evaluations[5].candidate!)
        #expect(alone.summary == whole.evaluations[5].summary)
    }

    @Test("every candidate sees the same random inputs (common random numbers)")
    func commonRandomNumbers() {
        let c = Self.cases[1]
        let problem = OptimizationProblem(scenario: c.scenario, settings: Self.settings(.meanAge, method: .exhaustive))
        let a = problem.evaluate(PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .after(3_600)))
        let b = problem.evaluate(PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .after(1_800)))
        // Same views in both runs, whatever the policy.
        #expect(a.summary.viewFreshness != nil && b.summary.viewFreshness != nil)
        let viewsA = TestScenarios.run(FixedProvider(entries: 1, spacing: 0, policy: .after(3_600)), in: c.scenario, events: .none)
        let viewsB = TestScenarios.run(FixedProvider(entries: 1, spacing: 0, policy: .after(1_800)), in: c.scenario, events: .none)
        #expect(viewsA.total(\.views) == viewsB.total(\.views))
        // With budget enough, reloading twice as often is fresher on the very same stories.
        #expect(b.unlimitedObjective < a.unlimitedObjective)
    }

    @Test("the space collapses single-entry duplicates and orders candidates canonically")
    func spaceEnumeration() {
        let space = SearchSpace(
            spacings: [300, 60, 60], entries: [6, 1], aligns: [.minute, .none], policies: [.never, .after(60), .atEnd])
        let candidates = space.candidates
        // 2 spacings × 1 multi-entry count × 2 alignments × 3 policies, plus one single entry per policy.
        #expect(candidates.count == 15 && space.count == 15)
        #expect(Set(candidates).count == candidates.count)
        #expect(candidates.first == PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .atEnd))
        #expect(candidates.last == PolicyCandidate(spacing: 300, entries: 6, align: .minute, policy: .never))
        #expect(space.policies == [.atEnd, .after(60), .never])
    }
}
