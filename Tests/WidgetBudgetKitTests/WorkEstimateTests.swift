import Testing
import WidgetBudgetKit

/// The work an optimization asks for counts its candidates, and racing's cap as an upper bound.
@Suite("Work estimate of an optimization")
struct WorkEstimateTests {
    /// 3 spacings × 4 entry counts (1 collapses to one candidate per policy and window) × 2
    /// aligns × 2 policies × 2 window lists: 2 × 2 × (2 × 3 × 3 + 1) = 76 candidates.
    static let space = SearchSpace(
        spacings: [60, 300, 900], entries: [1, 6, 12, 30], aligns: [.none, .minute], policies: [.atEnd, .never],
        windows: [[], [TimeWindow(start: 7 * 3600, end: 23 * 3600)]])

    static func settings(method: SearchMethod = .auto, replications: Int = 8, maxReplications: Int = 64) -> OptimizationSettings {
        OptimizationSettings(
            space: space, constraints: OptimizationConstraints(budgets: 40...70), replications: replications, method: method,
            searchBudget: 50, maxReplications: maxReplications)
    }

    static func scenario(days: Int) -> Scenario {
        var s = Scenario(name: "w", widgets: [WidgetSpec(name: "a", kind: "a", provider: .never)])
        s.days = days
        return s
    }

