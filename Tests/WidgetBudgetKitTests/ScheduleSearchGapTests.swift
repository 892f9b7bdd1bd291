import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Issue #22 item 4: the schedule search against the exhaustive sweep, on 5 seeds of each problem,
/// every schedule judged on the same inputs (common random numbers), so the gap is the search's
/// alone. Small days and replications keep the sweeps quick; the problems keep their shape: the
/// bundled news-commute-schedule (4 segments), 5 segments in Europe/Paris across the spring-forward
/// night, a tight budget of 12, and uniform content and views (one interval optimal).
@Suite("Optimization: the schedule search's gap to the exhaustive optimum")
struct ScheduleSearchGapTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var segments: [String]
        var afters: [Double?]
        var changes: [Double]
        var views: [Double]
        var budget: Int
        var timeZone = "UTC"
        /// Start, local time: `2026-01-05` (a Monday) unless set.
        var start = DateComponents(year: 2026, month: 1, day: 5)
        var description: String { name }
    }

    static let cases = [
        Case(
            name: "news-commute-schedule (4 segments, budget 40)",
            segments: ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"],
            afters: [600, 900, 1_200, 1_800, 3_600, 14_400, nil], changes: [3, 1, 2, 0.5], views: [20, 4, 10, 0.5], budget: 40),
        Case(
            name: "5 segments, Europe/Paris, spring forward (budget 30)",
            segments: ["06:00-08:00", "08:00-12:00", "12:00-14:00", "14:00-20:00", "20:00-06:00"],
            afters: [900, 1_800, 3_600, 7_200, nil], changes: [3, 1, 2, 1, 0.3], views: [20, 5, 12, 5, 1], budget: 30,
            timeZone: "Europe/Paris", start: DateComponents(year: 2026, month: 3, day: 28)),
        Case(
            name: "tight budget of 12 (4 segments)",
            segments: ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"],
            afters: [1_800, 3_600, 7_200, 14_400, 28_800, nil], changes: [2, 1, 1.5, 0.3], views: [15, 3, 8, 0.5], budget: 12),
        // The same content and views all day: one interval is optimal (Cho–Garcia-Molina: equal
        // spacing maximises freshness under a total budget), so the segments must not drift apart.
        Case(
            name: "uniform content and views (4 segments, budget 40)",
            segments: ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"],
            afters: [1_800, 2_400, 3_600, 7_200, nil], changes: [1, 1, 1, 1], views: [5, 5, 5, 5], budget: 40),
    ]

    static func problem(_ c: Case, seed: UInt64) -> (OptimizationProblem, ScheduleSpace) {
        let windows = c.segments.map { TimeWindow($0)! }
        let zone = TimeZone(identifier: c.timeZone)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let scenario = TestScenarios.single(
            .never, days: 2, replications: 2, seed: seed, start: calendar.date(from: c.start)!, timeZone: zone,
            budget: .fixed(c.budget), unpredictable: ScheduleSearchTests.process(c.changes, windows),
            views: ScheduleSearchTests.process(c.views, windows))
        let settings = OptimizationSettings(
            space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]), objective: .viewFreshness,
            constraints: OptimizationConstraints(budgets: c.budget...c.budget), replications: 2)
        return (OptimizationProblem(scenario: scenario, settings: settings), ScheduleSpace(segments: windows, afters: c.afters))
    }

    /// The gap is (exhaustive optimum − search's) / exhaustive optimum, in views fresh, both on the
    /// same evaluations. Required: at most 0.3 % on every seed (the issue's bar).
    @Test("within 0.3 % of the exhaustive optimum on 5 seeds", arguments: cases)
    func gap(_ c: Case) throws {
        var gaps: [Double] = []
        for seed in UInt64(1)...5 {
            let (problem, space) = Self.problem(c, seed: seed)
            let sweep = problem.sweepSchedules(space)
            let best = try #require(
                sweep.min {
                    ScheduleSearch.isBetter(
                        problem.scheduleScore($0.evaluation), $0.choice, than: problem.scheduleScore($1.evaluation), $1.choice)
                })
            try #require(best.evaluation.feasible)
            let found = problem.searchSchedules(space)
            #expect(found.result.score.feasible)
            let optimum = best.evaluation.objective, searched = -found.result.score.loss
            let gap = (optimum - searched) / optimum
            gaps.append(gap)
            print(
                "schedule gap \(c.name) seed \(seed): \(found.evaluations.count) of \(sweep.count) evaluated, "
                    + "search \(searched) (\(space.describe(found.result.best))), exhaustive \(optimum) "
                    + "(\(space.describe(best.choice))), gap \(String(format: "%.3f", gap * 100)) %")
            #expect(gap <= 0.003, "seed \(seed): gap \(gap * 100) %")
        }
        print("schedule gap \(c.name): worst \(String(format: "%.3f", gaps.max()! * 100)) % over 5 seeds")
    }
}
