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
        memory: Double = 5, needed: Int? = nil, replications: [Double] = [], freshness: Double? = nil
    ) -> CandidateRecord {
        CandidateRecord(
            candidate: PolicyCandidate(spacing: spacing, entries: entries, align: .none, policy: policy), objective: objective,
            unlimitedObjective: objective, chargedPerDay: charged, peakMemoryMB: memory, exhaustedDayFraction: 0, kills: 0,
            neededBudget: needed ?? Int(charged.rounded(.up)), feasible: true, replicationObjectives: replications,
            freshness: freshness)
    }

    static let ranking = CandidateRanking(objective: .meanAge, constraints: OptimizationConstraints(budgets: 40...70), memoryCeilingMB: 24)
    /// The budget at risk: the freshest below needs 24 a day, above 25 − ⌈25/10⌉ = 22.
    static let tight = CandidateRanking(objective: .meanAge, constraints: OptimizationConstraints(budgets: 25...70), memoryCeilingMB: 24)

    @Test("budget at risk: within the tolerance the candidate spending less budget wins, then less memory, then the simpler")
    func toleranceThenCost() throws {
        // 24 reloads a day at 0.00 s against 12 a day at 0.04 s: 0.04 s is under the 1 s tolerance,
        // and 24 a day is within the headroom of 3 under the low end of 25: the budget is at risk.
        let fresh = Self.record(120, policy: .after(3_600), objective: 0, charged: 24)
        let cheap = Self.record(120, objective: 0.04, charged: 12)
        let choice = try #require(Self.tight.choice([fresh, cheap]))
        #expect(choice.leader.candidate == fresh.candidate)
        #expect(choice.chosen.candidate == cheap.candidate)
        #expect(choice.rule == .cheaperBudgetAtRisk && choice.budgetFloor == 25 && choice.headroom == 3)
        #expect(Self.tight.reason(chose: choice.chosen, over: choice.leader) == .lessBudget)
        // Same budget: less memory; same memory: fewer entries.
        let lean = Self.record(61, objective: 0.5, charged: 24, memory: 4)
        #expect(Self.tight.recommendation([fresh, lean])?.candidate == lean.candidate)
        let short = Self.record(30, objective: 0.9, charged: 24, memory: 5)
        #expect(Self.tight.recommendation([fresh, short])?.candidate == short.candidate)
        // 1.5 s apart is beyond the tolerance: the fresher wins whatever it costs.
        let stale = Self.record(120, objective: 1.5, charged: 12)
        #expect(Self.tight.recommendation([fresh, stale])?.candidate == fresh.candidate)
        // A tolerance of 0 restores the plain objective order.
        let strict = CandidateRanking(
            objective: .meanAge, constraints: OptimizationConstraints(budgets: 25...70), memoryCeilingMB: 24, tolerance: 0)
        #expect(strict.recommendation([fresh, cheap])?.candidate == fresh.candidate)
        // With budgets 40...70 the freshest needs 24 ≤ 40 − 4: saving budget protects nothing.
        let safe = try #require(Self.ranking.choice([fresh, cheap]))
        #expect(safe.chosen.candidate == fresh.candidate && safe.rule == .freshestBudgetSafe && safe.headroom == 4)
    }

    /// Issue #22 item 7, seed 002's clock as the optimizer measured it (8 replications there; 4
    /// here): `.after(1h)` never stale (24 a day), `.atEnd` 99.8 % fresh (12.1 a day), `.after(2h)`
    /// 98.8 % (12.0 a day). In mean age all three are within 1 s (the paired intervals below are
    /// far inside it), but a person sees 0.2 % of a day = 172.8 s and 1.2 % = 1,036.8 s of the wrong
    /// minute, more than the clock's minute (60 s): not equivalent. Without the seen tolerance,
    /// `.after(2h)` is the cheapest equivalent, and wins only where the budget is at risk.
    @Test("a clock: tolerance in what a person sees, and saving budget only when it is at risk")
    func seenToleranceAndBudgetAtRisk() throws {
        let fresh = Self.record(
            120, policy: .after(3_600), objective: 0, charged: 23.7, needed: 24, replications: [0, 0, 0, 0], freshness: 1)
        let atEnd = Self.record(
            120, policy: .atEnd, objective: 0.04, charged: 12.1, needed: 13, replications: [0.04, 0.05, 0.03, 0.04], freshness: 0.998)
        let after2h = Self.record(
            120, policy: .after(7_200), objective: 0.66, charged: 12, needed: 12, replications: [0.6, 0.7, 0.65, 0.69],
            freshness: 0.988)
        let all = [fresh, atEnd, after2h]
        // after(2h) − after(1h): mean 0.66, sd √(0.0062/3) = 0.04546, 90 % half-width
        // 2.353 × 0.04546 / 2 = 0.0535: [0.607, 0.714] lies inside ±1 s.
        let d = Self.ranking.pairedDifference(fresh, after2h)
        #expect(abs(d.halfWidth90! - 2.353 * (0.0062 / 3).squareRoot() / 2) < 1e-9)
        #expect(Self.ranking.compare(fresh, after2h) == .equivalent)
        #expect(abs(Self.ranking.staleSecondsPerDayDifference(fresh, after2h)! - 1_036.8) < 1e-6)
        func seen(_ budgets: ClosedRange<Int>) -> CandidateRanking {
            CandidateRanking(
                objective: .meanAge, constraints: OptimizationConstraints(budgets: budgets, seenTolerance: 60), memoryCeilingMB: 24)
        }
        // With the clock's minute: nothing is equivalent to never stale, at any budget.
        for budgets in [40...70, 25...70] {
            let c = try #require(seen(budgets).choice(all))
            #expect(c.chosen.candidate == fresh.candidate && c.rule == .freshest && c.equivalents.count == 1)
        }
        // In mean age alone, .after(2h) is the cheapest equivalent: kept out at 40...70 (24 ≤ 36),
        // chosen at 25...70 (24 > 22).
        let safe = try #require(Self.ranking.choice(all))
        #expect(safe.chosen.candidate == fresh.candidate && safe.rule == .freshestBudgetSafe)
        #expect(safe.equivalents.first?.candidate == after2h.candidate)
        let risky = try #require(Self.tight.choice(all))
        #expect(risky.chosen.candidate == after2h.candidate && risky.rule == .cheaperBudgetAtRisk)
        // The runner-up is the closest alternative (.atEnd, 0.04 s), never the cheaper one hiding it.
        #expect(Self.tight.runnerUp(all, after: after2h)?.candidate == fresh.candidate)
        #expect(Self.ranking.runnerUp(all, after: fresh)?.candidate == atEnd.candidate)
        // The budget steps judge the risk at each step's own budget B (headroom ⌈B/10⌉): `.atEnd`
        // (needs 13) is kept over `.after(2h)` from 15 (15 − 2 = 13), the freshest (needs 24) from
        // 27 (27 − 3 = 24); below, the cheapest equivalent saves the budget.
        let steps = Self.ranking.budgetSteps(all, maxBudget: 40)
        #expect(steps.map(\.budgets) == [12...14, 15...23, 24...26, 27...40])
        #expect(steps.map(\.record.candidate) == [after2h.candidate, atEnd.candidate, after2h.candidate, fresh.candidate])
    }

    /// Issue #22 item 3: a paired difference of mean 0.5 s whose replications alternate +3 s and
    /// −2 s: with 4 replications its 90 % interval is 0.5 ± 2.353 × 2.887 / 2 = ±3.40 s, 17 times
    /// the point's distance to the edge: no evidence of equivalence within 1 s, and its 95 %
    /// interval (±4.59 s) contains 0. Racing doubles both to 8, 16, 32, 64 (the cap), where the 90 %
    /// interval is 0.5 ± 1.671 × 2.520 / 8 = ±0.526 s, still reaching past +1 s, and the 95 % one
    /// (±0.624 s) still contains 0: undecided at the cap.
    @Test("an interval wider than the tolerance is not equivalence: racing goes on to the cap, still undecided")
    func wideIntervalRacesToCap() throws {
        func reps(_ n: Int, _ base: [Double]) -> [Double] { (0..<n).map { base[$0 % 4] } }
        let leaderBase: [Double] = [100, 102, 98, 100]
        let otherBase = zip(leaderBase, [3.0, -2, 3, -2]).map { $0 + $1 }
        var records = [
            Self.record(1, policy: .after(2_160), objective: 100, charged: 40, replications: reps(4, leaderBase)),
            Self.record(1, policy: .after(2_220), objective: 100.5, charged: 39, replications: reps(4, otherBase)),
        ]
        let d4 = Self.ranking.pairedDifference(records[0], records[1])
        #expect(abs(d4.halfWidth90! - 2.353 * (25.0 / 3).squareRoot() / 2) < 1e-9)
        // Within the tolerance by the point estimates (which used to make them equivalent), but undecided.
        #expect(Self.ranking.withinTolerance(records[0], records[1]))
        #expect(Self.ranking.compare(records[0], records[1]) == .undecided)
        let racing = CandidateRacing(
            problem: OptimizationProblem(
                scenario: TestScenarios.single(.never),
                settings: OptimizationSettings(
                    space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]),
                    constraints: OptimizationConstraints(budgets: 40...70), replications: 4)),
            ranking: Self.ranking, maxReplications: 64)
        var rounds: [Int] = []
        while let round = racing.nextRound(records) {
            let n = try #require(Set(round.values).first)
            rounds.append(n)
            records[0].replicationObjectives = reps(n, leaderBase)
            records[1].replicationObjectives = reps(n, otherBase)
        }
        #expect(rounds == [8, 16, 32, 64])
        let d = Self.ranking.pairedDifference(records[0], records[1])
        #expect(d.count == 64)
        let sd = (64 * 6.25 / 63).squareRoot()
        #expect(abs(d.halfWidth90! - 1.671 * sd / 8) < 1e-9)
        #expect(abs(d.halfWidth! - 1.980 * sd / 8) < 1e-9)
        #expect(Self.ranking.compare(records[0], records[1]) == .undecided)
        // At the cap the pair counts as one that cannot be told apart: equivalent for the choice.
        #expect(Self.ranking.equivalent(records[0], records[1]))
    }

    /// Differences 0.3, 0.2, 0.4, 0.1: mean 0.25, sd 0.1291, 90 % half-width 2.353 × 0.1291 / 2 =
    /// 0.152: [0.098, 0.402] lies inside ±1 s. Equivalent, though the 95 % interval (±0.205)
    /// excludes 0: a real difference, of no practical interest.
    @Test("an interval inside the tolerance is equivalence")
    func intervalInsideTolerance() {
        let a = Self.record(1, policy: .after(2_160), objective: 100, charged: 40, replications: [100, 102, 98, 100])
        let b = Self.record(1, policy: .after(2_220), objective: 100.25, charged: 39, replications: [100.3, 102.2, 98.4, 100.1])
        let d = Self.ranking.pairedDifference(a, b)
        #expect(abs(d.halfWidth90! - 2.353 * (0.05 / 3).squareRoot() / 2) < 1e-9)
        #expect(d.isSignificant == true)
        #expect(Self.ranking.compare(a, b) == .equivalent)
        #expect(Self.ranking.equivalent(a, b))
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
        // E is freshest but within 1 s of A, which spends 40 instead of 45, and E's 45 a day is
        // above 40 less the headroom of 4: the budget is at risk, A is recommended.
        #expect(Self.ranking.recommendation(r)?.candidate.entries == 10)
        // Budgets 20…39 fit B and D (B fresher); from 40 A; C at 41 is staler; E (needs 45) is A's
        // equivalent and costs more, so A while E is at risk (B − ⌈B/10⌉ < 45, up to 49), E from 50.
        let steps = Self.ranking.budgetSteps(r, maxBudget: 70)
        #expect(steps.map(\.budgets) == [20...39, 40...49, 50...70])
        #expect(steps.map(\.record.candidate.entries) == [20, 10, 50])
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
