import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The optimizer judges a candidate at every budget of a range by running it once at the smallest
/// (and once more without a budget when that one binds). These tests run every budget of the range
/// instead and check that the shortcut gives the same worst case, needed budget and unconstrained
/// objective.
@Suite("Optimization: worst budget")
struct OptimizationWorstBudgetTests {
    /// Random news and a clock-like predictable process, delays, app reloads and foreground
    /// sessions, so grants are charged, free and deferred.
    static func scenario(model: BudgetModel, budgets: ClosedRange<Int>) -> Scenario {
        TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 60)), days: 3, replications: 2, seed: 77,
            budget: BudgetSettings(dailyMin: budgets.lowerBound, dailyMax: budgets.upperBound, model: model),
            system: SystemSettings(reloadDelay: .uniform(0, 120), appReloadDelay: .uniform(2, 30)),
            app: AppActivity(
                reloads: [.init(target: .kind("widget"), trigger: .process(EventProcess(.poisson(perHour: 0.3))))],
                foreground: EventProcess(.poisson(perHour: 0.2)), foregroundDuration: .constant(180)),
            predictable: EventProcess(.every(period: 600, offset: 0)), unpredictable: EventProcess(.poisson(perHour: 2)),
            views: EventProcess(.poisson(perHour: 3)))
    }

    static let candidates: [PolicyCandidate] = [
        PolicyCandidate(spacing: 60, entries: 61, align: .minute, policy: .atEnd),  // ~24 a day: never binds
        PolicyCandidate(spacing: 60, entries: 6, align: .none, policy: .atEnd),  // ~240 a day: always binds
        PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .after(1_800)),  // ~48 a day: binds below ~50
        PolicyCandidate(spacing: 300, entries: 12, align: .minute, policy: .after(2_400)),  // ~36 a day: binds at the bottom
        PolicyCandidate(spacing: 600, entries: 3, align: .none, policy: .never),  // app reloads only
    ]

    /// Every budget of the range, run in full.
    static func bruteForce(_ problem: OptimizationProblem, _ c: PolicyCandidate) -> [(Int, WidgetSummary)] {
        let spec = c.providerSpec(firstOffset: 0)
        return problem.settings.constraints.budgets.map { b in
            let runs = (0..<problem.settings.replications).map { r in
                TestScenarios.run(
                    spec.makeProvider(clock: problem.calendar.clock, horizon: problem.calendar.horizon),
                    in: fixedBudget(problem.scenario, b), replication: r, events: .none)
            }
            return (b, WidgetSummary(widget: "widget", runs: runs))
        }
    }

    /// The scenario with a budget of exactly `b` (its other random inputs unchanged: the budget
    /// stream is separate).
    static func fixedBudget(_ s: Scenario, _ b: Int) -> Scenario {
        var out = s
        out.budget.dailyMin = b
        out.budget.dailyMax = b
        return out
    }

    static func settings(budgets: ClosedRange<Int>, allowed: Double = 0) -> OptimizationSettings {
        OptimizationSettings(
            space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]),
            objective: .meanAge,
            constraints: OptimizationConstraints(budgets: budgets, maxExhaustedDayFraction: allowed, memoryMargin: 0.2),
            replications: 2)
    }

    @Test("the worst case equals a run at every budget of the range", arguments: BudgetModel.allCases)
    func worstCaseMatchesEveryBudget(model: BudgetModel) {
        let budgets = 34...52
        let problem = OptimizationProblem(
            scenario: Self.scenario(model: model, budgets: budgets), settings: Self.settings(budgets: budgets))
        for c in Self.candidates {
            let e = problem.evaluate(c)
            let all = Self.bruteForce(problem, c)
            let losses = all.map { OptimizationObjective.meanAge.value(of: $0.1) }
            // The objective at the worst budget is the worst objective over the range.
            #expect(e.objective == losses.max(), "\(c): \(e.objective) vs \(losses)")
            // Feasible (never waits at the smallest budget) exactly when no budget of the range waits.
            let waits = all.map { $0.1.exhaustedDayFraction > 0 }
            #expect(e.feasible == !waits.contains(true), "\(c)")
            if !waits[0] {
                // Not binding at the bottom: every budget gives the very same run.
                for (_, s) in all {
                    #expect(s.meanAge == e.summary.meanAge && s.p95Age == e.summary.p95Age && s.chargedPerDay == e.summary.chargedPerDay)
                    #expect(s.freshness == e.summary.freshness && s.viewFreshness == e.summary.viewFreshness)
                }
            }
        }
    }

    @Test("the needed budget is the smallest at which no run waits, and there it is unconstrained", arguments: BudgetModel.allCases)
    func neededBudgetIsTheThreshold(model: BudgetModel) {
        let budgets = 20...20
        let problem = OptimizationProblem(
            scenario: Self.scenario(model: model, budgets: budgets), settings: Self.settings(budgets: budgets))
        for c in Self.candidates {
            let e = problem.evaluate(c)
            let spec = c.providerSpec(firstOffset: 0)
            func summary(at b: Int) -> WidgetSummary {
                let runs = (0..<2).map { r in
                    TestScenarios.run(
                        spec.makeProvider(clock: problem.calendar.clock, horizon: problem.calendar.horizon),
                        in: Self.fixedBudget(problem.scenario, b), replication: r, events: .none)
                }
                return WidgetSummary(widget: "widget", runs: runs)
            }
            let at = summary(at: e.neededBudget)
            #expect(at.deferredPerDay == 0, "\(c) waits at its needed budget \(e.neededBudget)")
            if e.neededBudget > 1 {
                #expect(summary(at: e.neededBudget - 1).deferredPerDay > 0, "\(c) does not wait below its needed budget \(e.neededBudget)")
            }
            #expect(OptimizationObjective.meanAge.value(of: at) == e.unlimitedObjective, "\(c)")
            // And more budget changes nothing.
            #expect(OptimizationObjective.meanAge.value(of: summary(at: e.neededBudget + 25)) == e.unlimitedObjective)
        }
    }

    @Test("with some exhausted days allowed, the worst budget is searched over the range")
    func allowedExhaustionSearchesTheRange() {
        let budgets = 30...45
        let problem = OptimizationProblem(
            scenario: Self.scenario(model: .midnight, budgets: budgets),
            settings: Self.settings(budgets: budgets, allowed: 1))
        for c in Self.candidates {
            let e = problem.evaluate(c)
            let all = Self.bruteForce(problem, c)
            let worst = all.map { OptimizationObjective.meanAge.value(of: $0.1) }.max()!
            #expect(e.objective == worst, "\(c)")
            #expect(e.feasible, "\(c): every day may run out")
        }
    }

    @Test("needed budget by hand: a reload every 36 minutes")
    func neededBudgetByHand() {
        let clock = LocalClock.utc()
        let times = (0..<200).map { Double($0) * 2_160 }  // 36 min apart, over 5 days
        // Rolling 24 h: the reload 24 h back (40 × 36 min) has just left the window, so 40 fit.
        #expect(NeededBudget.minimum(chargeTimes: times, model: .rolling24h, clock: clock) == 40)
        // Midnight: 0:00, 0:36, … 23:24 is 40 a day (1,440 / 36 = 40).
        #expect(NeededBudget.minimum(chargeTimes: times, model: .midnight, clock: clock) == 40)
        // Token bucket: before the k-th charge (from 0) a full bucket of B refilled at B a day holds
        // B − k + k·B/40; over these 200 charges that stays ≥ 1 from B = 34 (200 / 5.975 = 33.5).
        #expect(NeededBudget.minimum(chargeTimes: times, model: .tokenBucket, clock: clock) == 34)
        // One more reload a day (35 min) and the rolling window needs 42: 24 h holds 41.14 of them.
        let faster = (0..<200).map { Double($0) * 2_100 }
        #expect(NeededBudget.minimum(chargeTimes: faster, model: .rolling24h, clock: clock) == 42)
        #expect(NeededBudget.minimum(chargeTimes: [], model: .rolling24h, clock: clock) == 1)
    }
}

