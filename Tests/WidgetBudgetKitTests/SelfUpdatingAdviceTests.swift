import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The optimizer's proposal of a self-updating view, on seed 002's minute clock worked out by hand.
@Suite("Optimization: self-updating view")
struct SelfUpdatingAdviceTests {
    /// Seed 002's clock: 61 minute entries aligned to the minute, `.atEnd`, content changing every
    /// whole minute, over 2 days with B = 70.
    static func problem(predictable: EventProcess = EventProcess(.every(period: 60, offset: 0)), selfUpdating: Bool = false)
        -> OptimizationProblem
    {
        let seed = FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd)
        var scenario = TestScenarios.single(.fixed(seed), days: 2, predictable: predictable)
        scenario.widgets[0].selfUpdating = selfUpdating
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

    @Test("no advice for a view that updates itself already, or for content that is not a clock")
    func notApplicable() {
        #expect(SelfUpdatingAdvice.evaluate(Self.problem(selfUpdating: true)) == nil)
        #expect(SelfUpdatingAdvice.evaluate(Self.problem(predictable: EventProcess(.poisson(perHour: 60)))) == nil)
    }
}
