import Foundation
import Testing

@testable import WidgetBudgetKit

/// ``Quantize/round(_:_:)`` by arithmetic against the text it stands for (`%.Nf` printed and read
/// back, the old computation kept here as the reference): the same bits on random values of every
/// size and sign, on exact ties (`k + 1/2` over a power of ten that a `Double` holds exactly:
/// 0.125, 2.5, 0.0625 …), on the doubles next to ties and to the rounding boundaries, on values
/// that round to a signed zero, and at every number of decimals the tool uses and more.
@Suite("Rounding to decimals as the files print them")
struct QuantizeTests {
    /// The old computation: the text, read back.
    static func reference(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return value }
        let text = String(format: "%.\(decimals)f", value)
        return Double(text).map { $0 == 0 ? 0 : $0 } ?? value
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test("random values, ties and their neighbours give the bits of the text read back")
    func matchesText() {
        var g = SeededGenerator(seed: 2_614)
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 0.0625, 1e-300, -1e-300, 4.35, 0.005, 1e15, 4.5e15, 1e16, 1e300,
        ]
        for _ in 0..<4_000 {
            switch g.next() % 6 {
            case 0: values.append((g.unit() - 0.5) * 200)  // ages and fractions
            case 1: values.append(g.unit())
            case 2:
                values.append(
                    Double(sign: g.next() % 2 == 0 ? .plus : .minus, exponent: Int(g.next() % 120) - 60, significand: 1 + g.unit()))
            case 3:
                // An exact tie at some number of decimals: an odd multiple of 2^-k, k ≤ 8.
                let k = Int(g.next() % 9)
                values.append(Double(2 * Int(g.next() % 100_000) + 1) / Double(1 << k) / (g.next() % 2 == 0 ? 1 : 2))
            case 4: values.append((g.unit() * 1e6).rounded() / 100)  // two decimals already, mostly not exact
            default: values.append(Double(g.next() % 10_000) / 1_000 + 0.0005)
            }
        }
        var checked = 0
        for value in values {
            for v in [value, value.nextUp, value.nextDown, -value] {
                for decimals in [0, 1, 2, 3, 4, 6, 8, 12, 17, 22, 23] {
                    let got = Quantize.round(v, decimals), expected = Self.reference(v, decimals)
                    #expect(Self.same(got, expected), "\(v) to \(decimals) decimals: \(got) against \(expected)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100_000)
    }

    @Test("most values take the arithmetic (the text only for the largest, and for non-finite values)")
    func arithmeticTaken() {
        #expect(Quantize.arithmetic(1_234.567, 2) == 1_234.57)
        #expect(Quantize.arithmetic(0.125, 2) == 0.12)
        #expect(Quantize.arithmetic(-0.001, 2)?.bitPattern == Double(0).bitPattern)
        #expect(Quantize.arithmetic(1e40, 2) == nil && Quantize.arithmetic(1, 23) == nil && Quantize.arithmetic(1, -1) == nil)
        #expect(Quantize.round(.infinity, 2) == .infinity && Quantize.round(.nan, 2).isNaN)
    }
}
