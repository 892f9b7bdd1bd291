import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The optimizer's set-up of a run (#26 engine-2 `grant`, second part): the budget's rule made
/// from its type without the existential's cast, and a replication's inputs found in a list
/// rather than the dictionary, each against the way it was, kept here verbatim.
@Suite("The optimizer's run set-up")
struct RunSetUpTests {
    /// `ReloadBudget.Rule(type, daily:)` against `ReloadBudget.Rule(type.init(daily:))` (the cast
    /// `ReloadBudget.init` made before): every built-in model's rule and one of another type, the
    /// same answers on random charges, questions and changes of B.
    @Test("a rule made from its type answers as the rule made through the cast")
    func ruleFromType() {
        var g = SeededGenerator(seed: 1_313)
        let clock = LocalClock.utc()
        let types: [any BudgetRule.Type] = BudgetModel.allCases.map(\.rule) + [BudgetRuleTests.OtherMidnight.self]
        for type in types {
            for round in 0..<40 {
                let daily = Int.random(in: 1...12, using: &g)
                var made = ReloadBudget.Rule(type, daily: daily)
                var cast = ReloadBudget.Rule(type.init(daily: daily))
                #expect(made.isDirect == cast.isDirect)
                var t = Double.random(in: 0...86_400, using: &g)
                for step in 0..<300 {
                    t += Double.random(in: 0...5_400, using: &g)
                    let day = type.window == nil ? 0 : clock.localDay(t)
                    let available = cast.isAvailable(at: t, window: day)
                    #expect(made.isAvailable(at: t, window: day) == available, "\(type) \(round) \(step)")
                    #expect(made.left(at: t, window: day) == cast.left(at: t, window: day))
                    if !available {
                        // (Asked only of a rule that has no reload left, as the budget does.)
                        let next = { clock.nextMidnight(after: t) }
                        #expect(made.nextRecovery(after: t, nextWindow: next) == cast.nextRecovery(after: t, nextWindow: next))
                    }
                    if step % 100 == 99 {
                        let newDaily = Int.random(in: 1...12, using: &g)
                        made.setDaily(newDaily, at: t)
                        cast.setDaily(newDaily, at: t)
                    } else if Bool.random(using: &g) {
                        made.charge(at: t, window: day)
                        cast.charge(at: t, window: day)
                    } else {
                        #expect(made.chargeIfAvailable(at: t, window: day) == cast.chargeIfAvailable(at: t, window: day))
                    }
                }
            }
        }
    }

    /// `OptimizationProblem.input(_:appThrottle:)` before #26 engine-2 `grant`'s second part: the
    /// drawn inputs found by the dictionary's key (the dictionary the problem then kept, made
    /// here from its list).
    static func oldInput(_ problem: OptimizationProblem, _ r: Int, appThrottle: Double?) -> WidgetInputs {
        let inputsByThrottle = Dictionary(uniqueKeysWithValues: problem.drawnInputs.map { ($0.throttle, $0.inputs) })
        if let drawn = inputsByThrottle[appThrottle], r < drawn.count { return drawn[r] }
        var inputs = WidgetInputs(
            scenario: OptimizationProblem.scenario(problem.scenario, widget: problem.settings.widget, appThrottle: appThrottle),
            calendar: problem.calendar, widgetIndex: problem.settings.widget, replication: r)
        problem.horizonBudget?.keep(in: &inputs, replication: r, appThrottle: appThrottle)
        return inputs
    }

    /// Every throttle of the space and none, -0 for 0, a throttle outside the space and NaN (drawn
    /// on demand), replications drawn and beyond: the same app requests, delay seed and budget.
    @Test("a replication's inputs are those the dictionary found")
    func inputsFromList() {
        let scenario = TestScenarios.single(
            .never, days: 2, replications: 3, seed: 17, budget: .fixed(40),
            app: AppActivity(reloads: [.init(target: .kind("widget"), trigger: .onChange)]),
            unpredictable: EventProcess(.poisson(perHour: 20)))
        var space = SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.never])
        space.appThrottles = [0, 300, 1_800, 3_600]
        let problem = OptimizationProblem(
            scenario: scenario,
            settings: OptimizationSettings(
                space: space, objective: .meanAge, constraints: OptimizationConstraints(budgets: 40...40), replications: 3,
                maxReplications: 8))
        let throttles: [Double?] = [nil, 0, -0.0, 300, 1_800, 3_600, 1_234, .nan]
        var requestCounts = Set<Int>()
        for throttle in throttles {
            for r in 0..<5 {
                let new = problem.input(r, appThrottle: throttle), old = Self.oldInput(problem, r, appThrottle: throttle)
                #expect(new.appRequests == old.appRequests, "\(String(describing: throttle)) \(r)")
                #expect(new.delaySeed == old.delaySeed && new.dailyBudget == old.dailyBudget && new.viewsPerDay == old.viewsPerDay)
                requestCounts.insert(new.appRequests.filter { !$0.ignored }.count)
            }
        }
        // The throttles give different requests: an entry found for the wrong throttle shows.
        #expect(requestCounts.count > 3)
    }
}
