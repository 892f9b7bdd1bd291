/// A paired comparison of two scenarios' per-replication values: replication r of both ran with the
/// same seed, so their content changes, views and app activity match (common random numbers) and
/// the differences r by r carry less noise than the two means.
public struct PairedDifference: Sendable, Equatable {
    /// Mean of `b[r] − a[r]`.
    public var mean: Double
    /// Half-width of its 95 % confidence interval (Student's t); `nil` with fewer than two pairs.
    public var halfWidth: Double?
    /// Pairs compared.
    public var count: Int

    /// The difference of `b` over `a`, pair by pair (the shorter length counts).
    public init(_ a: [Double], _ b: [Double]) {
        let d = zip(a, b).map { $1 - $0 }
        count = d.count
        mean = Statistics.mean(d)
        halfWidth = Statistics.ci95HalfWidth(d)
    }

    /// Whether the difference is significant at the 95 % level: its confidence interval excludes 0
    /// (a paired t-test, two-sided). Identical differences in every replication (a half-width of 0)
    /// are significant unless 0. `nil` with fewer than two replications.
    public var isSignificant: Bool? {
        guard let halfWidth else { return nil }
        if abs(mean) < 1e-9 { return false }
        return abs(mean) > halfWidth
    }
}
