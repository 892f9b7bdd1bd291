/// How late WidgetKit ran a widget's reloads, estimated from a log, and the ``DelayDistribution``
/// that fits it best (for `system.reload_delay` or `system.app_reload_delay` in a scenario).
public struct DelayEstimate: Sendable, Equatable {
    /// A fit from fewer exact delays than this is uncertain: at 20 the Kolmogorov–Smirnov 95 %
    /// critical distance is 1.36 / √20 ≈ 0.30, about what separates a uniform from an exponential
    /// of the same median; below it the family cannot be told apart.
    public static let minimumExact = 20

    /// Reloads whose delay was seen exactly (granted the moment they were asked for).
    public var exactCount: Int
    /// Reloads that show only a bound of the delay: an upper bound (they also waited for something
    /// else) or a lower bound (the app's request brought them first).
    public var censoredCount: Int
    /// Estimated median delay, seconds (`nil` with no exact value).
    public var median: Double?
    /// Estimated 90th percentile, seconds.
    public var p90: Double?
    /// Estimated 99th percentile, seconds.
    public var p99: Double?
    /// The largest delay seen exactly, seconds.
    public var max: Double?
    /// The fitted distribution, parameters rounded to whole seconds (`nil` with no exact value).
    public var fitted: DelayDistribution?
    /// Kolmogorov–Smirnov distance between the fitted and the estimated distribution (0…1).
    public var fitDistance: Double?
    /// The estimated distribution, at the 5 %, 10 %, …, 95 % and 99 % points: (p, seconds).
    public var quantiles: [(p: Double, value: Double)]

    /// The estimate from a censored sample.
    public init(sample: CensoredSample) {
        exactCount = sample.exact.count
        censoredCount = sample.atMost.count + sample.atLeast.count
        let steps = sample.distribution
        median = sample.quantile(0.5, in: steps)
        p90 = sample.quantile(0.9, in: steps)
        p99 = sample.quantile(0.99, in: steps)
        max = sample.exact.max()
        let points = stride(from: 0.05, through: 0.951, by: 0.05).map { $0 } + [0.99]
        quantiles = steps.isEmpty ? [] : points.map { p in (p: p, value: sample.quantile(p, in: steps) ?? 0) }
        (fitted, fitDistance) = Self.fit(steps, sample: sample)
    }

    /// Equal when every estimate is equal (the quantile tuples compared by value; their points are fixed).
    public static func == (a: DelayEstimate, b: DelayEstimate) -> Bool {
        a.exactCount == b.exactCount && a.censoredCount == b.censoredCount && a.median == b.median && a.p90 == b.p90
            && a.p99 == b.p99 && a.max == b.max && a.fitted == b.fitted && a.fitDistance == b.fitDistance
            && a.quantiles.map(\.value) == b.quantiles.map(\.value)
    }

    /// Fits a constant, a uniform and an exponential distribution by their quantiles and keeps the
    /// one closest to the estimate (smallest Kolmogorov–Smirnov distance).
    ///
    /// - uniform `[a, b]` from the 5 % and 95 % points: `w = (q95 − q05) / 0.9`, `a = q05 − 0.05 w`;
    /// - exponential with mean `q50 / ln 2`;
    /// - constant at the median when the middle 90 % spans less than a second.
    static func fit(_ steps: [(value: Double, cdf: Double)], sample: CensoredSample) -> (DelayDistribution?, Double?) {
        guard let q50 = sample.quantile(0.5, in: steps), let q05 = sample.quantile(0.05, in: steps),
            let q95 = sample.quantile(0.95, in: steps)
        else { return (nil, nil) }
        if q95 - q05 < 1 { return (.constant(Swift.max(0, q50.rounded())), 0) }
        let width = (q95 - q05) / 0.9
        let a = Swift.max(0, (q05 - 0.05 * width).rounded())
        let b = Swift.max(a + 1, (q05 + 0.95 * width).rounded())
        let candidates: [DelayDistribution] = [
            .uniform(a, b),
            .exponential(mean: Swift.max(1, (q50 / 0.693_147_180_56).rounded())),
        ]
        var best: (DelayDistribution, Double)?
        for candidate in candidates {
            let d = distance(candidate, steps)
            if best == nil || d < best!.1 - 1e-12 { best = (candidate, d) }
        }
        return (best?.0, best?.1)
    }

    /// The largest gap between the estimated distribution and `candidate`'s, at the estimate's steps
    /// (both sides of each step).
    static func distance(_ candidate: DelayDistribution, _ steps: [(value: Double, cdf: Double)]) -> Double {
        var worst = 0.0
        var below = 0.0
        for step in steps {
            let f = cdf(candidate, step.value)
            worst = Swift.max(worst, abs(f - step.cdf), abs(f - below))
            below = step.cdf
        }
        return worst
    }

    /// P(X ≤ x) for a delay distribution.
    static func cdf(_ distribution: DelayDistribution, _ x: Double) -> Double {
        switch distribution {
        case let .constant(c): return x >= c ? 1 : 0
        case let .uniform(a, b): return b > a ? Swift.min(1, Swift.max(0, (x - a) / (b - a))) : (x >= a ? 1 : 0)
        case let .exponential(mean): return x <= 0 ? 0 : 1 - exp(-x / mean)
        }
    }
}

#if canImport(Darwin)
    import Darwin
#else
    import Foundation
#endif
