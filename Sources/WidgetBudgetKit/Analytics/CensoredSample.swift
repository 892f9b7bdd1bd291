/// A sample of delays, some seen exactly and some known only from one side, with the distribution
/// estimated by Turnbull's self-consistency algorithm (the nonparametric maximum likelihood).
///
/// A reload that came exactly when its request arrived shows the delay itself. A reload held by
/// something else (the budget coming back, the minimum reload interval) shows only that the delay
/// was *at most* its lateness: a left-censored value. A reload that the app's request brought
/// before the policy's own shows that the delay was *at least* the time to that request: a
/// right-censored value. Dropping either kind would bias the sample (towards long delays, or short
/// ones); the estimator uses all three. With only exact and left-censored values it is the reverse
/// Kaplan–Meier estimator.
///
/// Values are binned to 1 second (coarser when exact values spread over more than 20,000 s). Each
/// iteration redistributes every observation over the bins it allows in proportion to the current
/// estimate, until the estimate moves by less than 1e-9.
public struct CensoredSample: Sendable, Equatable, Codable {
    /// Exactly observed values.
    public private(set) var exact: [Double] = []
    /// Upper bounds: each value is at most this.
    public private(set) var atMost: [Double] = []
    /// Lower bounds: each value is at least this.
    public private(set) var atLeast: [Double] = []

    /// The most bins of the estimate.
    static let maximumBins = 20_000

    /// An empty sample.
    public init() {}

    /// Adds an exactly observed value.
    public mutating func add(exact value: Double) { exact.append(value) }

    /// Adds a value known only to be at most `bound`.
    public mutating func add(atMost bound: Double) { atMost.append(bound) }

    /// Adds a value known only to be at least `bound`.
    public mutating func add(atLeast bound: Double) { atLeast.append(bound) }

    /// The number of values of every kind.
    public var count: Int { exact.count + atMost.count + atLeast.count }

    /// The estimated distribution: its steps (value, P(delay ≤ value)) in increasing order. Empty
    /// when no value is exact. When right-censored values lie beyond every exact one, the last step
    /// stays below 1 (the rest of the mass is beyond the largest exact value).
    /// - Complexity: O(n log n + iterations × (bins + distinct bounds)).
    public var distribution: [(value: Double, cdf: Double)] {
        guard let low = exact.min(), let high = exact.max() else { return [] }
        let width = Swift.max(1, ((high - low) / Double(Self.maximumBins - 1)).rounded(.up))
        let origin = (low / width).rounded(.down) * width
        let bins = Int(((high - origin) / width).rounded(.down)) + 1
        func bin(_ x: Double) -> Int { Swift.min(bins - 1, Swift.max(0, Int(((x - origin) / width).rounded(.down)))) }
        // Observations as bin ranges [from, to] (to == bins: beyond the largest exact value), counted.
        var ranges: [Range: Double] = [:]
        for x in exact { ranges[Range(from: bin(x), to: bin(x)), default: 0] += 1 }
        for c in atMost where c >= origin {
            // A bound above every exact value allows every bin: it carries no information.
            if c < high { ranges[Range(from: 0, to: bin(c)), default: 0] += 1 }
        }
        for c in atLeast {
            ranges[Range(from: c > high ? bins : bin(c), to: bins), default: 0] += 1
        }
        // Left-censored values below every bin cannot be placed; they are dropped.
        let observations = ranges.sorted { ($0.key.from, $0.key.to) < ($1.key.from, $1.key.to) }
        let total = observations.reduce(0) { $0 + $1.value }
        let cells = bins + 1  // the last cell holds mass beyond the largest exact value
        // Start from the exact values (and the right-censored ones beyond them): the estimate keeps
        // no mass where it starts with none, which is where the likelihood puts none either.
        var p = [Double](repeating: 0, count: cells)
        var sums = [Double](repeating: 0, count: bins)
        var counts = [Double](repeating: 0, count: bins)
        for x in exact {
            p[bin(x)] += 1
            counts[bin(x)] += 1
            sums[bin(x)] += x
        }
        p[bins] = Double(atLeast.filter { $0 > high }.count)
        let start = p.reduce(0, +)
        for k in 0..<cells { p[k] /= start }
        var prefix = [Double](repeating: 0, count: cells + 1)
        var weight = [Double](repeating: 0, count: cells + 1)
        for _ in 0..<5000 {
            for k in 0..<cells { prefix[k + 1] = prefix[k] + p[k] }
            for k in 0...cells { weight[k] = 0 }
            for (range, n) in observations {
                let mass = prefix[range.to + 1] - prefix[range.from]
                guard mass > 0 else { continue }
                weight[range.from] += n / mass
                weight[range.to + 1] -= n / mass
            }
            var running = 0.0
            var change = 0.0
            for k in 0..<cells {
                running += weight[k]
                let updated = p[k] * running / total
                change = Swift.max(change, abs(updated - p[k]))
                p[k] = updated
            }
            if change < 1e-9 { break }
        }
        var steps: [(value: Double, cdf: Double)] = []
        var cdf = 0.0
        for k in 0..<bins where p[k] > 1e-12 {
            cdf += p[k]
            // A bin stands for the mean of its exact values (every bin with mass has some).
            steps.append((value: counts[k] > 0 ? sums[k] / counts[k] : origin + (Double(k) + 0.5) * width, cdf: Swift.min(1, cdf)))
        }
        return steps
    }

    /// The `p`-quantile (0…1): the smallest value whose estimated P(delay ≤ value) reaches `p`;
    /// `nil` when no value is exact.
    public func quantile(_ p: Double) -> Double? {
        quantile(p, in: distribution)
    }

    /// ``quantile(_:)`` on a distribution already computed.
    public func quantile(_ p: Double, in steps: [(value: Double, cdf: Double)]) -> Double? {
        guard let last = steps.last else { return nil }
        for step in steps where step.cdf >= p - 1e-9 { return step.value }
        return last.value
    }

    private struct Range: Hashable {
        var from: Int
        var to: Int
    }
}
