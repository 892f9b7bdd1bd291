import Foundation
import Testing
import WidgetBudgetKit

/// A schedule search evaluates at most `max_evaluations` schedules (issue #27, item 12: a
/// 48-segment search ran 484 s and `max_evaluations` did not bound it), so the work estimate's
/// count is a bound on the run; and a search that the budget does not cut is unchanged.
@Suite("Optimization: the schedule search's evaluation budget")
struct ScheduleSearchBudgetTests {
    /// 48 segments × 14 options, separable convex losses under a binding budget: a search that
    /// runs its rounds of local search over 5,000-odd neighbours each.
    static let counts = Array(repeating: 14, count: 48)

    static func score(_ c: [Int]) -> ScheduleSearch.Score {
        let cost = c.enumerated().reduce(0.0) { $0 + Double(14 - $1.element) * (1 + Double($1.offset % 3)) }
        let loss = c.enumerated().reduce(0.0) { $0 + Double(1 + $1.offset % 5) * Double($1.element + 1).squareRoot() }
        return ScheduleSearch.Score(loss: loss, reloadsPerDay: cost, feasible: cost <= 300)
    }

    @Test("48 segments: at most max_evaluations schedules, the best of them returned")
    func budgetBoundsTheSearch() {
        let unbounded = ScheduleSearch.run(optionCounts: Self.counts) { $0.map(Self.score) }
        #expect(unbounded.evaluated.count > 4_000, "\(unbounded.evaluated.count)")
        for budget in [1, 600, 1_300, 4_000] {
            var calls = 0
            let found = ScheduleSearch.run(optionCounts: Self.counts, maxEvaluations: budget) { batch in
                calls += batch.count
                return batch.map(Self.score)
            }
            #expect(found.evaluated.count == budget, "budget \(budget)")
            #expect(calls == budget)
            #expect(Set(found.evaluated).count == budget)
            let best = found.evaluated.min { ScheduleSearch.isBetter(Self.score($0), $0, than: Self.score($1), $1) }!
            #expect(found.best == best)
            #expect(found.score == Self.score(best))
        }
    }

    @Test("a budget the search does not reach changes nothing")
    func largeBudgetIsTheSameSearch() {
        let counts = [6, 6, 6, 6]
        let unbounded = ScheduleSearch.run(optionCounts: counts) { $0.map(Self.score) }
        let bounded = ScheduleSearch.run(optionCounts: counts, maxEvaluations: unbounded.evaluated.count) { $0.map(Self.score) }
        #expect(bounded.evaluated == unbounded.evaluated)
        #expect(bounded.best == unbounded.best)
    }

    @Test("the work estimate of a 48-segment search counts at most max_evaluations")
    func estimateCountsTheBudget() {
        var space = SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.never])
        space.schedule = ScheduleSpace(
            segments: (0..<48).map { TimeWindow(start: Double($0 * 1800), end: Double(($0 + 1) % 48 * 1800)) },
            afters: (1...13).map { Double($0) * 600 } + [nil])
        var scenario = Scenario(name: "w", widgets: [WidgetSpec(name: "a", kind: "a", provider: .never)])
        scenario.days = 7
        let settings = OptimizationSettings(
            space: space, constraints: OptimizationConstraints(budgets: 40...70), replications: 4, searchBudget: 4_000)
        let work = WorkEstimate(optimizing: scenario, settings: settings)
        // (4,000 + 1) × 7 days × 4 replications.
        #expect(work.widgetDays == 4_001 * 7 * 4)
        #expect(work.factors.hasPrefix("(4000 candidates at most, searched of"))
        var more = settings
        more.searchBudget = 10_000_000
        let bySearch = WorkEstimate(optimizing: scenario, settings: more)
        // The search's own bound. Neighbours: 48 × 13 + 2 × 48 × 47 + 8 × C(48, 3) = 624 + 4,512 +
        // 8 × 17,296 = 143,504. Search: 1 + 2 × 48 × 13 + 24 + 3 starts × 8 rounds × 143,504 =
        // 3,445,369; polishing 4 × 143,504 = 574,016: 4,019,385 candidates; + 1, × 7 × 4.
        #expect(bySearch.widgetDays == 4_019_386 * 7 * 4)
    }
}
