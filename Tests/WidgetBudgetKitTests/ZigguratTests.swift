import Foundation
import Testing
import WidgetBudgetKit

/// The ziggurat's exponential draws (`SeededGenerator.exponential()`, issue #26): its tables are
/// the ones its recurrence defines, and its draws have the exponential distribution of mean 1,
/// judged on one fixed seed with bounds derived from the distribution (each a false alarm about
/// once in a million seeds or rarer), so a sampler that is wrong in its common path, its wedges or
/// its tail fails.
@Suite("Exponential draws by the ziggurat")
struct ZigguratTests {
    /// Half an ULP of 1 (the tables' rounding to the nearest `Double`).
    static let u = Double.ulpOfOne / 2

    /// Every layer has the area `v`: `x[0]·f[1]` (the base, `r·e^-r` plus the tail `e^-r`),
    /// `x[i]·(f[i+1] - f[i])` above it, and `f[i] = e^-x[i]`. Each table entry is its exact value
    /// rounded (relative error `u`), so an area is off by at most `u(f[i] + f[i+1]) / (f[i+1] - f[i])`
    /// relative from the difference (`x[0] = r + 1` within `3u·x[0]`: three roundings), plus `u` from `x[i]` and `u` from each of the two operations
    /// (`2u` more as margin); `e^-x` by the platform's `exp` (within an ULP, `2u`) is off by `u·x`
    /// from `x`'s rounding and `u` from `f`'s.
    @Test("the tables: 256 layers of one area under e^-x")
    func tablesAreTheRecurrence() {
        let x = ZigguratTables.x, f = ZigguratTables.f, v = ZigguratTables.v, u = Self.u
        #expect(x.count == 257 && f.count == 257)
        #expect(x[1] == ZigguratTables.r && x[256] == 0 && f[256] == 1)
        #expect(abs(x[0] * f[1] - v) <= v * 5 * u)
        #expect(abs(x[0] - (x[1] + 1)) <= x[0] * 3 * u)
        for i in 1...255 {
            let gap = f[i + 1] - f[i]
            let bound = v * (u * (f[i] + f[i + 1]) / gap + 5 * u)
            #expect(abs(x[i] * gap - v) <= bound, "layer \(i): \(x[i] * gap) against \(v)")
        }
        for i in 0...255 {
            #expect(abs(f[i] - exp(-x[i])) <= f[i] * u * (3 + x[i]), "f[\(i)]")
        }
    }

    /// 2²¹ draws of one seed against `P(X ≤ t) = 1 - e^-t`:
    /// - 100 classes of equal probability, `χ²` with 99 degrees of freedom below 183 (mean 99,
    ///   standard deviation 14: `P(χ² > 183) ≈ 7·10⁻⁷` by Wilson–Hilferty);
    /// - the mean within 5 standard deviations of 1 (`σ = 1/√n`), the variance within 5 of 1
    ///   (the sample variance's standard deviation `√((μ₄ - σ⁴)/n) = √(8/n)`, `μ₄ = 9`);
    /// - the tail the base layer hands to `log1p`: the count beyond `r` within 5 binomial
    ///   standard deviations of `n·e^-r`, and their excess over `r` of mean 1 within 5 standard
    ///   deviations (`1/√k` for k of them; memoryless).
    @Test("the draws: exponential of mean 1 (classes, mean, variance, tail)")
    func drawsAreExponential() {
        let n = 1 << 21
        var generator = SeededGenerator(seed: 26)
        var classes = [Int](repeating: 0, count: 100)
        var sum = 0.0, squares = 0.0
        var tail = 0, excess = 0.0
        let r = ZigguratTables.r
        for _ in 0..<n {
            let e = generator.exponential()
            classes[min(99, Int(-expm1(-e) * 100))] += 1
            sum += e
            squares += e * e
            if e > r {
                tail += 1
                excess += e - r
            }
        }
        let count = Double(n)
        let expected = count / 100
        let chiSquare = classes.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(chiSquare < 183, "χ² = \(chiSquare) over 99 degrees of freedom")
        let mean = sum / count
        let variance = (squares - count * mean * mean) / (count - 1)
        #expect(abs(mean - 1) <= 5 / count.squareRoot(), "mean \(mean)")
        #expect(abs(variance - 1) <= 5 * (8 / count).squareRoot(), "variance \(variance)")
        let p = exp(-r)
        let tailMean = count * p
        #expect(abs(Double(tail) - tailMean) <= 5 * (count * p * (1 - p)).squareRoot(), "\(tail) beyond r, \(tailMean) expected")
        #expect(abs(excess / Double(tail) - 1) <= 5 / Double(tail).squareRoot(), "mean excess \(excess / Double(tail))")
    }

    /// A windowed Poisson process at 5 an hour in one hour a day for 2,000 days: the counts per
    /// window are Poisson of mean and variance 5. The mean within 5 standard deviations
    /// (`√(5/n)`); the sample variance within 5 of its standard deviation `√((λ + 2λ²)/n)` (a
    /// Poisson count's fourth central moment is `λ + 3λ²`).
    @Test("a windowed process's counts per window: Poisson (mean and variance 5)")
    func windowCountsArePoisson() {
        let days = 2_000
        let process = EventProcess(.poisson(perHour: 5), during: [TimeWindow("12:00-13:00")!])
        var stream = EventStream(
            process, horizon: Double(days) * Seconds.day, clock: LocalClock.utc(), generator: SeededGenerator(seed: 26))
        var counts = [Int](repeating: 0, count: days)
        while let t = stream.next() { counts[Int(t / Seconds.day)] += 1 }
        let n = Double(days), lambda = 5.0
        let mean = Double(counts.reduce(0, +)) / n
        let variance = counts.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / (n - 1)
        #expect(abs(mean - lambda) <= 5 * (lambda / n).squareRoot(), "mean \(mean)")
        #expect(abs(variance - lambda) <= 5 * ((lambda + 2 * lambda * lambda) / n).squareRoot(), "variance \(variance)")
    }
}
