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

    /// The proposal with its numbers next to the recommendation's; `nil` when the advice does not
    /// apply or would not do better.
    static func sentence(_ o: OptimizationOutcome) -> String? {
        let m = o.manifest
        guard let period = Double(m[keys.period]), let value = Double(m[keys.objective]), let freshness = Double(m[keys.freshness]),
            let charged = Double(m[keys.charged])
        else { return nil }
        let objective = m.objective
        let rec = o.recommended
        let recCharged = rec.map { MetricView(candidate: $0).charged } ?? .infinity
        guard
            SelfUpdatingAdvice.isWorthProposing(
                feasible: m[keys.feasible] == "true", objective: value, chargedPerDay: charged, over: rec?.record.objective,
                policyCharged: recCharged, by: objective)
        else { return nil }
        var text = "The predictable content changes every \(DurationFormat.string(period)), like a clock or a countdown: "
        text += "a self-updating view (`Text(date, style: .timer)` or `.relative`; `self_updating: true` in the scenario) draws it "
        text += "with no entries at all (OBSERVED #6). With one entry and `.never`, the widget would show "
        text += "\(objective.phrase) \(MetricView.shown(value, objective)) "
        text += "(fresh \(NumberFormat.fixed(freshness * 100, 1))% of the time) with "
        text += "\(NumberFormat.fixed(charged, 1)) charged reloads a day (needs \(m[keys.needed])) and 1 entry per timeline"
        guard let rec else { return text + ", where no timeline policy meets the constraints." }
        let entries = rec.record.candidate.entries
        text += ", against \(objective.phrase) \(MetricView.shown(rec.record.objective, objective)) for the recommended policy, "
        text += "with \(NumberFormat.fixed(recCharged, 1)) charged reloads a day and \(entries) entr\(entries == 1 ? "y" : "ies")."
        return text
    }
}
