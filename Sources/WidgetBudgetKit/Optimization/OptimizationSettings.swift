/// How candidates are chosen for evaluation.
public enum SearchMethod: String, Sendable, Equatable, CaseIterable, Codable {
    /// Exhaustive when the space has at most ``OptimizationSettings/exhaustiveLimit`` candidates,
    /// the search otherwise.
    case auto
    /// Every candidate.
    case exhaustive
    /// The coarse-to-fine search (``PolicySearch``): a small fraction of a large space.
    case search
}

/// Everything an optimization needs beyond the scenario: the widget, the space, the objective and
/// the constraints (the scenario's `optimize:` section).
public struct OptimizationSettings: Sendable, Equatable, Codable {
    /// The index of the widget tuned, in the scenario's list.
    public var widget: Int
    /// The candidates.
    public var space: SearchSpace
    /// What to make best.
    public var objective: OptimizationObjective
    /// What a candidate must meet.
    public var constraints: OptimizationConstraints
    /// Replications per candidate (each sees the same random inputs whatever the candidate).
    public var replications: Int
    /// Exhaustive or search.
    public var method: SearchMethod
    /// The largest space `auto` evaluates exhaustively.
    public var exhaustiveLimit: Int
    /// The most evaluations the search makes.
    public var searchBudget: Int
    /// Objective differences smaller than this are of no practical interest (`optimize.tolerance`;
    /// `nil`: the objective's ``OptimizationObjective/defaultTolerance``).
    public var tolerance: Double?
    /// The most replications racing gives a leader (`optimize.max_replications`).
    public var maxReplications: Int
    /// Where the objective came from, for reports: `optimize.objective`, `--objective`, or the
    /// default and why.
    public var objectiveSource: String

    /// Creates settings.
    public init(
        widget: Int = 0, space: SearchSpace, objective: OptimizationObjective = .meanAge,
        constraints: OptimizationConstraints, replications: Int = 8, method: SearchMethod = .auto,
        exhaustiveLimit: Int = 5_000, searchBudget: Int = 4_000, tolerance: Double? = nil, maxReplications: Int = 64,
        objectiveSource: String = "default"
    ) {
        self.widget = widget
        self.space = space
        self.objective = objective
        self.constraints = constraints
        self.replications = replications
        self.method = method
        self.exhaustiveLimit = exhaustiveLimit
        self.searchBudget = searchBudget
        self.tolerance = tolerance
        self.maxReplications = maxReplications
        self.objectiveSource = objectiveSource
    }

    /// The tolerance in force: ``tolerance`` or the objective's default.
    public var resolvedTolerance: Double { tolerance ?? objective.defaultTolerance }

    /// The method used for a space of `count` candidates (`auto` resolved).
    public func resolvedMethod(count: Int) -> SearchMethod {
        switch method {
        case .auto: return count <= exhaustiveLimit ? .exhaustive : .search
        default: return method
        }
    }
}
