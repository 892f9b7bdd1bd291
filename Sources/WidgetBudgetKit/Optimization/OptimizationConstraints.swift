/// When a candidate is acceptable: it must hold at every daily budget of a range. Also what the
/// choice among acceptable candidates holds to: the stale time a person may not notice, and the
/// headroom under the range's low end that saving budget protects.
public struct OptimizationConstraints: Sendable, Equatable, Codable {
    /// The daily budgets B a candidate is judged at; it must meet the constraints at each (the
    /// worst case).
    public var budgets: ClosedRange<Int>
    /// The largest fraction of days on which a charged reload may wait for budget (0: never).
    public var maxExhaustedDayFraction: Double
    /// The share of the memory limit kept free: 0.2 means peak memory at most 80 % of the limit.
    public var memoryMargin: Double
    /// The tolerance in what a person sees: two candidates are equivalent only when the time a
    /// day they show stale content differs by at most this many seconds (`nil`: not judged).
    /// `optimize` defaults it to the period of the widget's predictable content (a clock's minute).
    public var seenTolerance: Double?
    /// Reloads a day kept free under the range's low end for what the scenario does not foresee
    /// (app reloads, pushes): a cheaper equivalent beats the freshest candidate only when the
    /// freshest needs more than the low end less this (`nil`: ``defaultHeadroom(below:)``).
    public var budgetHeadroom: Int?

    /// Creates constraints.
    public init(
        budgets: ClosedRange<Int>, maxExhaustedDayFraction: Double = 0, memoryMargin: Double = 0.2, seenTolerance: Double? = nil,
        budgetHeadroom: Int? = nil
    ) {
        self.budgets = budgets
        self.maxExhaustedDayFraction = maxExhaustedDayFraction
        self.memoryMargin = memoryMargin
        self.seenTolerance = seenTolerance
        self.budgetHeadroom = budgetHeadroom
    }

    /// The most memory a candidate may use, in MB: the limit less the margin.
    public func memoryCeiling(limitMB: Double) -> Double {
        limitMB * (1 - memoryMargin)
    }

    /// The default headroom under a daily budget `floor`: a tenth of it, rounded up (4 under 40).
    public static func defaultHeadroom(below floor: Int) -> Int {
        max(1, Int((Double(floor) / 10).rounded(.up)))
    }

    /// The headroom in force under `floor`.
    public func headroom(below floor: Int) -> Int {
        budgetHeadroom ?? Self.defaultHeadroom(below: floor)
    }
}
