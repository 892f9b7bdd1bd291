/// Orders evaluated candidates and draws the conclusions: the recommendation, the runner-up, the
/// Pareto front, and the budgets at which the advice changes.
///
/// Listing order (``ranked(_:)``, the Pareto front): feasible candidates first, by objective
/// (better first), then fewer charged reloads a day, then less peak memory, then canonical order.
/// Infeasible candidates follow, closest to feasible first.
///
/// Choosing (`choice(_:)`: the recommendation, each budget step) is honest about noise: a
/// candidate is *equivalent* to the leader by objective when the 90 % interval of their paired
/// difference over the common random numbers lies inside ±``tolerance`` (two one-sided tests), or
/// when racing stopped at its cap without telling them apart, and when the stale time a day they
/// show differs by at most the seen tolerance. Saving budget wins only when the budget is at risk:
/// the leader is kept unless it needs more than the range's low end less a headroom; then the
/// equivalent spending less budget wins, then less memory, then the simpler policy.
public struct CandidateRanking: Sendable {
    /// The objective.
    public var objective: OptimizationObjective
    /// The constraints.
    public var constraints: OptimizationConstraints
    /// The memory ceiling the margin leaves, MB.
    public var memoryCeilingMB: Double
    /// Objective differences at most this large are of no practical interest (seconds for ages,
    /// a fraction for freshness).
    public var tolerance: Double

    /// Creates a ranking; `tolerance` defaults to the objective's ``OptimizationObjective/defaultTolerance``.
    public init(
        objective: OptimizationObjective, constraints: OptimizationConstraints, memoryCeilingMB: Double,
        tolerance: Double? = nil
    ) {
        self.objective = objective
        self.constraints = constraints
        self.memoryCeilingMB = memoryCeilingMB
        self.tolerance = tolerance ?? objective.defaultTolerance
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

    /// The recommendation (see `choice(_:)`), if any record is feasible.
    public func recommendation(_ records: [CandidateRecord]) -> CandidateRecord? {
        choice(records)?.chosen
    }

    /// The best feasible record that differs from `best` in more than its number of entries (a
    /// real alternative, not the same policy with one entry more): another policy, window list,
    /// spacing, alignment or schedule (spacing and alignment count only when both have several entries).
    /// It is the closest such alternative: the best by objective among them (never a cheaper
    /// equivalent that would hide a better one).
    public func runnerUp(_ records: [CandidateRecord], after best: CandidateRecord) -> CandidateRecord? {
        let b = best.candidate
        return choice(
            records.filter { r in
                let c = r.candidate
                // Spacing and alignment mean nothing for a single entry.
                let sameEntries = c.entries == 1 || b.entries == 1 || (c.spacing == b.spacing && c.align == b.align)
                return !(sameEntries && c.policy == b.policy && c.windows == b.windows && c.schedule == b.schedule)
            })?.leader
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
    /// The best at B is chosen by the recommendation's rule on the unconstrained objective, with
    /// the tolerance alone (the unconstrained runs keep no per-replication values).
    ///
    /// - Complexity: O(n·k) for n records and k distinct needed budgets up to `maxBudget`.
    public func budgetSteps(_ records: [CandidateRecord], maxBudget: Int) -> [BudgetStep] {
        let eligible = records.filter { !memoryViolated($0) }
        // The best changes where a candidate starts to fit, and where the freshest stops being at
        // risk (its needed budget at most B less the headroom under B).
        var changes = Set(eligible.map(\.neededBudget))
        for n in Set(eligible.map(\.neededBudget)) {
            var b = n
            while b <= maxBudget && n > b - constraints.headroom(below: b) { b += 1 }
            changes.insert(b)
        }
        let thresholds = changes.filter { $0 <= maxBudget }.sorted()
        var steps: [BudgetStep] = []
        for (i, b) in thresholds.enumerated() {
            let pool = eligible.filter { $0.neededBudget <= b }
            guard let best = choice(pool, feasibleOnly: false, unlimited: true, budgetFloor: b)?.chosen else { continue }
            let upper = i + 1 < thresholds.count ? thresholds[i + 1] - 1 : maxBudget
            if let last = steps.last, last.record.candidate == best.candidate {
                steps[steps.count - 1] = BudgetStep(budgets: last.budgets.lowerBound...upper, record: best)
            } else {
                steps.append(BudgetStep(budgets: b...upper, record: best))
            }
        }
        return steps
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
