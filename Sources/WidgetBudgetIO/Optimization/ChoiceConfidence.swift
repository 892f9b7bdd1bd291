import WidgetBudgetKit

/// How sure the recommendation is, in words: its objective with a 95 % interval, the runner-up's,
/// whether the two are distinguishable (paired over the common random numbers), and, when a
/// cheaper equivalent of the freshest candidate was chosen, that it was and why.
struct ChoiceConfidence {
    let outcome: OptimizationOutcome

    private var ranking: CandidateRanking { outcome.manifest.ranking }
    private var objective: OptimizationObjective { outcome.manifest.objective }

    /// An objective value precisely enough to see the tolerance: `2160.4 s`, `94.31%`.
    func precise(_ value: Double) -> String {
        objective.higherIsBetter ? NumberFormat.fixed(value * 100, 2) + "%" : NumberFormat.fixed(value, value < 10 ? 2 : 1) + " s"
    }

    /// `2160.4 s ± 3.1 s over 8 replications`: the objective with its 95 % interval.
    func withInterval(_ r: CandidateRecord) -> String {
        let n = r.replicationObjectives.count
        var text = precise(r.objective)
        if let h = Statistics.ci95HalfWidth(r.replicationObjectives) { text += " ± " + precise(h) }
        return text + " over \(n) replication\(n == 1 ? "" : "s")"
    }

    /// The runner-up's objective against the recommendation's: the paired difference and whether it is real.
    func runnerUpLine(_ rec: CandidateRecord, _ up: CandidateRecord) -> String {
        let d = ranking.pairedDifference(rec, up)
        var text = "\(withInterval(up)); paired difference (runner-up − recommended) \(signed(d.mean))"
        if let h = d.halfWidth { text += " ± " + precise(h) }
        text += " over \(d.count) common replication\(d.count == 1 ? "" : "s"): "
        return text + verdict(rec, up)
    }

    /// `distinguishable`, or why not.
    func verdict(_ a: CandidateRecord, _ b: CandidateRecord) -> String {
        if ranking.withinTolerance(a, b) {
            return "not distinguishable (within the tolerance of \(precise(ranking.tolerance)))"
        }
        if !ranking.separable(a, b) {
            return "not distinguishable (the 95 % interval contains 0 at the replication cap)"
        }
        return "distinguishable"
    }

    /// Why a cheaper equivalent was chosen over the freshest candidate (`nil` when the freshest
    /// was chosen).
    func cheaperEquivalentLine() -> String? {
        guard let c = outcome.choice, let reason = ranking.reason(chose: c.chosen, over: c.leader) else { return nil }
        let l = c.leader, r = c.chosen
        var text = "The freshest candidate, \(l.candidate.description) (\(withInterval(l))), is not recommended: "
        text +=
            ranking.withinTolerance(l, r)
            ? "the recommendation's \(objective.phrase) is within the tolerance of \(precise(ranking.tolerance)) of it"
            : "noise cannot separate the recommendation from it even at \(r.replicationObjectives.count) replications"
        text += ", and \(reason.rawValue)"
        switch reason {
        case .lessBudget:
            text +=
                " (\(NumberFormat.fixed(r.chargedPerDay, 1)) instead of \(NumberFormat.fixed(l.chargedPerDay, 1)) charged reloads a day)"
        case .lessMemory:
            text += " (peak \(NumberFormat.fixed(r.peakMemoryMB, 1)) MB instead of \(NumberFormat.fixed(l.peakMemoryMB, 1)) MB)"
        case .simpler:
            text += " (\(r.candidate.entries) entries instead of \(l.candidate.entries), or no alignment or fewer windows)"
        }
        return text + "."
    }

    /// The lines `optimize` prints under its table.
    var summaryLines: [String] {
        guard let rec = outcome.recommended?.record else { return [] }
        let source = outcome.manifest["objective_source"]
        var lines = ["\(objective.rawValue) (\(source); tolerance \(precise(ranking.tolerance))): recommended \(withInterval(rec))"]
        if let up = outcome.runnerUp?.record { lines.append("runner-up " + runnerUpLine(rec, up)) }
        if let why = cheaperEquivalentLine() { lines.append(why) }
        return lines
    }

    /// `recommendation.md`'s section.
    var markdown: String {
        guard let rec = outcome.recommended?.record else { return "" }
        let m = outcome.manifest
        var md = "## How sure this is\n\n"
        md += "- The recommendation's \(objective.phrase): \(withInterval(rec)) (a 95 % interval).\n"
        if let up = outcome.runnerUp?.record { md += "- The runner-up: " + runnerUpLine(rec, up) + ".\n" }
        if let why = cheaperEquivalentLine() { md += "- " + why + "\n" }
        md += "- Candidates whose \(objective.phrase) differs by at most \(precise(ranking.tolerance)) (`optimize.tolerance`) are "
        md += "equivalent, and among equivalents the one that spends less budget, then less memory, then the simpler one wins. "
        md += "Where the leaders differed by more but the paired difference's 95 % interval still contained 0, they were run "
        md += "again with more replications (up to \(m["max_replications"]), `optimize.max_replications`) until they separated.\n"
        return md
    }

    private func signed(_ x: Double) -> String {
        (x >= 0 ? "+" : "−") + precise(abs(x))
    }
}
