/// Counts behind "no candidate meets the constraints".
public struct InfeasibilityDiagnosis: Sendable, Equatable, Codable {
    /// Candidates evaluated.
    public var total: Int
    /// Those that run out of budget too often.
    public var overBudget: Int
    /// Those killed or over the memory ceiling.
    public var overMemory: Int
    /// Those failing the budget alone.
    public var onlyOverBudget: Int
    /// Those failing memory alone.
    public var onlyOverMemory: Int
    /// The smallest needed budget among candidates within memory, if any.
    public var leastNeededBudget: Int?
    /// The smallest peak memory among candidates within budget, if any.
    public var leastPeakMemoryMB: Double?

    /// The constraints that bind: relaxing one of them alone would admit some candidate, or, when
    /// none alone would, both.
    public var bindingConstraints: [String] {
        var out: [String] = []
        if onlyOverBudget > 0 || (overBudget == total && onlyOverMemory == 0) { out.append("budgets") }
        if onlyOverMemory > 0 || (overMemory == total && onlyOverBudget == 0) { out.append("memory_margin") }
        return out.isEmpty ? ["budgets", "memory_margin"] : out
    }
}
