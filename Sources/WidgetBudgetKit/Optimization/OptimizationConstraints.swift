/// When a candidate is acceptable: it must hold at every daily budget of a range.
public struct OptimizationConstraints: Sendable, Equatable, Codable {
    /// The daily budgets B a candidate is judged at; it must meet the constraints at each (the
    /// worst case).
    public var budgets: ClosedRange<Int>
    /// The largest fraction of days on which a charged reload may wait for budget (0: never).
    public var maxExhaustedDayFraction: Double
    /// The share of the memory limit kept free: 0.2 means peak memory at most 80 % of the limit.
    public var memoryMargin: Double

    /// Creates constraints.
    public init(budgets: ClosedRange<Int>, maxExhaustedDayFraction: Double = 0, memoryMargin: Double = 0.2) {
        self.budgets = budgets
        self.maxExhaustedDayFraction = maxExhaustedDayFraction
        self.memoryMargin = memoryMargin
    }

    /// The most memory a candidate may use, in MB: the limit less the margin.
    public func memoryCeiling(limitMB: Double) -> Double {
        limitMB * (1 - memoryMargin)
    }
}
