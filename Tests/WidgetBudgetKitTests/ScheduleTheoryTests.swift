import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Cho and Garcia-Molina's allocation (OBSERVED.md, theory): B reloads a day spread over
/// time-of-day segments i (views v_i per hour, Poisson changes λ_i per hour, length T_i hours),
/// evenly spaced within each, maximise the freshness at views Σ v_i T_i F(x_i) / Σ v_i T_i with
/// F(x) = (1 − e^{−x})/x and x_i = λ_i I_i. At the optimum v_i (1 − (1 + x_i) e^{−x_i}) / λ_i is
/// the same μ in every segment, and Σ T_i / I_i = B.
@Suite("Optimization: schedules against the theory")
struct ScheduleTheoryTests {
    /// (T hours, views/h, changes/h): a morning peak, quiet office hours, a busy evening, a night.
    static let segments: [(window: String, hours: Double, views: Double, changes: Double)] = [
        ("07:00-09:00", 2, 200, 3), ("09:00-17:00", 8, 20, 1), ("17:00-23:00", 6, 100, 2), ("23:00-07:00", 8, 5, 0.5),
    ]
    static let budget = 40
    static let windows = segments.map { TimeWindow($0.window)! }

    static func freshness(_ x: Double) -> Double { (1 - exp(-x)) / x }
    static func marginal(_ x: Double) -> Double { 1 - (1 + x) * exp(-x) }

    /// Bisection on an increasing function; `f(lo) < y ≤ f(hi)`.
    static func solve(_ y: Double, lo: Double, hi: Double, _ f: (Double) -> Double) -> Double {
        var (a, b) = (lo, hi)
        for _ in 0..<200 {
            let m = (a + b) / 2
            if f(m) < y { a = m } else { b = m }
        }
        return (a + b) / 2
    }

    /// x_i for a multiplier μ (every segment of this case gets reloads: μ λ_i / v_i < 1).
    static func allocation(_ mu: Double) -> [Double] {
        segments.map { s in solve(mu * s.changes / s.views, lo: 1e-9, hi: 100, marginal) }
    }

    /// The view freshness of a schedule of x_i per segment.
    static func viewFreshness(_ xs: [Double]) -> Double {
        let weight = segments.reduce(0) { $0 + $1.hours * $1.views }
        return zip(segments, xs).reduce(0) { $0 + $1.0.hours * $1.0.views * freshness($1.1) } / weight
    }

    /// The continuous optimum: μ such that Σ T_i λ_i / x_i = B (reloads fall as μ grows; below
    /// μ = min v_i / λ_i every segment gets reloads).
    static var optimum: Double {
        let reloads = { (mu: Double) in zip(segments, allocation(mu)).reduce(0) { $0 + $1.0.hours * $1.0.changes / $1.1 } }
        let top = log(segments.map { $0.views / $0.changes }.min()!)
        let logMu = solve(0, lo: -30, hi: top) { -(reloads(exp($0)) - Double(budget)) }
        return viewFreshness(allocation(exp(logMu)))
    }

    /// The best single interval: B evenly spaced reloads a day, I = 24 h / B.
    static var singleInterval: Double {
        let interval = 24 / Double(budget)
        return viewFreshness(segments.map { $0.changes * interval })
    }

    static func scenario(days: Int, replications: Int, seed: UInt64) -> Scenario {
        func process(_ rates: [Double]) -> EventProcess {
            EventProcess(.merged(zip(rates, windows).map { EventProcess(.poisson(perHour: $0), during: [$1]) }))
        }
        return TestScenarios.single(
            .never, days: days, replications: replications, seed: seed, budget: .fixed(budget),
            unpredictable: process(segments.map(\.changes)), views: process(segments.map(\.views)))
    }

    static func problem(days: Int, replications: Int, seed: UInt64) -> OptimizationProblem {
        OptimizationProblem(
            scenario: scenario(days: days, replications: replications, seed: seed),
            settings: OptimizationSettings(
                space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]), objective: .viewFreshness,
                constraints: OptimizationConstraints(budgets: budget...budget), replications: replications))
    }

    @Test("the closed form: this case's optimum beats one interval all day by far")
    func closedForm() {
        // Hand check of the single interval: I = 36 min, x = 1.8, 0.6, 1.2, 0.3; Σ v_i T_i = 1,200 views a day.
        let f = Self.freshness
        let expected = (2 * 200 * f(1.8) + 8 * 20 * f(0.6) + 6 * 100 * f(1.2) + 8 * 5 * f(0.3)) / 1_200
        #expect(abs(Self.singleInterval - expected) < 1e-12)
        #expect(Self.optimum > Self.singleInterval + 0.1)
    }

    /// The search runs on 4 replications × 3 days; the schedule it recommends is then judged on
    /// fresh inputs (another seed, 32 replications × 8 days), so the search's selection cannot
    /// flatter it. The standard error of that estimate comes from the replications; the schedule
    /// must be within 2 % of the continuous optimum (which evenly spaced reloads cannot beat,
    /// beyond noise) and far above the best single interval.
    @Test("the recommended schedule's view freshness is within 2 % of Cho and Garcia-Molina's optimum")
    func nearTheOptimum() throws {
        let space = ScheduleSpace(
            segments: Self.windows,
            afters: [300, 600, 900, 1_200, 1_800, 2_700, 3_600, 5_400, 7_200, 10_800, 14_400, 21_600, 28_800, nil])
        let found = Self.problem(days: 3, replications: 4, seed: 9).searchSchedules(space)
        #expect(found.result.score.feasible)
        let judged = Self.problem(days: 8, replications: 32, seed: 10).evaluate(provider: space.providerSpec(found.result.best))
        let perReplication = judged.replicationObjectives
        let mean = perReplication.reduce(0, +) / Double(perReplication.count)
        let sd = (perReplication.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(perReplication.count - 1)).squareRoot()
        let standardError = sd / Double(perReplication.count).squareRoot()
        let optimum = Self.optimum, single = Self.singleInterval
        print(
            "schedule theory: \(space.describe(found.result.best)), \(found.evaluations.count) of \(Int(space.count)) evaluated: "
                + "view freshness \(mean) ± \(standardError) (SE), continuous optimum \(optimum), single interval \(single), "
                + "\(judged.summary.chargedPerDay) reloads/day")
        #expect(judged.feasible)
        // The closed form's best of these intervals spends exactly the budget: how the engine judged it.
        if let tight = found.evaluations.first(where: { $0.choice == [1, 6, 3, 10] }) {
            print(
                "schedule theory: \(space.describe(tight.choice)): \(tight.evaluation.summary.chargedPerDay)/day, \(tight.evaluation.reason)"
            )
        }
        #expect(mean >= 0.98 * optimum - 3 * standardError)
        #expect(mean <= optimum + 3 * standardError)
        #expect(mean >= single + 10 * standardError)
    }
}
