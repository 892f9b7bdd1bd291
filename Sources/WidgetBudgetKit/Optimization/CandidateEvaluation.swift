/// A candidate (or the scenario's own provider) judged at its worst budget.
public struct CandidateEvaluation: Sendable, Equatable, Codable {
    /// The candidate, or `nil` for the scenario's current provider.
    public var candidate: PolicyCandidate?
    /// The provider that was run.
    public var provider: ProviderSpec
    /// Metrics over all replications at ``worstBudget``.
    public var summary: WidgetSummary
    /// The daily budget of the range at which the candidate does worst.
    public var worstBudget: Int
    /// The smallest daily budget at which no replication ever waits for budget.
    public var neededBudget: Int
    /// The objective at the worst budget, rounded as written.
    public var objective: Double
    /// The objective of each replication at the worst budget (rounded to
    /// ``OptimizationObjective/replicationDecimals``), for paired differences.
    public var replicationObjectives: [Double] = []
    /// The objective with a budget of at least ``neededBudget`` (the unconstrained run), rounded.
    public var unlimitedObjective: Double
    /// The constraints it fails; empty when feasible.
    public var violations: [ConstraintViolation]

    /// True when the candidate meets every constraint at every budget of the range.
    public var feasible: Bool { violations.isEmpty }

    /// The violations in words, joined by `; `; empty when feasible.
    public var reason: String {
        violations.map(\.reason).joined(separator: "; ")
    }
}