    @Test func exhaustiveCountsEveryCandidateAndTheCurrentPolicy() {
        #expect(Self.space.count == 76)
        let work = WorkEstimate(optimizing: Self.scenario(days: 30), settings: Self.settings())
        // (76 + 1) × 30 days × 8 replications = 18,480.
        #expect(work.widgetDays == 18_480)
        // Racing from 8 to 64: 16 + 32 + 64 = 112 replications per candidate at most:
        // 76 × 30 × 112 = 255,360.
        #expect(work.extra == WorkEstimate.Extra(what: "racing up to 64 replications", widgetDays: 255_360))
        #expect(work.isWithinLimit)
        #expect(
            work.description.hasPrefix("(76 candidates of the space + the current policy) × 30 days × 8 replications × 1 widget = 18480"))
    }

    @Test func aSearchCountsItsBudgetAndAShardItsPart() {
        // The search makes at most 50 evaluations: (50 + 1) × 10 × 8 = 4,080.
        #expect(WorkEstimate(optimizing: Self.scenario(days: 10), settings: Self.settings(method: .search)).widgetDays == 4_080)
        // Shard 3 of 8 of 76 takes indexes 2, 10, …, 74: 10 candidates; (10 + 1) × 10 × 8 = 880, and
        // no racing (the merge ranks).
        let shard = WorkEstimate(optimizing: Self.scenario(days: 10), settings: Self.settings(), shard: Shard(index: 3, count: 8))
        #expect(shard.widgetDays == 880)
        #expect(shard.extra == nil)
        // A cap that is not a doubling: 5 → 10 → 20 → 25, 55 replications on top.
        let capped = WorkEstimate(optimizing: Self.scenario(days: 1), settings: Self.settings(replications: 5, maxReplications: 25))
        #expect(capped.extra?.widgetDays == 76 * 55)
    }

    @Test func aScheduleSearchCountsItsBoundNotTheWholeSpace() {
        // 4 segments × 14 intervals: 14^4 = 38,416 schedules, past the exhaustive limit, so searched.
        var space = SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.never])
        let hours = [7, 9, 17, 23, 7]
        space.schedule = ScheduleSpace(
            segments: (0..<4).map { TimeWindow(start: Double(hours[$0] * 3600), end: Double(hours[$0 + 1] * 3600)) },
            afters: (1...13).map { Double($0) * 600 } + [nil])
        let settings = OptimizationSettings(space: space, constraints: OptimizationConstraints(budgets: 40...70))
        // One shape. Neighbours: 4 × 13 + 2 × 4 × 3 + 8 × C(4, 3) = 52 + 24 + 32 = 108. Search:
        // 1 + 2 × 4 × 13 + 24 frontier schedules + 3 starts × 8 rounds × 108 = 2,721; polishing:
        // 4 × 108 = 432; 3,153 in all (under max_evaluations' 4,000). (3,153 + 1) × 7 days × 8
        // replications = 176,624.
        let work = WorkEstimate(optimizing: Self.scenario(days: 7), settings: settings)
        #expect(work.widgetDays == 176_624)
        #expect(work.factors.hasPrefix("(3153 candidates at most, searched of 38416 + the current policy)"))
    }

    @Test func pastTheLimitIsOneLineNamingTheNumbersAndForce() throws {
        // (76 + 1) × 3660 days × 100 replications = 28,182,000 > 5,000,000.
        let work = WorkEstimate(optimizing: Self.scenario(days: 3660), settings: Self.settings(replications: 100))
        #expect(work.widgetDays == 28_182_000)
        let error = #expect(throws: WorkLimitError.self) { try work.check(force: false, hint: "or --force") }
        #expect(error?.description.contains("= 28182000 widget-days") == true)
        #expect(error?.description.contains("past the limit of 5000000 widget-days (docs/limits.md); or --force") == true)
        try work.check(force: true, hint: "")
    }

    /// Issue #27, item 1: 24 segments × 14 intervals is 14^24 schedules, past `Int.max`; the
    /// estimate trapped on `candidates + 1`. Every count saturates: the run is refused in one line.
    @Test func aSpaceBeyondIntMaxSaturatesInsteadOfTrapping() throws {
        var space = SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.never])
        space.schedule = ScheduleSpace(
            segments: (0..<24).map { TimeWindow(start: Double($0 * 3600), end: Double(($0 + 1) % 24 * 3600)) },
            afters: (1...13).map { Double($0) * 600 } + [nil])
        #expect(space.scheduleCount == Int.max)
        for method in [SearchMethod.exhaustive, .auto, .search] {
            let settings = OptimizationSettings(
                space: space, constraints: OptimizationConstraints(budgets: 40...70), method: method)
            let work = WorkEstimate(optimizing: Self.scenario(days: 7), settings: settings)
            if method == .exhaustive {
                #expect(work.widgetDays == Int.max)
                #expect(work.extra?.widgetDays == Int.max)
                #expect(!work.isWithinLimit)
                let error = #expect(throws: WorkLimitError.self) { try work.check(force: false, hint: "or optimize --force") }
                #expect(error?.description.contains("(9223372036854775807 candidates of the space + the current policy)") == true)
            } else {
                // Searched: neighbours 24 × 13 + 2 × 24 × 23 + 8 × C(24, 3) = 312 + 1,104 + 16,192 =
                // 17,608; 1 + 2 × 24 × 13 + 24 + 3 × 8 × 17,608 = 423,241, polishing 4 × 17,608 =
                // 70,432: 493,673 candidates at most, capped by max_evaluations (4,000).
                #expect(WorkEstimate.scheduleNeighbours(segments: 24, options: 14) == 17_608)
                #expect(WorkEstimate.scheduleSearchBound(segments: 24, options: 14) + 4 * 17_608 == 493_673)
                #expect(work.factors.hasPrefix("(4000 candidates at most, searched of 9223372036854775807"))
            }
        }
    }

    /// Every count of the estimate saturates, not only the product: sums, a shard's part of a
    /// space of `Int.max`, racing's ladder to a huge cap, a policy space's size.
    @Test func everyCountSaturates() {
        #expect(WorkEstimate.sum([Int.max, 1]) == Int.max)
        #expect(WorkEstimate.sum([Int.max - 1, 1]) == Int.max)
        #expect(WorkEstimate.sum([2, 3]) == 5)
        #expect(WorkEstimate.racingLadder(from: 1, to: Int.max) == Int.max)
        #expect(WorkEstimate.scheduleSearchBound(segments: Int.max / 2, options: 14) == Int.max)
        // 10^5 windows × 10^5 policies × 3 aligns × 10^5 spacings × 10^5 entries = 3 × 10^20.
        // (Set directly: the initialiser's de-duplication is not what is tested.)
        var big = SearchSpace(spacings: [60], entries: [2], aligns: [.none, .minute, .hour], policies: [.atEnd])
        big.spacings = (1...100_000).map(Double.init)
        big.entries = Array(2...100_001)
        big.policies = (1...100_000).map { .after(Double($0)) }
        big.windows = (0..<100_000).map { _ in [TimeWindow(start: 0, end: 3600)] }
        #expect(big.count == Int.max)
        #expect(big.combinations == Int.max)
        // Shard 2 of 3 of a space of Int.max: its part is ⌈(Int.max − 1) / 3⌉ without overflow.
        let shard = WorkEstimate(
            optimizing: Self.scenario(days: 1),
            settings: OptimizationSettings(space: big, constraints: OptimizationConstraints(budgets: 40...70), replications: 1),
            shard: Shard(index: 2, count: 3))
        #expect(shard.factors.hasPrefix("(\((Int.max - 2) / 3 + 1) candidates in shard 2/3 of \(Int.max) + the current policy)"))
        #expect(shard.widgetDays == (Int.max - 2) / 3 + 2)
    }
}
