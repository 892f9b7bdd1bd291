import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The optimizer's runs without a budget (for `needed_budget` and `unlimited_objective`) keep only
/// what is read of them (`RunDetail.unconstrained(for:)`): the same charge times and objective as a
/// run with every detail, without the stale stretches or the views the objective does not read.
@Suite("Optimization: the light runs without a budget")
struct UnconstrainedRunTests {
    /// A minute clock with random fetched content, views and app reloads, over three days.
    static func scenario(unseenAfter: Double = .infinity, seed: UInt64) -> Scenario {
        var system = SystemSettings()
        system.unseenAfter = unseenAfter
        return TestScenarios.single(
            .never, days: 3, replications: 2, seed: seed, budget: .fixed(70), system: system,
            app: AppActivity(reloads: [.init(target: .all, trigger: .process(EventProcess(.poisson(perHour: 1))))]),
            predictable: EventProcess(.every(period: 60, offset: 0)),
            unpredictable: EventProcess(.poisson(perHour: 0.5)), views: EventProcess(.poisson(perHour: 6)))
    }

    static let candidates = [
        PolicyCandidate(spacing: 30, entries: 6, align: .none, policy: .after(900)),
        PolicyCandidate(spacing: 60, entries: 61, align: .minute, policy: .atEnd),
        PolicyCandidate(spacing: 300, entries: 1, align: .none, policy: .atEnd),
    ]

    @Test("the same charge times, day sums and objective as a run with every detail", arguments: OptimizationObjective.allCases)
    func sameAsFullDetail(objective: OptimizationObjective) {
        for (i, unseenAfter) in [Double.infinity, 7_200].enumerated() {
            let scenario = Self.scenario(unseenAfter: unseenAfter, seed: 40 + UInt64(i))
            let problem = OptimizationProblem(
                scenario: scenario,
                settings: OptimizationSettings(
                    space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]), objective: objective,
                    constraints: OptimizationConstraints(budgets: 40...70), replications: 2))
            for candidate in Self.candidates {
                let spec = candidate.providerSpec(firstOffset: 2)
                for r in 0..<2 {
                    let budget = OptimizationProblem.unlimitedBudget
                    let full = problem.simulate(spec, replication: r, budget: budget, model: .midnight, detail: .optimization)
                    let light = problem.simulate(
                        spec, replication: r, budget: budget, model: .midnight, detail: .unconstrained(for: objective))
                    #expect(light.chargeTimes == full.chargeTimes)
                    #expect(!full.chargeTimes.isEmpty)
                    for (a, b) in zip(light.days, full.days) {
                        #expect(a.freshSeconds == b.freshSeconds && a.ageIntegral == b.ageIntegral && a.maxAge == b.maxAge)
                        #expect(a.reloads == b.reloads && a.charged == b.charged && a.renders == b.renders)
                    }
                    let value = { (run: WidgetRunResult) in objective.value(of: objective.summary(of: [run], widget: "widget")) }
                    #expect(value(light) == value(full))
                    // What is dropped is dropped (the test would pass vacuously otherwise).
                    #expect(full.days.map(\.views).reduce(0, +) > 0 && !full.ageShapes.isEmpty)
                    let viewsKept = objective.needsViews || unseenAfter.isFinite
                    #expect(light.days.map(\.views) == (viewsKept ? full.days.map(\.views) : full.days.map { _ in 0 }))
                    #expect(light.ageShapes == (objective == .p95Age ? full.ageShapes : AgeShapes()))
                }
            }
        }
    }

    @Test("an evaluation reads the same needed budget and unconstrained objective from them")
    func evaluationUnchanged() {
        let scenario = Self.scenario(seed: 7)
        let objective = OptimizationObjective.meanAge
        let problem = OptimizationProblem(
            scenario: scenario,
            settings: OptimizationSettings(
                space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]), objective: objective,
                constraints: OptimizationConstraints(budgets: 40...70), replications: 2))
        // One entry 5 minutes long, `.atEnd`: a reload every 5 minutes, 288 a day, far over 40.
        let candidate = PolicyCandidate(spacing: 300, entries: 1, align: .none, policy: .atEnd)
        let e = problem.evaluate(candidate)
        let spec = candidate.providerSpec(firstOffset: problem.settings.space.firstOffset)
        let full = (0..<2).map {
            problem.simulate(spec, replication: $0, budget: OptimizationProblem.unlimitedBudget, model: .midnight, detail: .optimization)
        }
        let needed = full.map {
            NeededBudget.minimum(chargeTimes: $0.chargeTimes, model: scenario.budget.model, clock: problem.calendar.clock)
        }
        #expect(e.neededBudget == needed.max())
        #expect(e.neededBudget > 40)
        #expect(e.unlimitedObjective == objective.value(of: objective.summary(of: full, widget: "widget")))
    }
}
