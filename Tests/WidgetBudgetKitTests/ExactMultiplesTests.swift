import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The closed forms' exactness asked against one unit (`ExactMultiples`): the same answers as the
/// lowest-bit exponents gave (the old code kept here verbatim), on random and adversarial values.
/// `ClosedTimelineTests.exactWithGridExponent` compares `StaleStride.exact` with the grid's
/// exponent against the reference the same way.
@Suite("Exactness against one unit: the answers of the lowest-bit exponents")
struct ExactMultiplesTests {
    /// `RepeatedSum.exactTotal` as it was, with each value's lowest-bit exponent.
    static func exactTotalByLowBits(_ x: Double, times n: Int, to sum: Double) -> Double? {
        guard n > 0, x >= 0, sum >= 0, let kx = StaleStride.lowBitExponent(x), let ks = StaleStride.lowBitExponent(sum)
        else { return nil }
        let k = min(kx, ks)
        if k == Int.max { return sum + x }
        let total = sum + Double(n) * x
        return StaleStride.binadeExponent(total) < k + 53 ? total : nil
    }

    static let odd: [Double] = [
        0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 0x1p-1030, 0x1p-1022, .greatestFiniteMagnitude,
        0x1p1000, 0x1p52, 0x1p53, 0x1p53 - 1, 0x1p52 + 1,
    ]

    /// A value as the accounting sums and terms are: whole seconds, fractions, squares halved,
    /// powers of two, or an odd one.
    static func draw(_ g: inout SeededGenerator) -> Double {
        func unit() -> Double { Double(g.next() >> 11) / Double(1 << 53) }
        switch g.next() % 8 {
        case 0: return Double(g.next() % 100_000) * 4
        case 1: return unit() * 120
        case 2:
            let a = Double(g.next() % 3_600) + [0, 0.5, 0.25, 0.125][Int(g.next() % 4)]
            return a * a / 2
        case 3: return Double(sign: .plus, exponent: Int(g.next() % 140) - 70, significand: 1)
        case 4: return odd[Int(g.next() % UInt64(odd.count))]
        case 5: return Double(g.next() % (1 << 53)) * Double(sign: .plus, exponent: Int(g.next() % 60) - 30, significand: 1)
        case 6: return -Double(g.next() % 1_000)
        default: return Double(g.next() % 1_000_000) + unit()
        }
    }

    @Test("RepeatedSum.exactTotal against one unit: the lowest-bit exponents' answer, to the bit")
    func exactTotalMatchesLowBits() {
        var g = SeededGenerator(seed: 2_680)
        var exact = 0
        for _ in 0..<100_000 {
            let x = Self.draw(&g), sum = Self.draw(&g)
            let n = [0, 1, 2, 3, 59, 60, 1_440, 1 << 20, -1][Int(g.next() % 9)]
            let reference = Self.exactTotalByLowBits(x, times: n, to: sum)
            let total = RepeatedSum.exactTotal(x, times: n, to: sum)
            #expect(total?.bitPattern == reference?.bitPattern, "x \(x), n \(n), sum \(sum): \(String(describing: total))")
            if reference != nil { exact += 1 }
        }
        // Both answers occur.
        #expect(exact > 10_000 && exact < 90_000, "\(exact)")
    }

    @Test("StaleStride.exact with the grid's exponent at the unit's edge: the answer of the lowest bits")
    func exactAtTheEdge() {
        var g = SeededGenerator(seed: 2_682)
        var answers = [0, 0]
        for _ in 0..<20_000 {
            // A grid of period and step `2^p` (its exponent `p`), times that are multiples of
            // `2^p` or of a neighbouring power, up to a `through` at or near `2^(p + 52)` and
            // `2^(p + 53)`, where the unit of its binade meets the grid's.
            let p = Int(g.next() % 80) - 40
            let period = Double(sign: .plus, exponent: p, significand: 1)
            let low = Double(sign: .plus, exponent: p + Int(g.next() % 3) - 1, significand: 1)
            let first = Double(g.next() % (1 << 40)) * low
            let tick = [first, first + period, 0, -0.0, Double(g.next() % (1 << 20)) * low][Int(g.next() % 5)]
            let edge = Double(sign: .plus, exponent: p + 52 + Int(g.next() % 2), significand: 1)
            let through = [edge, edge.nextDown, edge.nextUp, edge * 1.5, first][Int(g.next() % 5)]
            let reference = StaleStride.exact(
                first: first, dateSpacing: period, tick: tick, step: period, period: period, through: through)
            let gridExponent = StaleStride.gridExponent(step: period, period: period)
            #expect(gridExponent == p)
            let answer = StaleStride.exact(first: first, tick: tick, gridExponent: p, through: through)
            #expect(answer == reference, "first \(first) tick \(tick) p \(p) through \(through)")
            answers[answer ? 1 : 0] += 1
        }
        #expect(answers.allSatisfy { $0 > 2_000 }, "\(answers)")
    }

