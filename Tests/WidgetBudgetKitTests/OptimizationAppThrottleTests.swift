import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The optimizer searching the app's throttle on `reloadTimelines(ofKind:)` for a push-driven
/// widget, against the count worked out by hand.
@Suite("Optimization: app reload throttle")
struct OptimizationAppThrottleTests {
    @Test("changes 20 an hour, a reload on every change, 40 a day: the smallest throttle that never runs out is 40 min")
    func smallestThrottleThatFits() throws {
        // With a change every 3 minutes on average a throttle of T makes a call every T: 40 min
        // gives 36 a day, plus the start reload, within 40; 30 min gives 48 and runs out.
        let scenario = TestScenarios.single(
            .never, days: 2, replications: 2, seed: 17, budget: .fixed(40),
            app: AppActivity(reloads: [.init(target: .kind("widget"), trigger: .onChange)]),
            unpredictable: EventProcess(.poisson(perHour: 20)))
        var space = SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.never])
        space.appThrottles = [0, 300, 900, 1_800, 2_400, 2_700, 3_600]
        let problem = OptimizationProblem(
            scenario: scenario,
            settings: OptimizationSettings(
                space: space, objective: .meanAge, constraints: OptimizationConstraints(budgets: 40...40), replications: 2,
                maxReplications: 16))
        let result = Optimizer.run(problem)
        let records = result.evaluations.map(CandidateRecord.init)
        #expect(records.count == 7)
        let feasible = records.filter(\.feasible).compactMap(\.candidate.appThrottle)
        #expect(feasible == [2_400, 2_700, 3_600])
        let rec = try #require(problem.ranking.recommendation(records))
        #expect(rec.candidate.appThrottle == 2_400)
        #expect(rec.chargedPerDay >= 36 && rec.chargedPerDay <= 38, "\(rec.chargedPerDay)")
        let thirty = try #require(records.first { $0.candidate.appThrottle == 1_800 })
        #expect(thirty.neededBudget >= 48)
    }
}
