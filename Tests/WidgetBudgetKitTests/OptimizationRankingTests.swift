import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The ranking's rules on hand-made records whose answers are worked out by hand: the tolerance,
/// noise (paired differences), which leaders racing takes, the Pareto front and the budget steps,
/// and the search on synthetic objectives with a known argmin.
@Suite("Optimization: ranking and search on known answers")
struct OptimizationRankingTests {
    static func record(
        _ entries: Int, spacing: Double = 60, policy: FixedPolicy = .atEnd, objective: Double, charged: Double = 24,
        memory: Double = 5, needed: Int? = nil, replications: [Double] = []
    ) -> CandidateRecord {
        CandidateRecord(
            candidate: PolicyCandidate(spacing: spacing, entries: entries, align: .none, policy: policy), objective: objective,
            unlimitedObjective: objective, chargedPerDay: charged, peakMemoryMB: memory, exhaustedDayFraction: 0, kills: 0,
            neededBudget: needed ?? Int(charged.rounded(.up)), feasible: true, replicationObjectives: replications)
    }

    static let ranking = CandidateRanking(objective: .meanAge, constraints: OptimizationConstraints(budgets: 40...70), memoryCeilingMB: 24)

    @Test("within the tolerance the candidate spending less budget wins, then less memory, then the simpler")
    func toleranceThenCost() throws {
        // 24 reloads a day at 0.00 s against 12 a day at 0.04 s: 0.04 s is under the 1 s tolerance.
        let fresh = Self.record(120, policy: .after(3_600), objective: 0, charged: 24)
        let cheap = Self.record(120, objective: 0.04, charged: 12)
        let choice = try #require(Self.ranking.choice([fresh, cheap]))
        #expect(choice.leader.candidate == fresh.candidate)
        #expect(choice.chosen.candidate == cheap.candidate)
        #expect(Self.ranking.reason(chose: choice.chosen, over: choice.leader) == .lessBudget)
        // Same budget: less memory; same memory: fewer entries.
        let lean = Self.record(61, objective: 0.5, charged: 24, memory: 4)
        #expect(Self.ranking.recommendation([fresh, lean])?.candidate == lean.candidate)
        let short = Self.record(30, objective: 0.9, charged: 24, memory: 5)
        #expect(Self.ranking.recommendation([fresh, short])?.candidate == short.candidate)
        // 1.5 s apart is beyond the tolerance: the fresher wins whatever it costs.
        let stale = Self.record(120, objective: 1.5, charged: 12)
        #expect(Self.ranking.recommendation([fresh, stale])?.candidate == fresh.candidate)
        // A tolerance of 0 restores the plain objective order.
        let strict = CandidateRanking(
            objective: .meanAge, constraints: OptimizationConstraints(budgets: 40...70), memoryCeilingMB: 24, tolerance: 0)
        #expect(strict.recommendation([fresh, cheap])?.candidate == fresh.candidate)
    }

