/// Time-of-day schedules evaluated as any candidate is: the same inputs (common random numbers),
/// judged at the worst budget of the range.
extension OptimizationProblem {
    /// Searches `space` with ``ScheduleSearch`` (batches evaluated in parallel, in a fixed order):
    /// the search's result and every schedule it evaluated with its evaluation (its
    /// ``CandidateEvaluation/candidate`` set), in the order evaluated. `progress` is called after
    /// each evaluation, from any thread. At most `maxEvaluations` schedules are evaluated.
    public func searchSchedules(_ space: ScheduleSpace, maxEvaluations: Int = .max, progress: (@Sendable () -> Void)? = nil) -> (
        result: ScheduleSearch.Result, evaluations: [(choice: [Int], evaluation: CandidateEvaluation)]
    ) {
        var all: [(choice: [Int], evaluation: CandidateEvaluation)] = []
        let counts = Array(repeating: space.afters.count, count: space.segments.count)
        let result = ScheduleSearch.run(optionCounts: counts, maxEvaluations: maxEvaluations) { batch in
            let done = evaluateSchedules(batch, in: space, progress: progress)
            all += zip(batch, done).map { ($0, $1) }
            return done.map(scheduleScore)
        }
        return (result, all)
    }

    /// Every schedule of `space`, for the check against the search (small spaces only).
    public func sweepSchedules(_ space: ScheduleSpace, progress: (@Sendable () -> Void)? = nil) -> [(
        choice: [Int], evaluation: CandidateEvaluation
    )] {
        let choices = space.allChoices
        return Array(zip(choices, evaluateSchedules(choices, in: space, progress: progress)))
    }

    /// The schedules `choices` of `space` (its own first-entry offset), evaluated in parallel
    /// (results in order).
    private func evaluateSchedules(_ choices: [[Int]], in space: ScheduleSpace, progress: (@Sendable () -> Void)?)
        -> [CandidateEvaluation]
    {
        ParallelMap.map(count: choices.count) { i in
            var e = evaluate(provider: space.providerSpec(choices[i]))
            e.candidate = space.candidate(choices[i])
            progress?()
            return e
        }
    }

    /// The search's view of an evaluation: loss, charged reloads a day, feasibility.
    public func scheduleScore(_ e: CandidateEvaluation) -> ScheduleSearch.Score {
        ScheduleSearch.Score(
            loss: settings.objective.loss(e.objective), reloadsPerDay: e.summary.chargedPerDay, feasible: e.feasible)
    }
}
