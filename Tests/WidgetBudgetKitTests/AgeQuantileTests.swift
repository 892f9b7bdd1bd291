import Foundation
import Testing
import WidgetBudgetKit

/// `AgeQuantile.timeWeighted` against the plain bisection it replaced (kept below as the oracle),
/// on random segment sets: identical sawtooth teeth, spread ages, segments that start old,
/// several runs: the same answer to the bit.
@Suite("Age quantile against the plain bisection")
struct AgeQuantileTests {
    /// The bisection summing every segment above the midpoint in order at every step.
    static func reference(_ segments: [AgeSegment], totalTime: Double, p: Double) -> Double {
        guard totalTime > 0 else { return 0 }
        let target = (1 - p) * totalTime
        var stale = 0.0, hi = 0.0
        for s in segments {
            stale += s.to - s.from
            hi = max(hi, s.to)
        }
        if stale <= target { return 0 }
        var lo = 0.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            var above = 0.0
            for s in segments where s.to > mid { above += s.to - max(s.from, mid) }
            if above > target { lo = mid } else { hi = mid }
            if hi - lo < 1e-6 { break }
        }
        return hi
    }

    /// A random run's segments: teeth of one length, of a few lengths, or of random lengths, some
    /// starting old (an accounting split), at random instants.
    static func segments(_ g: inout SeededGenerator) -> [AgeSegment] {
        let count = Int(g.next() % 3_000)
        let kind = g.next() % 4
        let lengths: [Double] = [240, 60, 3_540, 1.5]
        return (0..<count).map { _ in
            let length: Double
            switch kind {
            case 0: length = 240
            case 1: length = lengths[Int(g.next() % 4)]
            case 2: length = (g.unit() * 7_200).rounded()
            default: length = g.unit() * 86_400 * (g.next() % 50 == 0 ? 1 : 0.01)
            }
            let from = g.next() % 5 == 0 ? (g.unit() * 600).rounded() : 0
            return AgeSegment(start: g.unit() * 1e6, from: from, to: from + length)
        }
    }

    @Test("random segment sets, in one or several parts, give the reference's bits")
    func matchesReference() {
        var g = SeededGenerator(seed: 95)
        for i in 0..<300 {
            let parts = (0..<Int(1 + g.next() % 4)).map { _ in Self.segments(&g) }
            let all = parts.flatMap { $0 }
            let stale = all.reduce(0) { $0 + $1.to - $1.from }
            let totalTime = stale * (1 + g.unit() * 30)
            let p = [0.95, 0.5, 0.99][Int(g.next() % 3)]
            let expected = Self.reference(all, totalTime: totalTime, p: p)
            #expect(AgeQuantile.timeWeighted(parts: parts, totalTime: totalTime, p: p) == expected, "set \(i)")
            #expect(AgeQuantile.timeWeighted(all, totalTime: totalTime, p: p) == expected, "set \(i)")
        }
    }
}