    @Test("a whole multiple of a binade's unit: the lowest-bit exponent at least the unit's")
    func isWholeMatchesLowBit() {
        var g = SeededGenerator(seed: 2_681)
        for _ in 0..<100_000 {
            let x = Self.draw(&g)
            guard x.isFinite else { continue }
            // A binade at or above x's (normal: biased exponents 1 ... 0x7FE).
            let own = max(ExactMultiples.biasedExponent(x), 1)
            let e = min(own + Int(g.next() % 60), 0x7FE)
            let reference = StaleStride.lowBitExponent(x).map { $0 >= e - 1075 } ?? false
            #expect(ExactMultiples.isWhole(x, inUnitOf: e) == reference, "\(x) in the unit of \(e)")
        }
        #expect(ExactMultiples.isWhole(-0.0, inUnitOf: 1) && ExactMultiples.isWhole(0, inUnitOf: 0x7FE))
        #expect(!ExactMultiples.isWhole(.leastNonzeroMagnitude, inUnitOf: 1))
        #expect(ExactMultiples.isWhole(60, inUnitOf: ExactMultiples.biasedExponent(0x1p54)))
        #expect(!ExactMultiples.isWhole(60, inUnitOf: ExactMultiples.biasedExponent(0x1p55)))
    }

    /// `ExactMultiples.isWhole(_:inUnitOf:)` as it was before it answered a value in the binade
    /// itself first (round 14), kept verbatim.
    static func isWholeCountingZeros(_ x: Double, inUnitOf e: Int) -> Bool {
        let bits = x.bitPattern
        let ex = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        if ex == 0 { return bits << 1 == 0 }
        return ex + (bits | 1 << 52).trailingZeroBitCount >= e
    }

    @Test("a value in the binade itself answered first: the answer of its trailing zeros, for every value and unit")
    func isWholeInItsBinadeMatchesOld() {
        var g = SeededGenerator(seed: 2_790)
        var inBinade = 0
        var answers = [0, 0]
        for _ in 0..<200_000 {
            // Any value (non-finite ones too), in a unit at, below or above its own binade's
            // (every biased exponent 1 ... 0x7FE, the callers' range).
            let x = g.next() % 4 == 0 ? Double(bitPattern: g.next()) : Self.draw(&g)
            let own = ExactMultiples.biasedExponent(x)
            let e = min(max(own + Int(g.next() % 9) - 4, 1), 0x7FE)
            let answer = ExactMultiples.isWhole(x, inUnitOf: e)
            #expect(answer == Self.isWholeCountingZeros(x, inUnitOf: e), "\(x) (bits \(x.bitPattern)) in the unit of \(e)")
            if own == e { inBinade += 1 }
            answers[answer ? 1 : 0] += 1
        }
        for x in Self.odd {
            for e in [1, 2, 0x3FF, 0x433, 0x434, 0x7FD, 0x7FE] {
                #expect(ExactMultiples.isWhole(x, inUnitOf: e) == Self.isWholeCountingZeros(x, inUnitOf: e), "\(x) in \(e)")
            }
        }
        // The new first answer is asked often, and both answers occur.
        #expect(inBinade > 20_000 && answers.allSatisfy { $0 > 20_000 }, "\(inBinade) \(answers)")
    }

    @Test("the whole part read from the bits: Int(q) for 1 ≤ q < 2^52")
    func wholePartMatchesConversion() {
        var g = SeededGenerator(seed: 2_683)
        var checked = 0
        for _ in 0..<100_000 {
            // Any double of the range, a whole number, one an ulp off a whole number, a quotient.
            let whole = Double(g.next() >> UInt64(12 + g.next() % 52))
            let candidates = [
                1 + Double(g.next() >> 11) / Double(1 << 53) * (0x1p52 - 1),
                Double(bitPattern: 0x3FF0_0000_0000_0000 + g.next() % (52 << 52)),
                whole, whole.nextUp, whole.nextDown, whole / Double(1 + g.next() % 7_200),
            ]
            for q in candidates where q >= 1 && q < 0x1p52 {
                checked += 1
                #expect(ExactMultiples.wholePart(q) == Int(q), "\(q)")
            }
        }
        for q in [1, 1.0.nextUp, 2.0.nextDown, 2, 0x1p51, 0x1p52.nextDown, 1_209_600, 1_209_599.5] {
            #expect(ExactMultiples.wholePart(q) == Int(q), "\(q)")
        }
        #expect(checked > 400_000)
    }
}
