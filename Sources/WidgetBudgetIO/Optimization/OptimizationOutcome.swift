import WidgetBudgetKit

/// An optimization's evaluated candidates (as the files hold them) and the conclusions drawn from
/// them: the recommendation, the runner-up, the Pareto front and the budget steps.
///
/// A single run and a merge of shards both build this from text rows, so that they draw the same
/// conclusions and write the same bytes.
public struct OptimizationOutcome: Sendable {
    /// The run's settings.
    public var manifest: OptimizationManifest
    /// Every evaluated candidate, in canonical order.
    public var rows: [CandidateRow]
    /// The scenario's current provider: a `current.csv` row.
    public var current: [String]
    /// The best feasible candidate (`nil` for a partial shard, or when none is feasible).
    public var recommended: CandidateRow?
    /// The leader by objective, its equivalents and the one chosen (`nil` when none is feasible).
    public var choice: CandidateChoice?
    /// The best feasible real alternative.
    public var runnerUp: CandidateRow?
    /// The feasible candidates no other beats on objective, charged reloads and memory at once.
    public var pareto: [CandidateRow]
    /// The best policy by daily budget, from 1 to the range's top (never waiting for budget).
    public var steps: [BudgetStep]
    /// Why nothing is feasible, when nothing is.
    public var diagnosis: InfeasibilityDiagnosis?

    /// True for the output of one shard of several: no conclusions are drawn.
    public var isPartial: Bool { manifest.shard?.isPartial ?? false }

    /// Draws the conclusions from rows in canonical order.
    public init(manifest: OptimizationManifest, rows: [CandidateRow], current: [String]) {
        self.manifest = manifest
        self.rows = rows
        self.current = current
        recommended = nil
        runnerUp = nil
        choice = nil
        pareto = []
        steps = []
        diagnosis = nil
        guard !(manifest.shard?.isPartial ?? false) else { return }
        let ranking = manifest.ranking
        let records = rows.map(\.record)
        // Records and rows are parallel; conclusions point back to rows by candidate.
        var rowOf: [PolicyCandidate: CandidateRow] = [:]
        for row in rows { rowOf[row.record.candidate] = row }
        if let choice = ranking.choice(records) {
            let best = choice.chosen
            self.choice = choice
            recommended = rowOf[best.candidate]
            runnerUp = ranking.runnerUp(records, after: best).flatMap { rowOf[$0.candidate] }
        } else {
            diagnosis = ranking.diagnosis(records)
        }
        pareto = ranking.pareto(records).compactMap { rowOf[$0.candidate] }
        steps = ranking.budgetSteps(records, maxBudget: manifest.budgets.upperBound)
    }

    /// The row of a step's record.
    public func row(of record: CandidateRecord) -> CandidateRow? {
        rows.first { $0.record.candidate == record.candidate }
    }

    /// The shortest whole-minute interval whose reloads fit `budget` a day: ⌈24 h / B⌉ in minutes.
    static func fittingInterval(budget: Int) -> Double {
        (Seconds.day / Double(max(1, budget)) / Seconds.minute).rounded(.up) * Seconds.minute
    }

    /// One line saying why nothing is feasible, naming the binding constraint (`nil` when
    /// something is, or for a partial shard).
    public var infeasibilityMessage: String? {
        guard let d = diagnosis else { return nil }
        let budgets = manifest["budgets"], ceiling = DurationFormat.number(Double(manifest["memory_ceiling_mb"]) ?? 0)
        var parts: [String] = []
        for constraint in d.bindingConstraints {
            if constraint == "budgets" {
                var text =
                    "constraints.budgets binds: \(d.overBudget) of \(d.total) candidates run out of budget at \(manifest.budgets.lowerBound)/day"
                if let least = d.leastNeededBudget {
                    // Apple sets the budget, not the developer: say what would fit the lowest one.
                    let interval = DurationFormat.string(Self.fittingInterval(budget: manifest.budgets.lowerBound))
                    text +=
                        " (the least needy within memory needs \(least)/day; to fit \(manifest.budgets.lowerBound)/day a policy may reload "
                        + "at most every \(interval), e.g. `.after(\(interval))` or timelines of \(interval) of entries with `.atEnd`: "
                        + "widen the search to include one (`--policy after:\(interval)`, `optimize.spacing`)"
                    text += manifest["app_reloads"] == "true" ? ", and make the app reload less)" : ")"
                }
                parts.append(text)
            } else {
                var text = "constraints.memory_margin binds: \(d.overMemory) of \(d.total) candidates are over \(ceiling) MB or killed"
                if let least = d.leastPeakMemoryMB {
                    text +=
                        " (the leanest within budget peaks at \(NumberFormat.fixed(least, 1)) MB: lower memory_margin or use fewer entries)"
                }
                parts.append(text)
            }
        }
        return "no candidate meets the constraints (budgets \(budgets), memory ceiling \(ceiling) MB): " + parts.joined(separator: "; ")
    }
}
