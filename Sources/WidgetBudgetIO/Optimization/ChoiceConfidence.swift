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

    /// `distinguishable`, `equivalent` (the 90 % interval inside the tolerance), or `could not tell
    /// apart at N replications`; and, when the stale time a day differs by more than the seen
    /// tolerance, that a person would see the difference.
    func verdict(_ a: CandidateRecord, _ b: CandidateRecord) -> String {
        let d = ranking.pairedDifference(a, b)
        var text: String
        let comparison = ranking.compare(a, b)
        switch comparison {
        case .equivalent:
            if let h = d.halfWidth90 {
                text =
                    "equivalent (its 90 % interval, \(signed(d.mean - h)) to \(signed(d.mean + h)), lies inside the tolerance of ±\(precise(ranking.tolerance)))"
            } else {
                text = "within the tolerance of \(precise(ranking.tolerance)) by the point estimates (one replication: no interval)"
            }
        case .distinguishable:
            text = "distinguishable"
        case .undecided:
            text = "could not tell apart at \(d.count) replication\(d.count == 1 ? "" : "s") (the 95 % interval contains 0 and the 90 % "
            text += "interval reaches beyond the tolerance of ±\(precise(ranking.tolerance)))"
        }
        // What a person sees matters only where the objective could not separate them.
        if comparison != .distinguishable, !ranking.withinSeenTolerance(a, b), let stale = ranking.staleSecondsPerDayDifference(a, b),
            let seen = ranking.constraints.seenTolerance
        {
            let staler = (b.freshness ?? 0) < (a.freshness ?? 0)
            text += "; but a person would see the difference: \(Self.minutes(stale)) a day \(staler ? "more" : "less") of stale content, "
            text += "beyond the \(Self.minutes(seen)) a day of `optimize.seen_tolerance`"
        }
        return text
    }

    /// `17.3 min`, `1 min`, `45 s`: a stale time a day.
    static func minutes(_ seconds: Double) -> String {
        if seconds < 60 { return NumberFormat.fixed(seconds, 0) + " s" }
        let m = seconds / 60
        return NumberFormat.fixed(m, m >= 10 || m == m.rounded() ? 0 : 1) + " min"
    }

    /// Which rule decided the recommendation, in one sentence (`nil` when nothing is recommended).
    func ruleLine() -> String? {
        guard let c = outcome.choice else { return nil }
        let l = c.leader, r = c.chosen
        let floor = "the range's low end \(c.budgetFloor)/day less a headroom of \(c.headroom) (`optimize.constraints.budget_headroom`)"
        switch c.rule {
        case .freshest:
            var text = "Rule: the freshest feasible candidate is recommended (it needs \(l.neededBudget)/day): no cheaper candidate is "
            text += "equivalent to it"
            text += ranking.constraints.seenTolerance == nil ? "." : " (noise separates them, or a person would see the difference)."
            return text
        case .freshestBudgetSafe:
            let cheap = c.equivalents.first ?? l
            var text = "Rule: the freshest candidate is kept, as the budget is not at risk: it needs \(l.neededBudget)/day, "
            text += "within \(floor); the cheaper equivalent \(cheap.candidate.description) "
            text +=
                "(\(NumberFormat.fixed(cheap.chargedPerDay, 1)) instead of \(NumberFormat.fixed(l.chargedPerDay, 1)) charged reloads a day) "
            return text + "would save budget nobody is short of."
        case .cheaperBudgetAtRisk:
            guard let reason = ranking.reason(chose: r, over: l) else { return nil }
            var text = "Rule: saving budget wins, as the budget is at risk: the freshest candidate, \(l.candidate.description) "
            text += "(\(withInterval(l))), needs \(l.neededBudget)/day, more than \(floor); the recommendation is "
            text +=
                ranking.compare(l, r) == .undecided
                ? "one noise could not tell apart from it at \(ranking.pairedDifference(l, r).count) replications"
                : "equivalent to it"
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
    }

    /// The tolerances in force: `tolerance 1.00 s; seen 1 min a day`.
    var tolerances: String {
        var text = "tolerance \(precise(ranking.tolerance))"
        if let seen = ranking.constraints.seenTolerance { text += ", \(Self.minutes(seen)) a day of stale content" }
        return text
    }

    /// The lines `optimize` prints under its table.
    var summaryLines: [String] {
        guard let rec = outcome.recommended?.record else { return [] }
        let source = outcome.manifest["objective_source"]
        var lines = ["\(objective.rawValue) (\(source); \(tolerances)): recommended \(withInterval(rec))"]
        if let up = outcome.runnerUp?.record { lines.append("runner-up " + runnerUpLine(rec, up)) }
        if let why = ruleLine() { lines.append(why) }
        return lines
    }

    /// `recommendation.md`'s section.
    var markdown: String {
        guard let rec = outcome.recommended?.record else { return "" }
        let m = outcome.manifest
        var md = "## How sure this is\n\n"
        md += "- The recommendation's \(objective.phrase): \(withInterval(rec)) (a 95 % interval).\n"
        if let up = outcome.runnerUp?.record { md += "- The runner-up: " + runnerUpLine(rec, up) + ".\n" }
        if let why = ruleLine() { md += "- " + why + "\n" }
        md += "- Two candidates are equivalent when the 90 % interval of their paired difference in \(objective.phrase) lies "
        md += "inside ±\(precise(ranking.tolerance)) (`optimize.tolerance`; two one-sided tests)"
        if let seen = ranking.constraints.seenTolerance {
            md += " and the time a day they show stale content differs by at most \(Self.minutes(seen)) (`optimize.seen_tolerance`)"
        }
        md += ". Pairs neither equivalent nor distinguishable were run again with more replications (up to "
        md += "\(m["max_replications"]), `optimize.max_replications`) until they were; a pair still undecided there could not be "
        md += "told apart. Among the freshest and its equivalents, the one spending less budget wins only when the freshest "
        md += "needs more than the range's low end less the headroom.\n"
        return md
    }

    private func signed(_ x: Double) -> String {
        (x >= 0 ? "+" : "−") + precise(abs(x))
    }
}
