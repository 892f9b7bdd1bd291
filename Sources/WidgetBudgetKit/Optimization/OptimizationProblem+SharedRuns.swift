extension OptimizationProblem {
    /// The unconstrained run of replication `r` of `spec` (without a budget: `unlimitedBudget`,
    /// the `midnight` model unless a learning period keeps the scenario's, the detail
    /// `RunDetail.unconstrained(for:)`), and the drawn budget `needed` finds it needs: the run
    /// kept in ``sharedRuns`` when one stands for `spec`'s entry count (``UnconstrainedRuns``),
    /// else run (measuring its reach when a run of another count is kept) and kept. Only its objective's inputs and `needed` are read: a kept run has the
    /// same bits in both (its peak memory may differ, and its charge times are not kept).
    func unconstrainedRun(
        _ spec: ProviderSpec, provider: BuiltInProvider?, replication r: Int, appThrottle: Double?,
        needed: (WidgetRunResult) -> Int
    ) -> (run: WidgetRunResult, needed: Int) {
        let key = sharedRuns.flatMap { _ in UnconstrainedRuns.key(spec, replication: r, appThrottle: appThrottle) }
        var detail = RunDetail.unconstrained(for: settings.objective)
        if let key, let found = sharedRuns?.run(key.key, entries: key.entries) {
            if let kept = found.run { return (kept.result, kept.needed) }
            // A run of another count is kept: this one measures how far it stands.
            detail.reach = found.kept
        }
        let model = scenario.budget.learningDays > 0 ? scenario.budget.model : .midnight
        let run = simulate(
            spec, provider: provider, replication: r, budget: Self.unlimitedBudget, model: model, appThrottle: appThrottle,
            detail: detail)
        let need = needed(run)
        if let key {
            sharedRuns?.keep(UnconstrainedRuns.Run(entries: key.entries, reach: run.reach, result: run, needed: need), key: key.key)
        }
        return (run, need)
    }
}
