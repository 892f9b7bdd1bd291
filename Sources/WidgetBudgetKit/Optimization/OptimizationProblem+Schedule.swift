/// Time-of-day schedules evaluated as any candidate is: the same inputs (common random numbers),
/// judged at the worst budget of the range.
extension OptimizationProblem {
    /// Searches `space` with ``ScheduleSearch`` (batches evaluated in parallel, in a fixed order):
    /// the search's result and every schedule it evaluated with its evaluation, in the order
    /// evaluated.
    public func searchSchedules(_ space: ScheduleSpace) -> (
        result: ScheduleSearch.Result, evaluations: [(choice: [Int], evaluation: CandidateEvaluation)]
    ) {
        var all: [(choice: [Int], evaluation: CandidateEvaluation)] = []
        let counts = Array(repeating: space.afters.count, count: space.segments.count)
        let result = ScheduleSearch.run(optionCounts: counts) { batch in
            let done = ParallelMap.map(count: batch.count) { i in evaluate(provider: space.providerSpec(batch[i])) }
            all += zip(batch, done).map { ($0, $1) }
            return done.map(scheduleScore)
        }
        return (result, all)
    }

    /// Every schedule of `space`, for the check against the search (small spaces only).
    public func sweepSchedules(_ space: ScheduleSpace) -> [(choice: [Int], evaluation: CandidateEvaluation)] {
        let choices = space.allChoices
        let done = ParallelMap.map(count: choices.count) { i in evaluate(provider: space.providerSpec(choices[i])) }
        return Array(zip(choices, done))
    }

    /// The search's view of an evaluation: loss, charged reloads a day, feasibility.
    public func scheduleScore(_ e: CandidateEvaluation) -> ScheduleSearch.Score {
        ScheduleSearch.Score(
            loss: settings.objective.loss(e.objective), reloadsPerDay: e.summary.chargedPerDay, feasible: e.feasible)
    }
}