extension OptimizationWorstBudgetTests {
    /// A rare story (one every 2 hours) and `.after(90m)`, needing 16 reloads a day: at 15 some
    /// reloads wait, and those that waited fetch stories that came meanwhile, so the run at 16
    /// (never waiting; mean age 590 s) is staler than the run at 15 (563 s under rolling-24h, 549 s
    /// under midnight): the worst of 15...17 is at its top (issue #22 item 2). Whether it is depends
    /// on the draw: with the streams of issue #23 item 2, seed 25 is the first from 9 on where it
    /// holds under both models (seed 9, used before, gives 481 < 505 s rolling but 507 > 505 s
    /// midnight); the first expectation checks the case is still what it claims.
    @Test("more budget can be staler: the worst of a non-monotone range is found", arguments: [BudgetModel.rolling24h, .midnight])
    func nonMonotoneRange(model: BudgetModel) {
        let budgets = 15...17
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 60)), days: 3, replications: 2, seed: 25,
            budget: BudgetSettings(dailyMin: budgets.lowerBound, dailyMax: budgets.upperBound, model: model),
            system: SystemSettings(reloadDelay: .uniform(0, 120), appReloadDelay: .uniform(2, 30)),
            unpredictable: EventProcess(.poisson(perHour: 0.5)), views: EventProcess(.poisson(perHour: 3)))
        let problem = OptimizationProblem(scenario: scenario, settings: Self.settings(budgets: budgets, allowed: 1))
        let c = PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .after(5_400))
        let e = problem.evaluate(c)
        let all = Self.bruteForce(problem, c).map { (b: $0.0, objective: OptimizationObjective.meanAge.value(of: $0.1)) }
        let worst = all.max { $0.objective < $1.objective }!
        // The case is what it claims: the worst is not at the bottom of the range.
        #expect(worst.objective > all[0].objective, "\(all)")
        #expect(e.objective == worst.objective, "\(e.objective) vs \(all)")
        #expect(e.worstBudget == worst.b)
        #expect(e.neededBudget == 16)
    }

    /// A learning period (more budget the first day, or less) changes which B suffices: the
    /// needed budget stays the threshold found by runs at every budget (from it on, the run is the
    /// same as with any larger B; below it, it is not).
    @Test("with a learning period, the needed budget is still the threshold", arguments: BudgetModel.allCases, [8, 100])
    func neededBudgetWithLearning(model: BudgetModel, learningDaily: Int) {
        let budgets = 20...20
        var scenario = Self.scenario(model: model, budgets: budgets)
        scenario.budget.learningDays = 1
        scenario.budget.learningDaily = learningDaily
        let problem = OptimizationProblem(scenario: scenario, settings: Self.settings(budgets: budgets))
        for c in Self.candidates {
            let e = problem.evaluate(c)
            let spec = c.providerSpec(firstOffset: 0)
            /// What each day charged and waited, per replication, at budget `b`.
            func grants(at b: Int) -> [[Double]] {
                (0..<2).map { r in
                    let run = TestScenarios.run(
                        spec.makeProvider(clock: problem.calendar.clock, horizon: problem.calendar.horizon),
                        in: Self.fixedBudget(problem.scenario, b), replication: r, events: .none)
                    return run.days.flatMap { [Double($0.charged), $0.exhaustedSeconds] }
                }
            }
            let unconstrained = grants(at: 100_000)
            #expect(grants(at: e.neededBudget) == unconstrained, "\(c) differs at its needed budget \(e.neededBudget)")
            if e.neededBudget > 1 {
                #expect(grants(at: e.neededBudget - 1) != unconstrained, "\(c) needs less than \(e.neededBudget)")
            }
        }
    }
}
