/// The optimizer over time-of-day schedules (`optimize.schedule`).
extension Optimizer {
    /// Evaluates the schedules of `problem`'s space: for every timeline shape, every schedule
    /// (exhaustive: when `method` is `exhaustive`, or `auto` and the space holds at most the
    /// exhaustive limit) or those ``ScheduleSearch`` visits; then races the leaders as any
    /// candidates (``CandidateRacing``). Never sharded: a search chooses where to look from what
    /// it has seen.
    static func runSchedules(_ problem: OptimizationProblem, progress: (@Sendable (Int, Int?) -> Void)?) -> OptimizationResult {
        let settings = problem.settings
        let total = settings.space.scheduleCount
        let method = settings.resolvedMethod(count: total)
        let current = problem.evaluate(provider: problem.widget.provider)
        let counter = ProgressCounter()
        let planned: Int? = method == .exhaustive ? total : nil
        let tick: @Sendable () -> Void = { progress?(counter.increment(), planned) }
        var evaluations: [CandidateEvaluation] = []
        for space in settings.space.scheduleSpaces {
            let found =
                method == .exhaustive
                ? problem.sweepSchedules(space, progress: tick) : problem.searchSchedules(space, progress: tick).evaluations
            evaluations += found.map(\.evaluation)
        }
        evaluations.sort { PolicyCandidate.canonicalOrder($0.candidate!, $1.candidate!) }
        evaluations = race(evaluations, problem: problem)
        return OptimizationResult(method: method, spaceSize: total, shard: .whole, evaluations: evaluations, current: current)
    }
}
