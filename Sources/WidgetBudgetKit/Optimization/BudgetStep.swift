/// A range of daily budgets over which one policy is best.
public struct BudgetStep: Sendable, Equatable, Codable {
    /// The budgets.
    public var budgets: ClosedRange<Int>
    /// The best record there.
    public var record: CandidateRecord
}