    @Test("noise never decides: an inseparable pair is equivalent, a separable one is not; racing takes the inseparable")
    func pairedDifferences() {
        let leader = Self.record(1, policy: .after(2_160), objective: 100, charged: 40, replications: [100, 102, 98, 100])
        // 3 s worse in every replication: the paired differences have no spread, so 3 s is real.
        let separable = Self.record(1, policy: .after(2_220), objective: 103, charged: 39, replications: [103, 105, 101, 103])
        // 3 s worse on average, but the differences are 10, −7, 10, −1: mean 3, sd √(214/3) = 8.45,
        // t(3) = 3.182 → half-width 3.182 × 8.45 / 2 = 13.4 ≥ 3, so the interval contains 0.
        let noisy = Self.record(1, policy: .after(2_280), objective: 103, charged: 38, replications: [110, 95, 108, 99])
        let d = Self.ranking.pairedDifference(leader, noisy)
        #expect(abs(d.mean - 3) < 1e-12)
        #expect(abs(d.halfWidth! - 3.182 * (214.0 / 3).squareRoot() / 2) < 1e-9)
        #expect(Self.ranking.separable(leader, separable))
        #expect(!Self.ranking.separable(leader, noisy))
        #expect(Self.ranking.recommendation([leader, separable])?.candidate == leader.candidate)
        // Inseparable and cheaper: chosen, as the output then says.
        #expect(Self.ranking.recommendation([leader, separable, noisy])?.candidate == noisy.candidate)
        let racing = CandidateRacing(
            problem: OptimizationProblem(
                scenario: TestScenarios.single(.never),
                settings: OptimizationSettings(
                    space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]),
                    constraints: OptimizationConstraints(budgets: 40...70), replications: 4)),
            ranking: Self.ranking, maxReplications: 64)
        #expect(racing.contenders([leader, separable, noisy]) == [0, 2])
        #expect(racing.contenders([leader, separable]).isEmpty)
    }

    /// A: 100 s, 40/day, 5 MB; B: 200 s, 20/day; C: 150 s, 40/day, 4 MB (needs 41); D: 300 s,
    /// 30/day, 6 MB; E: 99.5 s, 45/day.
    static let handCase = [
        record(10, objective: 100, charged: 40, memory: 5), record(20, objective: 200, charged: 20, memory: 5),
        record(30, objective: 150, charged: 40, memory: 4, needed: 41), record(40, objective: 300, charged: 30, memory: 6),
        record(50, objective: 99.5, charged: 45, memory: 5),
    ]

    @Test("the Pareto front and the budget steps of a hand-computed case")
    func paretoAndSteps() {
        let r = Self.handCase
        // D is beaten by B on all three (200 < 300, 20 < 30, 5 < 6); no other is beaten on all three.
        #expect(Self.ranking.pareto(r).map(\.candidate.entries) == [50, 10, 30, 20])
        // E is freshest but within 1 s of A, which spends 40 instead of 45: A is recommended.
        #expect(Self.ranking.recommendation(r)?.candidate.entries == 10)
        // Budgets 20…39 fit B and D (B fresher); from 40 A; C at 41 and E at 45 do not beat A
        // (C is staler; E is A's equivalent and costs more).
        let steps = Self.ranking.budgetSteps(r, maxBudget: 70)
        #expect(steps.map(\.budgets) == [20...39, 40...70])
        #expect(steps.map(\.record.candidate.entries) == [20, 10])
    }

    /// A synthetic objective over a space of 7 spacings × 120 entry counts × 2 alignments × 5
    /// policies (8,400 candidates), each evaluated as a record.
    static let syntheticSpace = SearchSpace(
        spacings: [30, 60, 120, 300, 600, 900, 1_800], entries: Array(1...120), aligns: [.none, .minute],
        policies: [.atEnd, .after(900), .after(1_800), .after(3_600), .never])

    static func searchArgmin(_ f: @escaping @Sendable (PolicyCandidate) -> (objective: Double, feasible: Bool)) -> (
        found: PolicyCandidate?, evaluated: Int
    ) {
        let search = PolicySearch(space: syntheticSpace, ranking: ranking, maxEvaluations: 4_000)
        var evaluated = 0
        var all: [CandidateRecord] = []
        search.run { batch in
            evaluated += batch.count
            let records = batch.map { c in
                let (o, ok) = f(c)
                var r = record(c.entries, objective: o)
                r.candidate = c
                r.feasible = ok
                return r
            }
            all += records
            return records
        }
        return (ranking.recommendation(all)?.candidate, evaluated)
    }

    @Test("the search finds the argmin of a separable synthetic objective")
    func syntheticSeparable() {
        // 0 at 48 entries 5 minutes apart, unaligned, after 30 min; at least 5 s anywhere else.
        let (found, evaluated) = Self.searchArgmin { c in
            let policyCost: Double = c.policy == .after(1_800) ? 0 : 30
            let o =
                100 * abs(log2(Double(c.entries) / 48)) + 50 * abs(log2(max(c.spacing, 1) / 300)) + policyCost
                + (c.align == .none ? 0 : 5)
            return (o, true)
        }
        #expect(found == PolicyCandidate(spacing: 300, entries: 48, align: .none, policy: .after(1_800)))
        #expect(evaluated < Self.syntheticSpace.count / 4, "evaluated \(evaluated)")
    }

    @Test("the search finds the argmin on a constraint's boundary")
    func syntheticBoundary() {
        // Feasible when the timeline spans at least 2 h; the objective grows with the span and
        // a little with the entries: the argmin is the shortest feasible span with fewest
        // entries, 4 entries 30 minutes apart (7,200 s + 0.04) ahead of 8 × 15 min (7,200.08).
        let (found, _) = Self.searchArgmin { c in
            let span = Double(c.entries) * max(c.spacing, 1)
            let o = span + 0.01 * Double(c.entries) + (c.policy == .atEnd ? 0 : 100) + (c.align == .none ? 0 : 50)
            return (o, span >= 7_200)
        }
        #expect(found == PolicyCandidate(spacing: 1_800, entries: 4, align: .none, policy: .atEnd))
    }
}
