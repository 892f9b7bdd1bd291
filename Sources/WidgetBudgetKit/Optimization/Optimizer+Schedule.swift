/// The optimizer over time-of-day schedules (`optimize.schedule`).
extension Optimizer {
    /// The most rounds of local search around the raced recommendation.
    static let schedulePolishRounds = 4

    /// Evaluates the schedules of `problem`'s space: for every timeline shape, every schedule
    /// (exhaustive: when `method` is `exhaustive`, or `auto` and the space holds at most the
    /// exhaustive limit) or those ``ScheduleSearch`` visits; then races the leaders as any
    /// candidates (``CandidateRacing``). After a search, the schedules next to the raced choice
    /// (``ScheduleSearch`` moves) are evaluated and raced too, until the choice stays (at most
    /// ``schedulePolishRounds`` rounds): the search ranks by the first replications, which racing
    /// may overturn. A search evaluates at most `settings.searchBudget` schedules in all
    /// (`max_evaluations`). Never sharded: a search chooses where to look from what it has seen.
    static func runSchedules(_ problem: OptimizationProblem, progress: (@Sendable (Int, Int?) -> Void)?) -> OptimizationResult {
        let settings = problem.settings
        let total = settings.space.scheduleCount
        let method = settings.resolvedMethod(count: total)
        let current = problem.evaluate(provider: problem.widget.provider)
        let counter = ProgressCounter()
        let planned: Int? = method == .exhaustive ? total : nil
        let tick: @Sendable () -> Void = { progress?(counter.increment(), planned) }
        var evaluations: [CandidateEvaluation] = []
        let spaces = settings.space.scheduleSpaces
        // A search evaluates at most `max_evaluations` schedules in all (shapes and polishing).
        var left = settings.searchBudget
        for space in spaces {
            if method == .search && left <= 0 { break }
            let found =
                method == .exhaustive
                ? problem.sweepSchedules(space, progress: tick)
                : problem.searchSchedules(space, maxEvaluations: left, progress: tick).evaluations
            evaluations += found.map(\.evaluation)
            left -= found.count
        }
        evaluations = race(sortedCanonically(evaluations), problem: problem)
        if method == .search {
            for _ in 0..<schedulePolishRounds {
                let fresh = Array(unevaluatedNeighbours(of: evaluations, problem: problem, spaces: spaces).prefix(max(0, left)))
                if fresh.isEmpty { break }
                left -= fresh.count
                let done = ParallelMap.map(count: fresh.count) { i in
                    let e = problem.evaluate(fresh[i])
                    tick()
                    return e
                }
                evaluations = race(sortedCanonically(evaluations + done), problem: problem)
            }
        }
        return OptimizationResult(method: method, spaceSize: total, shard: .whole, evaluations: evaluations, current: current)
    }

    private static func sortedCanonically(_ evaluations: [CandidateEvaluation]) -> [CandidateEvaluation] {
        evaluations.sorted { PolicyCandidate.canonicalOrder($0.candidate!, $1.candidate!) }
    }

    /// The schedules one ``ScheduleSearch`` move from the current choice that are not evaluated
    /// yet, in the search's order.
    static func unevaluatedNeighbours(
        of evaluations: [CandidateEvaluation], problem: OptimizationProblem, spaces: [ScheduleSpace]
    ) -> [PolicyCandidate] {
        guard let chosen = problem.ranking.choice(evaluations.map(CandidateRecord.init))?.chosen.candidate else { return [] }
        // The chosen schedule's timeline shape (a candidate without a schedule).
        let shape = PolicyCandidate(spacing: chosen.spacing, entries: chosen.entries, align: chosen.align, policy: .never)
        guard let space = spaces.first(where: { $0.candidate([]) == shape }) else { return [] }
        let choice = chosen.schedule.compactMap { s in space.afters.firstIndex(of: s.after) }
        guard choice.count == space.segments.count else { return [] }
        let seen = Set(evaluations.compactMap(\.candidate))
        let counts = Array(repeating: space.afters.count, count: space.segments.count)
        return ScheduleSearch.neighbours(of: choice, optionCounts: counts).map(space.candidate).filter { !seen.contains($0) }
    }
}
