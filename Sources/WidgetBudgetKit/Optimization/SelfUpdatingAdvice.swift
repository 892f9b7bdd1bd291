/// What a self-updating view would give a widget whose predictable content is a clock or a
/// countdown: the optimizer's candidates are timeline policies, but `Text(date, style: .timer)`,
/// `.relative` or `ProgressView(timerInterval:)` draw such content with no entries at all
/// (OBSERVED #6), which no policy can beat.
///
/// The widget is run with `self_updating: true` and a one-entry `.never` provider, judged exactly
/// as the candidates are (same inputs, worst budget of the range, same constraints).
public struct SelfUpdatingAdvice: Sendable, Equatable {
    /// The period of the widget's predictable changes (`every:`), seconds.
    public var period: Double
    /// The self-updating widget with one entry and `.never`, judged as a candidate.
    public var evaluation: CandidateEvaluation

    /// The advice for `problem`'s widget, or `nil` when it does not apply: its predictable content
    /// is not the passing of time itself (`content.predictable.time_only` and an `every` process:
    /// a countdown, a timer, a relative date), or its view already updates itself.
    public static func evaluate(_ problem: OptimizationProblem) -> SelfUpdatingAdvice? {
        let widget = problem.widget
        guard widget.timeOnly, !widget.selfUpdating, case let .every(period, _) = widget.predictable.pattern else { return nil }
        var scenario = problem.scenario
        scenario.widgets[problem.settings.widget].selfUpdating = true
        let selfUpdating = OptimizationProblem(scenario: scenario, settings: problem.settings)
        return SelfUpdatingAdvice(period: period, evaluation: selfUpdating.evaluate(provider: .never))
    }

    /// True when the self-updating view is worth proposing over a policy with `objective` and
    /// `chargedPerDay` (`nil`: no feasible policy): it meets the constraints, does at least as well
    /// on the objective, and spends fewer charged reloads a day.
    public func isWorthProposing(over objective: Double?, chargedPerDay: Double, by measure: OptimizationObjective) -> Bool {
        Self.isWorthProposing(
            feasible: evaluation.feasible, objective: evaluation.objective, chargedPerDay: evaluation.summary.chargedPerDay,
            over: objective, policyCharged: chargedPerDay, by: measure)
    }

    /// ``isWorthProposing(over:chargedPerDay:by:)`` on numbers as written (a merge of shards has no
    /// evaluation, only its numbers).
    public static func isWorthProposing(
        feasible: Bool, objective: Double, chargedPerDay: Double, over policy: Double?, policyCharged: Double,
        by measure: OptimizationObjective
    ) -> Bool {
        guard feasible else { return false }
        guard let policy else { return true }
        return measure.loss(objective) <= measure.loss(policy) && chargedPerDay < policyCharged
    }
}
