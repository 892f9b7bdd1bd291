import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The `view-age` objective (mean age of the content at the user's views) on a case worked out by
/// hand.
@Suite("Optimization: view-age")
struct OptimizationViewAgeTests {
    @Test("one change at 1000 s, a reload every hour, views at 500, 2000, 3000 and 4000 s: mean age at views 750 s")
    func byHand() {
        // Reloads at 0 and 3600 s (no delays); the change at 1000 s leaves the display stale until
        // 3600 s. The views see ages 0, 1000, 2000 and 0: (0 + 1000 + 2000 + 0) / 4 = 750 s; two
        // of four views are fresh.
        let scenario = TestScenarios.single(
            .never, days: 1, replications: 1, budget: .fixed(70), unpredictable: EventProcess(.times([1_000])),
            views: EventProcess(.times([500, 2_000, 3_000, 4_000])))
        let space = SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.after(3_600)])
        let problem = OptimizationProblem(
            scenario: scenario,
            settings: OptimizationSettings(
                space: space, objective: .viewAge, constraints: OptimizationConstraints(budgets: 70...70), replications: 1))
        let e = problem.evaluate(PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .after(3_600)))
        #expect(e.summary.viewAge == 750)
        #expect(e.summary.viewFreshness == 0.5)
        #expect(e.objective == 750)
        #expect(!OptimizationObjective.viewAge.higherIsBetter && OptimizationObjective.viewAge.needsViews)
    }
}
