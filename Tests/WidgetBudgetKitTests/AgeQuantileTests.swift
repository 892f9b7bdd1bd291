import Foundation
import Testing
import WidgetBudgetKit

/// `AgeQuantile.timeWeighted` against the plain bisection it replaced (kept below as the oracle),
/// on random segment sets: identical sawtooth teeth, spread ages, segments that start old,
/// several runs, and sets made to sit on the histograms' edges and the rounding margins: the same
/// answer to the bit.
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

    /// A random set made to be hard for the histograms: piles of equal values, every segment from
    /// 0, values on bucket edges (powers of two and numbers with few significant bits), one huge
    /// segment among small ones, ages near 10^9 s, tiny ages, many values close together around
    /// the quantile, segments of length 0, and (rarely) segments ending before they begin.
    static func adversarial(_ g: inout SeededGenerator) -> [AgeSegment] {
        let count = Int(g.next() % 2_500)
        let kind = g.next() % 9
        let pile: Double = [240, 1e9 / 3, 0.1, 86_400 / 7][Int(g.next() % 4)]
        var segments: [AgeSegment] = (0..<count).map { _ in
            let from: Double, to: Double
            switch kind {
            case 0:  // one pile of equal teeth (their sums rounding the same way at each step)
                (from, to) = (0, g.next() % 8 == 0 ? pile * 2 : pile)
            case 1:  // edges: 2^k and 3·2^k
                let edge = Double(sign: .plus, exponent: Int(g.next() % 40) - 24, significand: g.next() % 2 == 0 ? 1 : 1.5)
                (from, to) = g.next() % 3 == 0 ? (edge, 2 * edge) : (0, edge)
            case 2:  // close values around one age
                (from, to) = (0, 3_599 + g.unit())
            case 3:  // ages near 10^9 s, whole or not (sums that round)
                let whole = g.next() % 2 == 0
                let old = 1e9 + (whole ? (g.unit() * 1e4).rounded() : g.unit() * 1e4)
                (from, to) = (old, old + 1 + (whole ? (g.unit() * 600).rounded() : g.unit() * 600))
            case 4:  // tiny ages
                (from, to) = (0, g.unit() * 1e-7)
            case 5:  // few distinct values, some segments of length 0, beginnings on the same values
                let values: [Double] = [0, 1, 2, 4, 60, 64, 96, 3_600, 4_096]
                let a = values[Int(g.next() % 9)], b = values[Int(g.next() % 9)]
                (from, to) = (min(a, b), max(a, b))
            case 6:  // whole seconds, long and short
                let old = g.next() % 4 == 0 ? Double(g.next() % 50_000) : 0
                (from, to) = (old, old + Double(1 + g.next() % (g.next() % 2 == 0 ? 60 : 50_000)))
            case 7:  // random bit patterns of positive doubles between 2^-30 and 2^45
                let a = Double(sign: .plus, exponent: Int(g.next() % 75) - 30, significand: 1 + g.unit())
                (from, to) = g.next() % 2 == 0 ? (0, a) : (a / 2, a)
            default:  // one tooth shape with random start ages
                (from, to) = (Double(g.next() % 3) * 60, Double(g.next() % 3) * 60 + 240)
            }
            return AgeSegment(start: 0, from: from, to: to)
        }
        if !segments.isEmpty && g.next() % 4 == 0 {
            // One huge segment.
            segments[Int(g.next() % UInt64(segments.count))] = AgeSegment(from: 0, to: g.next() % 2 == 0 ? 1e9 : 86_400 * 28)
        }
        if !segments.isEmpty && g.next() % 40 == 0 {
            // A segment ending before it begins: no histogram, every step summed in order.
            segments[0] = AgeSegment(from: 10, to: 5)
        }
        return segments
    }

    @Test("adversarial segment sets, in one part or in thousands with empty ones, give the reference's bits")
    func adversarialMatchesReference() {
        var g = SeededGenerator(seed: 1_295)
        for i in 0..<400 {
            let all = Self.adversarial(&g)
            // Split into parts of random lengths, many of them empty.
            var parts: [[AgeSegment]] = []
            var rest = all[...]
            while !rest.isEmpty || parts.count < 3 {
                let length = g.next() % 3 == 0 ? 0 : Int(g.next() % 8)
                parts.append(Array(rest.prefix(length)))
                rest = rest.dropFirst(length)
            }
            let stale = all.reduce(0) { $0 + $1.to - $1.from }
            let totalTime = g.next() % 5 == 0 ? stale * (1 + 1e-12) : stale * (1 + g.unit() * 30)
            let p = [0.95, 0.5, 0.99, 0.001, 0.999, 1e-9, 1 - 1e-9, 0.9999999][Int(g.next() % 8)]
            let expected = Self.reference(all, totalTime: totalTime, p: p)
            #expect(AgeQuantile.timeWeighted(parts: parts, totalTime: totalTime, p: p) == expected, "set \(i)")
            #expect(AgeQuantile.timeWeighted(all, totalTime: totalTime, p: p) == expected, "set \(i)")
        }
    }

    @Test("sets with a NaN, an infinite or a negative age give the reference's bits too")
    func unusualValuesMatchReference() {
        var g = SeededGenerator(seed: 7)
        for i in 0..<24 {
            // Above and below the count from which the first pass builds the histogram.
            var all = (0..<(i % 2 == 0 ? 3_000 : 300)).map { _ in AgeSegment(from: 0, to: (g.unit() * 600).rounded()) }
            let odd: [Double] = [.nan, .infinity, -5, -0.0]
            all[Int(g.next() % UInt64(all.count))].to = odd[i % 4]
            if i % 3 == 0 { all[Int(g.next() % UInt64(all.count))].from = odd[(i / 3) % 4] }
            let totalTime = Double(all.count) * 600
            let expected = Self.reference(all, totalTime: totalTime, p: 0.95)
            let got = AgeQuantile.timeWeighted(parts: [all[..<7], all[7...]], totalTime: totalTime, p: 0.95)
            #expect(got.bitPattern == expected.bitPattern, "set \(i)")
        }
    }
}
