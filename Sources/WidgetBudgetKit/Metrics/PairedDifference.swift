/// A paired comparison of two scenarios' per-replication values: replication r of both ran with the
/// same seed, so their content changes, views and app activity match (common random numbers) and
/// the differences r by r carry less noise than the two means.
public struct PairedDifference: Sendable, Equatable {
    /// Mean of `b[r] − a[r]`.
    public var mean: Double
    /// Half-width of its 95 % confidence interval (Student's t); `nil` with fewer than two pairs.
    public var halfWidth: Double?
    /// Half-width of its 90 % confidence interval (Student's t), the interval of the two one-sided
    /// tests of equivalence; `nil` with fewer than two pairs.
    public var halfWidth90: Double?
    /// Pairs compared.
    public var count: Int

    /// The difference of `b` over `a`, pair by pair (the shorter length counts).
    public init(_ a: [Double], _ b: [Double]) {
        let d = zip(a, b).map { $1 - $0 }
        count = d.count
        mean = Statistics.mean(d)
        halfWidth = Statistics.ci95HalfWidth(d)
        halfWidth90 = Statistics.ci90HalfWidth(d)
    }

    /// Whether the two are equivalent within `tolerance` by two one-sided tests at the 5 % level
    /// each: the 90 % interval of the difference lies inside [−tolerance, +tolerance]. `nil` with
    /// fewer than two pairs (no interval).
    public func isEquivalent(within tolerance: Double) -> Bool? {
        guard let halfWidth90 else { return nil }
        // A hair of slack keeps rounded values exactly at the tolerance inside it.
        return abs(mean) + halfWidth90 <= tolerance * (1 + 1e-9) + 1e-12
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
