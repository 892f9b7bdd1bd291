/// Racing: more replications for the leaders that noise cannot yet separate, so that noise never
/// decides the recommendation.
///
/// After every candidate has run its replications, the leader by objective is compared with each
/// feasible candidate (``CandidateRanking/compare(_:_:)``): when their pair is undecided (the 95 %
/// interval of the paired difference contains 0 and its 90 % interval reaches beyond the
/// tolerance, so it is neither distinguishable nor equivalent), both are run again with twice the
/// replications (the first ones identical, every candidate seeing the same inputs: common random
/// numbers), up to `maxReplications`. Rounds repeat until every such pair is decided or the cap is
/// reached; a pair still undecided at the cap "could not be told apart at N replications", and
/// the choice treats it as equivalent (``CandidateRanking/choice(_:feasibleOnly:unlimited:budgetFloor:)``).
/// Deterministic: which candidates are raced depends only on the evaluations, never on timing.
public struct CandidateRacing: Sendable {
    /// The problem the candidates are evaluated on.
    public var problem: OptimizationProblem
    /// The ranking (objective, tolerance, constraints).
    public var ranking: CandidateRanking
    /// The most replications a candidate gets.
    public var maxReplications: Int
    /// The most challengers raced against the leader in one round (the nearest by objective):
    /// bounds the cost when many candidates are alike.
    public var maxChallengers = 16

    /// Creates a race.
    public init(problem: OptimizationProblem, ranking: CandidateRanking, maxReplications: Int) {
        self.problem = problem
        self.ranking = ranking
        self.maxReplications = maxReplications
    }

    /// The evaluations with the raced candidates re-evaluated at more replications (same order).
    ///
    /// Each round takes the leader and the (at most ``maxChallengers`` nearest) challengers it
    /// cannot yet tell apart from, and doubles the replications the pair has in common (up to the
    /// cap); a challenger behind the leader first catches up with it.
    ///
    /// - Parameters:
    ///   - evaluations: every candidate's evaluation at the settings' replications.
    ///   - evaluate: runs the given candidates at the given replications (in parallel, results in
    ///     order).
    public func race(
        _ evaluations: [CandidateEvaluation],
        evaluate: ([PolicyCandidate], Int) -> [CandidateEvaluation]
    ) -> [CandidateEvaluation] {
        var out = evaluations
        while let round = nextRound(out.map(CandidateRecord.init)) {
            // One batch per target count, in index order: deterministic whatever the core count.
            for n in Set(round.values).sorted() {
                let redo = round.keys.filter { round[$0] == n }.sorted()
                let done = evaluate(redo.map { out[$0].candidate! }, n)
                for (k, i) in redo.enumerated() { out[i] = done[k] }
            }
        }
        return out
    }

    /// The replications each raced candidate is to reach next (by index), or `nil` when no
    /// leader–challenger pair is left to separate below the cap.
    public func nextRound(_ records: [CandidateRecord]) -> [Int: Int]? {
        let raced = contenders(records)
        guard let leader = raced.first else { return nil }
        let count = { (i: Int) in records[i].replicationObjectives.count }
        var target: [Int: Int] = [:]
        for c in raced.dropFirst() {
            let common = min(count(leader), count(c))
            guard common < maxReplications else { continue }
            let n = min(maxReplications, 2 * common)
            if count(c) < n { target[c] = max(target[c] ?? 0, n) }
            if count(leader) < n { target[leader] = max(target[leader] ?? 0, n) }
            if target.count > maxChallengers { break }
        }
        return target.isEmpty ? nil : target
    }

    /// The indexes of the leader and the challengers it cannot yet separate from (empty when none).
    public func contenders(_ records: [CandidateRecord]) -> [Int] {
        let feasible = records.indices.filter { records[$0].feasible }
        guard
            let leader = feasible.min(by: { ranking.precedesByObjective(records[$0], records[$1], unlimited: false) })
        else { return [] }
        let l = records[leader]
        let challengers = feasible.filter { i in i != leader && ranking.compare(l, records[i]) == .undecided }
            .sorted { ranking.precedesByObjective(records[$0], records[$1], unlimited: false) }
        return challengers.isEmpty ? [] : [leader] + challengers
    }
}
