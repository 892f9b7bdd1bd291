/// What an optimization evaluated.
public struct OptimizationResult: Sendable, Equatable, Codable {
    /// The method used (`auto` resolved).
    public var method: SearchMethod
    /// Distinct candidates in the space.
    public var spaceSize: Int
    /// The shard evaluated.
    public var shard: Shard
    /// Every evaluated candidate, in canonical order.
    public var evaluations: [CandidateEvaluation]
    /// The scenario's own provider for the widget, evaluated the same way.
    public var current: CandidateEvaluation
}
