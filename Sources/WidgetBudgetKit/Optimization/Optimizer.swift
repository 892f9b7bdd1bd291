import Foundation

/// Runs an optimization: exhaustively or by ``PolicySearch``, candidates evaluated in parallel
/// over all cores, results independent of the core count.
public enum Optimizer {
    /// Evaluates the candidates of `problem` (the shard's part, for an exhaustive sweep).
    ///
    /// - Parameters:
    ///   - problem: the scenario, the widget, the search space and the constraints.
    ///   - shard: the part of an exhaustive sweep to evaluate (``Shard/whole`` for all of it).
    ///   - progress: called after each evaluation with the number done and the number planned
    ///     (`nil` while a search does not know it), from any thread.
    public static func run(
        _ problem: OptimizationProblem, shard: Shard = .whole,
        progress: (@Sendable (Int, Int?) -> Void)? = nil
    ) -> OptimizationResult {
        if problem.settings.space.schedule != nil { return runSchedules(problem, progress: progress) }
        let settings = problem.settings
        let all = settings.space.candidates
        let method = shard.isPartial ? .exhaustive : settings.resolvedMethod(count: all.count)
        let current = problem.evaluate(provider: problem.widget.provider)
        let counter = ProgressCounter()
        let ranking = problem.ranking
        var evaluations: [CandidateEvaluation]
        switch method {
        case .exhaustive, .auto:
            let mine = shard.select(all)
            evaluations = ParallelMap.map(count: mine.count) { i in
                let e = problem.evaluate(mine[i])
                progress?(counter.increment(), mine.count)
                return e
            }
        case .search:
            let search = PolicySearch(space: settings.space, ranking: ranking, maxEvaluations: settings.searchBudget)
            var found: [CandidateEvaluation] = []
            search.run { batch in
                let done = ParallelMap.map(count: batch.count) { i in
                    let e = problem.evaluate(batch[i])
                    progress?(counter.increment(), nil)
                    return e
                }
                found += done
                return done.map(CandidateRecord.init)
            }
            evaluations = found.sorted { PolicyCandidate.canonicalOrder($0.candidate!, $1.candidate!) }
        }
        // The self-updating view, where the content is time itself: one candidate more, ranked
        // with the others (in the first shard of a sweep), canonically last.
        let selfUpdating = problem.selfUpdatingCandidate
        if let c = selfUpdating, shard.index == 1 { evaluations.append(problem.evaluateAny(c)) }
        if !shard.isPartial { evaluations = race(evaluations, problem: problem) }
        return OptimizationResult(
            method: method == .auto ? .exhaustive : method, spaceSize: all.count + (selfUpdating == nil ? 0 : 1), shard: shard,
            evaluations: evaluations, current: current)
    }
}

extension Optimizer {
    /// Racing: the leaders noise cannot yet separate get more replications (``CandidateRacing``).
    static func race(_ evaluations: [CandidateEvaluation], problem: OptimizationProblem) -> [CandidateEvaluation] {
        let racing = CandidateRacing(problem: problem, ranking: problem.ranking, maxReplications: problem.settings.maxReplications)
        return racing.race(evaluations) { candidates, n in
            ParallelMap.map(count: candidates.count) { i in problem.evaluateAny(candidates[i], replications: n) }
        }
    }
}
