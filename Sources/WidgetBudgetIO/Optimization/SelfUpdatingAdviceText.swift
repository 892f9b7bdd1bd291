import WidgetBudgetKit

/// The optimizer's proposal of a self-updating view (``SelfUpdatingAdvice``) in words, for
/// `recommendation.md` and the summary `optimize` prints; empty when there is none to make.
public enum SelfUpdatingAdviceText {
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
        guard let advice = o.selfUpdating else { return nil }
        let objective = o.manifest.objective
        let rec = o.recommended
        let recCharged = rec.map { MetricView(candidate: $0).charged } ?? .infinity
        guard advice.isWorthProposing(over: rec?.record.objective, chargedPerDay: recCharged, by: objective) else { return nil }
        let e = advice.evaluation
        var text = "The predictable content changes every \(DurationFormat.string(advice.period)), like a clock or a countdown: "
        text += "a self-updating view (`Text(date, style: .timer)` or `.relative`; `self_updating: true` in the scenario) draws it "
        text += "with no entries at all (OBSERVED #6). With one entry and `.never`, the widget would show "
        text += "\(objective.phrase) \(MetricView.shown(e.objective, objective)) "
        text += "(fresh \(NumberFormat.fixed(e.summary.freshness * 100, 1))% of the time) with "
        text += "\(NumberFormat.fixed(e.summary.chargedPerDay, 1)) charged reloads a day (needs \(e.neededBudget)) and 1 entry per timeline"
        guard let rec else { return text + ", where no timeline policy meets the constraints." }
        let entries = rec.record.candidate.entries
        text += ", against \(objective.phrase) \(MetricView.shown(rec.record.objective, objective)) for the recommended policy, "
        text += "with \(NumberFormat.fixed(recCharged, 1)) charged reloads a day and \(entries) entr\(entries == 1 ? "y" : "ies")."
        return text
    }
}
