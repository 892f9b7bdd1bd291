import WidgetBudgetKit

/// The optimizer from a scenario file to conclusions: what `widgetbudget optimize` (and the batch
/// report) call.
///
/// ```swift
/// let file = try ScenarioLoader.load(path: "Scenarios/clock-minute-entries.yaml")
/// let outcome = try OptimizationRun.run(file: file)
/// try OptimizationOutput.write(outcome, to: "Reports/clock-minute-entries/optimize")
/// ```
public enum OptimizationRun {
    /// The prepared problem of `file` (its `optimize:` section with `overrides`); `scenario`
    /// replaces the file's scenario (command-line days, seed, budget). Throws ``WorkLimitError``
    /// when the `shard`'s work is past ``Bounds/maxWidgetDays`` and not `force`.
    public static func prepare(
        file: ScenarioFile, scenario: Scenario? = nil,
        overrides: OptimizationOverrides = OptimizationOverrides(), shard: Shard = .whole, force: Bool = false
    ) throws -> OptimizationProblem {
        let (s, settings) = try settings(file: file, scenario: scenario, overrides: overrides, shard: shard, force: force)
        return OptimizationProblem(scenario: s, settings: settings)
    }

    /// The scenario and settings ``prepare(file:scenario:overrides:shard:force:)`` makes its
    /// problem of, checked the same way, without the problem (whose inputs it draws for every
    /// replication, and its daylight-saving days' problems): for a caller that builds a problem of
    /// its own from them (`OptimizationBenchmark`, with its own space) or reads only the settings
    /// (the batch report's objective, `ReportSettings.optimizing`).
    static func settings(
        file: ScenarioFile, scenario: Scenario? = nil, overrides: OptimizationOverrides = OptimizationOverrides(), shard: Shard = .whole,
        force: Bool = false
    ) throws -> (scenario: Scenario, settings: OptimizationSettings) {
        var s = scenario ?? file.scenario
        if let text = overrides.budgets, let range = BudgetRangeText.parse(text.replacingOccurrences(of: " ", with: "")) {
            s.budget.dailyMin = range.lowerBound
            s.budget.dailyMax = range.upperBound
        }
        let settings = try OptimizeSection.settings(for: file, scenario: s, overrides: overrides)
        try WorkEstimate(optimizing: s, settings: settings, shard: shard).check(
            force: force, hint: "use fewer candidates, days or replications, or optimize --force")
        return (s, settings)
    }

    /// Evaluates the space of `file` (the shard's part of it) and draws the conclusions.
    ///
    /// - Parameters:
    ///   - force: run even past ``Bounds/maxWidgetDays`` (`--force`).
    ///   - progress: called from any thread after each evaluation with the number done and the
    ///     number planned (`nil` during a search).
    public static func run(
        file: ScenarioFile, scenario: Scenario? = nil, overrides: OptimizationOverrides = OptimizationOverrides(),
        shard: Shard = .whole, force: Bool = false, progress: (@Sendable (Int, Int?) -> Void)? = nil
    ) throws -> OptimizationOutcome {
        let problem = try prepare(file: file, scenario: scenario, overrides: overrides, shard: shard, force: force)
        try CalibrationMark.checkObjective(problem.settings.objective, file: file)
        if shard.isPartial && problem.settings.method == .search {
            throw OptimizeOptionError(
                option: "--shard", message: "a search cannot be split into shards: it chooses where to look from what it has seen",
                hint: "use --method exhaustive (or auto) for a sharded sweep")
        }
        if shard.isPartial && problem.settings.space.schedule != nil {
            throw OptimizeOptionError(
                option: "--shard", message: "a schedule is searched (ScheduleSearch), which cannot be split into shards",
                hint: "run it whole: the search evaluates a few hundred schedules per timeline shape")
        }
        if problem.settings.space.isEmpty {
            throw OptimizeOptionError(option: "optimize", message: "the search space is empty")
        }
        let result = Optimizer.run(problem, shard: shard, progress: progress)
        return try outcome(problem: problem, result: result, file: file.path)
    }

    /// The outcome of an evaluated result: rows as written, read back, then ranked.
    public static func outcome(problem: OptimizationProblem, result: OptimizationResult, file: String) throws -> OptimizationOutcome {
        let objective = problem.settings.objective
        var manifest = OptimizationManifest(problem: problem, file: file, digest: OptimizationManifest.digest(ofFile: file), result: result)
        SelfUpdatingAdviceText.record(SelfUpdatingAdvice.evaluate(problem), in: &manifest)
        // Ranking what the files say (not the unrounded numbers) makes a merge agree to the byte.
        let rows = try result.evaluations.map { e in
            try CandidateRow(fields: CandidateTable.row(e, objective: objective), where: "candidates.csv")
        }
        return OptimizationOutcome(manifest: manifest, rows: rows, current: CandidateTable.currentRow(result.current, objective: objective))
    }
}
