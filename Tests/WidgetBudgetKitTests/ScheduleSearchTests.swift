import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The schedule search: on synthetic curves with a brute-force answer, against the exhaustive
/// sweep of a small simulated space, and against Cho and Garcia-Molina's continuous allocation.
@Suite("Optimization: time-of-day schedules")
struct ScheduleSearchTests {
    static let segments = ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"].map { TimeWindow($0)! }

    /// Segment s, option k: loss w_s / (k + 1)-ish (convex, decreasing in reloads), cost 2^k;
    /// the budget binds. Brute force over the 6^4 schedules gives the answer.
    @Test("separable curves under one budget: the search finds the brute-force optimum")
    func separableSynthetic() {
        let weights = [9.0, 1.0, 4.0, 0.5]
        let counts = [6, 6, 6, 6]
        // Option 0 reloads most (32 a day), option 5 least (1).
        func score(_ c: [Int]) -> ScheduleSearch.Score {
            let cost = c.reduce(0.0) { $0 + pow(2, Double(5 - $1)) }
            let loss = zip(weights, c).reduce(0.0) { $0 + $1.0 / pow(2, Double(5 - $1.1)).squareRoot() }
            return ScheduleSearch.Score(loss: loss, reloadsPerDay: cost, feasible: cost <= 40)
        }
        var all: [[Int]] = [[]]
        for n in counts { all = all.flatMap { c in (0..<n).map { c + [$0] } } }
        let brute = all.min { ScheduleSearch.isBetter(score($0), $0, than: score($1), $1) }!
        let found = ScheduleSearch.run(optionCounts: counts) { $0.map(score) }
        #expect(found.best == brute)
        #expect(found.evaluated.count < all.count / 4)
    }

    /// 3 segments × 5 intervals (125 schedules), news-like changes and views differing by segment.
    static func smallCase(seed: UInt64) -> (OptimizationProblem, ScheduleSpace) {
        let segments = ["07:00-09:00", "09:00-17:00", "17:00-07:00"].map { TimeWindow($0)! }
        let space = ScheduleSpace(segments: segments, afters: [600, 1_800, 3_600, 7_200, nil])
        let scenario = TestScenarios.single(
            .never, days: 2, replications: 2, seed: seed, budget: .fixed(30),
            unpredictable: process([3, 1, 0.5], segments), views: process([60, 4, 2], segments))
        return (OptimizationProblem(scenario: scenario, settings: settings(replications: 2)), space)
    }

    static func settings(replications: Int) -> OptimizationSettings {
        OptimizationSettings(
            space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]), objective: .viewFreshness,
            constraints: OptimizationConstraints(budgets: 30...30), replications: replications)
    }

    /// Poisson processes of the given rates per hour, one per segment.
    static func process(_ perHour: [Double], _ segments: [TimeWindow]) -> EventProcess {
        EventProcess(.merged(zip(perHour, segments).map { EventProcess(.poisson(perHour: $0), during: [$1]) }))
    }

    /// The gap is deterministic: every schedule sees the same inputs, so the search's evaluation
    /// of a schedule is the sweep's.
    @Test("the search against the exhaustive sweep of a small simulated space", arguments: [UInt64(1), 2])
    func searchAgainstSweep(seed: UInt64) throws {
        let (problem, space) = Self.smallCase(seed: seed)
        let sweep = problem.sweepSchedules(space)
        let best = sweep.min {
            ScheduleSearch.isBetter(problem.scheduleScore($0.evaluation), $0.choice, than: problem.scheduleScore($1.evaluation), $1.choice)
        }!
        let found = problem.searchSchedules(space)
        let exhaustive = best.evaluation.objective, searched = -found.result.score.loss
        print(
            "schedule search seed \(seed): \(found.evaluations.count) of \(sweep.count) evaluated, search \(searched) (\(space.describe(found.result.best))), exhaustive \(exhaustive) (\(space.describe(best.choice)))"
        )
        #expect(found.result.score.feasible)
        #expect(searched >= exhaustive * 0.99)
        #expect(found.evaluations.count < sweep.count)
    }

    /// docs/optimizer.md's library example, verbatim, on the small simulated case.
    @Test("the docs' schedule example runs and describes one interval per segment")
    func docsExample() {
        let (problem, _) = Self.smallCase(seed: 1)
        let space = ScheduleSpace(
            segments: ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"].map { TimeWindow($0)! },
            afters: [300, 600, 900, 1_200, 1_800, 2_700, 3_600, 5_400, 7_200, 10_800, 14_400, 21_600, 28_800, nil])  // nil: never
        let found = problem.searchSchedules(space)  // an OptimizationProblem, as for any candidate
        print(space.describe(found.result.best))  // 07:00-09:00 after 10m; 09:00-17:00 after 1h; …
        #expect(found.result.best.count == 4)
        #expect(space.describe(found.result.best).components(separatedBy: "; ").count == 4)
    }
}
