import WidgetBudgetKit

/// The optimizer's proposal of a self-updating view (``SelfUpdatingAdvice``) in words, for
/// `recommendation.md` and the summary `optimize` prints; empty when there is none to make.
///
/// The advice's numbers go into `run.csv` (``record(_:in:)``), so that `merge` writes the same
/// sentence as a single run without the scenario.
public enum SelfUpdatingAdviceText {
    /// The `run.csv` keys, in file order.
    static let keys = (
        period: "self_updating_period_s", objective: "self_updating_objective", freshness: "self_updating_freshness",
        charged: "self_updating_charged_per_day", needed: "self_updating_needed_budget", feasible: "self_updating_feasible"
    )

    /// Adds the advice's numbers to `manifest` (nothing when the advice does not apply).
    static func record(_ advice: SelfUpdatingAdvice?, in manifest: inout OptimizationManifest) {
        guard let advice else { return }
        let e = advice.evaluation
        manifest.set(keys.period, DurationFormat.number(advice.period))
        manifest.set(keys.objective, String(e.objective))
        manifest.set(keys.freshness, String(e.summary.freshness))
        manifest.set(keys.charged, String(e.summary.chargedPerDay))
        manifest.set(keys.needed, String(e.neededBudget))
        manifest.set(keys.feasible, e.feasible ? "true" : "false")
    }

    /// A `## A self-updating view` section, or "".
    static func markdown(_ o: OptimizationOutcome) -> String {
        guard let text = sentence(o) else { return "" }
        return "## A self-updating view\n\n" + text + "\n\n"
    }

    /// The sentence on its own lines after the summary table, or "".
    public static func summary(_ o: OptimizationOutcome) -> String {
        guard let text = sentence(o) else { return "" }
        return "\n" + text + "\n"
    }

    /// The self-updating view's place in the ranking, with its numbers next to the recommendation's
    /// (or the runner-up's, when it is the recommendation); `nil` when it was not a candidate (the
    /// content is not `time_only`).
    static func sentence(_ o: OptimizationOutcome) -> String? {
        guard let row = o.rows.first(where: { $0.record.candidate.selfUpdating }) else { return nil }
        let m = o.manifest, objective = m.objective
        let period = Double(m[keys.period]).map(DurationFormat.string) ?? "?"
        func numbers(_ r: CandidateRow) -> String {
            let v = MetricView(candidate: r)
            return "\(objective.phrase) \(MetricView.shown(r.record.objective, objective)), fresh \(v.shown("freshness")) of the time, "
                + "\(NumberFormat.fixed(v.charged, 1)) charged reloads a day (needs \(v.needed))"
        }
        var text = "The content changes every \(period) with the passing of time itself (`content.predictable.time_only`): "
        text += "a self-updating view (`Text(date, style: .timer)` or `.relative`, OBSERVED #6) draws it with one entry and `.never`, "
        text += "and was ranked with the timeline policies"
        if o.recommended?.record.candidate.selfUpdating == true {
            text += ". It is the recommendation: \(numbers(row))"
            if let up = o.runnerUp { text += ", against the best timeline policy, \(up.record.candidate.description): \(numbers(up))" }
            text += ". `Provider.swift` is its one-entry `.never` timeline with the view line to use, and `recommendation.csv` "
            text += "says `self_updating` true."
            return text
        }
        if !row.record.feasible { return text + ", but it does not meet the constraints: \(row.field("reason"))." }
        guard let rec = o.recommended else { return text + "." }
        return text + ", and is not recommended: \(numbers(row)), against the recommendation's \(numbers(rec))."
    }
}
