/// Orders evaluated candidates and draws the conclusions: the recommendation, the runner-up, the
/// Pareto front, and the budgets at which the advice changes.
///
/// Feasible candidates come first, by objective (better first), then fewer charged reloads a
/// day, then less peak memory, then canonical order: among equally fresh policies the one that
/// spends the least budget and memory wins. Infeasible candidates follow, closest to feasible first.
public struct CandidateRanking: Sendable {
    /// The objective.
    public var objective: OptimizationObjective
    /// The constraints.
    public var constraints: OptimizationConstraints
    /// The memory ceiling the margin leaves, MB.
    public var memoryCeilingMB: Double

    /// Creates a ranking.
    public init(objective: OptimizationObjective, constraints: OptimizationConstraints, memoryCeilingMB: Double) {
        self.objective = objective
        self.constraints = constraints
        self.memoryCeilingMB = memoryCeilingMB
    }

    /// True when `a` ranks before `b`.
    public func precedes(_ a: CandidateRecord, _ b: CandidateRecord) -> Bool {
        if a.feasible != b.feasible { return a.feasible }
        if !a.feasible {
            let va = violation(a), vb = violation(b)
            if va != vb { return va < vb }
        }
        return precedesByObjective(a, b, unlimited: false)
    }

    /// Objective (or unconstrained objective), then charged reloads, then peak memory, then
    /// canonical order.
    func precedesByObjective(_ a: CandidateRecord, _ b: CandidateRecord, unlimited: Bool) -> Bool {
        let la = objective.loss(unlimited ? a.unlimitedObjective : a.objective)
        let lb = objective.loss(unlimited ? b.unlimitedObjective : b.objective)
        if la != lb { return la < lb }
        if a.chargedPerDay != b.chargedPerDay { return a.chargedPerDay < b.chargedPerDay }
        if a.peakMemoryMB != b.peakMemoryMB { return a.peakMemoryMB < b.peakMemoryMB }
        return a.key < b.key
    }

    /// How far an infeasible candidate is from feasible: its budget shortfall as a share of the
    /// smallest budget plus its memory excess as a share of the ceiling.
    public func violation(_ r: CandidateRecord) -> Double {
        var v = 0.0
        if budgetViolated(r) {
            let b = Double(constraints.budgets.lowerBound)
            v += max(Double(r.neededBudget) - b, 1) / b
        }
        if memoryViolated(r) { v += max(r.peakMemoryMB - memoryCeilingMB, 0.001) / memoryCeilingMB }
        return v
    }

    /// True when the record runs out of budget on more days than allowed.
    public func budgetViolated(_ r: CandidateRecord) -> Bool {
        r.exhaustedDayFraction > constraints.maxExhaustedDayFraction
    }

    /// True when the record is killed or above the memory ceiling.
    public func memoryViolated(_ r: CandidateRecord) -> Bool {
        r.kills > 0 || r.peakMemoryMB > memoryCeilingMB
    }

    /// The records, best first.
    public func ranked(_ records: [CandidateRecord]) -> [CandidateRecord] {
        records.sorted(by: precedes)
    }

    /// The best feasible record, if any.
    public func recommendation(_ records: [CandidateRecord]) -> CandidateRecord? {
        records.filter(\.feasible).min(by: precedes)
    }

    /// The best feasible record that differs from `best` in more than its number of entries (a
    /// real alternative, not the same policy with one entry more): another policy, window list,
    /// spacing or alignment (spacing and alignment count only when both have several entries).
    public func runnerUp(_ records: [CandidateRecord], after best: CandidateRecord) -> CandidateRecord? {
        let b = best.candidate
        return records.filter { r in
            let c = r.candidate
            // Spacing and alignment mean nothing for a single entry.
            let sameEntries = c.entries == 1 || b.entries == 1 || (c.spacing == b.spacing && c.align == b.align)
            return r.feasible && !(sameEntries && c.policy == b.policy && c.windows == b.windows)
        }.min(by: precedes)
    }

    /// The feasible records that no other feasible record beats on objective, charged reloads per
    /// day and peak memory at once, best first.
    ///
    /// - Complexity: O(n log n + n·f) for n records and a front of f.
    public func pareto(_ records: [CandidateRecord]) -> [CandidateRecord] {
        let sorted = records.filter(\.feasible).sorted(by: precedes)
        var front: [CandidateRecord] = []
        for r in sorted {
            let dominated = front.contains { q in
                let lq = objective.loss(q.objective), lr = objective.loss(r.objective)
                return lq <= lr && q.chargedPerDay <= r.chargedPerDay && q.peakMemoryMB <= r.peakMemoryMB
                    && (lq < lr || q.chargedPerDay < r.chargedPerDay || q.peakMemoryMB < r.peakMemoryMB)
            }
            if !dominated { front.append(r) }
        }
        return front
    }

    /// The best policy for each daily budget from 1 to `maxBudget`, for a widget that must never
    /// wait for budget and must keep the memory margin: consecutive budgets with the same best
    /// policy form one step, lowest budgets first.
    ///
    /// A candidate fits a budget B exactly when B ≥ its needed budget (see ``NeededBudget``), and
    /// then it does as well as unconstrained; so the best at B is the best by unconstrained
    /// objective among those needing at most B.
    ///
    /// - Complexity: O(n log n).
    public func budgetSteps(_ records: [CandidateRecord], maxBudget: Int) -> [BudgetStep] {
        let eligible = records.filter { !memoryViolated($0) }.sorted { precedesByObjective($0, $1, unlimited: true) }
        var steps: [BudgetStep] = []
        var lowestSoFar = Int.max
        for r in eligible where r.neededBudget < lowestSoFar && r.neededBudget <= maxBudget {
            let upper = lowestSoFar == Int.max ? maxBudget : lowestSoFar - 1
            steps.append(BudgetStep(budgets: r.neededBudget...upper, record: r))
            lowestSoFar = r.neededBudget
        }
        return steps.reversed()
    }

    /// Why no candidate is feasible, naming the constraint that binds.
    public func diagnosis(_ records: [CandidateRecord]) -> InfeasibilityDiagnosis {
        let budget = records.filter(budgetViolated), memory = records.filter(memoryViolated)
        let onlyBudget = records.filter { budgetViolated($0) && !memoryViolated($0) }
        let onlyMemory = records.filter { memoryViolated($0) && !budgetViolated($0) }
        let leastNeedy = records.filter { !memoryViolated($0) }.map(\.neededBudget).min()
        let leastMemory = records.filter { !budgetViolated($0) }.map(\.peakMemoryMB).min()
        return InfeasibilityDiagnosis(
            total: records.count, overBudget: budget.count, overMemory: memory.count, onlyOverBudget: onlyBudget.count,
            onlyOverMemory: onlyMemory.count, leastNeededBudget: leastNeedy, leastPeakMemoryMB: leastMemory)
    }
}
