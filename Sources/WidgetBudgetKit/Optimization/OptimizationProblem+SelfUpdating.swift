extension OptimizationProblem {
    /// The self-updating view as a candidate (one entry, `.never`, the widget run with
    /// `self_updating: true`), or `nil` when it does not fit the content: only content whose
    /// changes are the passing of time itself (`content.predictable.time_only`, an `every`
    /// process: a countdown, a timer, a relative date) can be drawn by `Text(date, style: .timer)`
    /// or `.relative` (OBSERVED #6); a photo every 30 minutes or a departure board cannot.
    public var selfUpdatingCandidate: PolicyCandidate? {
        let w = widget
        guard w.timeOnly, !w.selfUpdating, case .every = w.predictable.pattern else { return nil }
        var c = PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .never)
        c.selfUpdating = true
        return c
    }

    /// Evaluates any candidate of the run, the self-updating view included (its widget runs with
    /// `self_updating: true`, against the same inputs: common random numbers).
    public func evaluateAny(_ candidate: PolicyCandidate, replications: Int? = nil) -> CandidateEvaluation {
        guard candidate.selfUpdating else { return evaluate(candidate, replications: replications) }
        var scenario = scenario
        scenario.widgets[settings.widget].selfUpdating = true
        var plain = candidate
        plain.selfUpdating = false
        var e = OptimizationProblem(scenario: scenario, settings: settings).evaluate(plain, replications: replications)
        e.candidate = candidate
        return e
    }
}
