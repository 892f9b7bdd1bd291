import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The optimizer's proposal of a self-updating view, on seed 002's minute clock worked out by hand.
@Suite("Optimization: self-updating view")
struct SelfUpdatingAdviceTests {
    /// Seed 002's clock: 61 minute entries aligned to the minute, `.atEnd`, content changing every
    /// whole minute, over 2 days with B = 70.
    static func problem(
        predictable: EventProcess = EventProcess(.every(period: 60, offset: 0)), selfUpdating: Bool = false, timeOnly: Bool = true
    ) -> OptimizationProblem {
        let seed = FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd)
        var scenario = TestScenarios.single(.fixed(seed), days: 2, predictable: predictable)
        scenario.widgets[0].selfUpdating = selfUpdating
        scenario.widgets[0].timeOnly = timeOnly
        let space = SearchSpace(spacings: [60], entries: [61], aligns: [.minute], policies: [.atEnd])
        return OptimizationProblem(
            scenario: scenario,
            settings: OptimizationSettings(
                space: space, objective: .meanAge, constraints: OptimizationConstraints(budgets: 70...70), replications: 1))
    }

    /// Drawn by the view itself, the minute changes never make the display stale: fresh 100 % of
    /// the time, mean age 0, and the only reload is the widget's first (charged, at 0): 1 in 2
    /// days = 0.5 a day, so B = 1 suffices. The seed's own policy reloads at the end of each hour
    /// (the 61st entry is dated 60 min after the reload): 24 a day, so the view is proposed; it is
    /// not over a policy that already spends as little.
    @Test("seed 002's minute clock: self-updating is fresh 100 % with no charged reload beyond the first")
    func minuteClock() throws {
        let advice = try #require(SelfUpdatingAdvice.evaluate(Self.problem()))
        #expect(advice.period == 60)
        #expect(advice.evaluation.provider == .never)
        #expect(advice.evaluation.summary.freshness == 1)
        #expect(advice.evaluation.summary.meanAge == 0)
        #expect(advice.evaluation.summary.chargedPerDay == 0.5)
        #expect(advice.evaluation.neededBudget == 1)
        #expect(advice.evaluation.feasible)
        let seedPolicy = Self.problem().evaluate(PolicyCandidate(spacing: 60, entries: 61, align: .minute, policy: .atEnd))
        #expect(seedPolicy.summary.chargedPerDay == 24)
        #expect(advice.isWorthProposing(over: seedPolicy.objective, chargedPerDay: 24, by: .meanAge))
        #expect(!advice.isWorthProposing(over: seedPolicy.objective, chargedPerDay: 0.5, by: .meanAge))
    }

    @Test("no advice for a view that updates itself already, for content that is not a clock, or not time itself")
    func notApplicable() {
        #expect(SelfUpdatingAdvice.evaluate(Self.problem(selfUpdating: true)) == nil)
        #expect(SelfUpdatingAdvice.evaluate(Self.problem(predictable: EventProcess(.poisson(perHour: 60)))) == nil)
        // A departure board every 15 minutes: periodic, but not the passing of time (no time_only).
        let board = Self.problem(predictable: EventProcess(.every(period: 900, offset: 0)), timeOnly: false)
        #expect(SelfUpdatingAdvice.evaluate(board) == nil)
        #expect(board.selfUpdatingCandidate == nil)
        #expect(Optimizer.run(board).evaluations.allSatisfy { $0.candidate?.selfUpdating == false })
    }

    /// A countdown (content every second, `time_only`): no timeline can keep up (entries at least
    /// 2 s apart, at most 400), so every policy is stale about half of each second or more, while
    /// the self-updating view is never stale (mean age 0). Ranked with the policies, it is the
    /// recommendation, and its evaluation is the advice's (same inputs).
    @Test("a countdown: the self-updating view is a candidate, ranked with the others, and wins")
    func countdownRecommendation() throws {
        let problem = Self.problem(predictable: EventProcess(.every(period: 1, offset: 0)))
        let result = Optimizer.run(problem)
        let su = try #require(result.evaluations.first { $0.candidate?.selfUpdating == true })
        #expect(result.evaluations.count == 2)  // the seed's policy and the view
        #expect(result.spaceSize == 2)
        #expect(su.objective == 0)
        #expect(su.summary.chargedPerDay == 0.5)
        let records = result.evaluations.map(CandidateRecord.init)
        let chosen = try #require(problem.ranking.recommendation(records))
        #expect(chosen.candidate.selfUpdating)
        #expect(chosen.candidate.description == "a self-updating view (1 entry, never)")
        let advice = try #require(SelfUpdatingAdvice.evaluate(problem))
        #expect(advice.evaluation.objective == su.objective && advice.evaluation.summary == su.summary)
    }
}
