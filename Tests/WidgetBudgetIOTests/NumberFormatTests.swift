import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// `NumberFormat.fixed` rounds the exact binary value in integer arithmetic instead of calling the
/// C formatter: checked against `String(format:)` (the oracle) on random values of every magnitude
/// the CSV files print, on ties of the exact binary value, and on carries.
@Suite("Fixed-point numbers without the C formatter")
struct NumberFormatTests {
    static func oracle(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    @Test("the same text as %.Nf on 200,000 random values")
    func matchesPrintf() {
        var g = SeededGenerator(seed: 4)
        var checked = 0
        for i in 0..<200_000 {
            let digits = Int(g.next() % 7)
            let magnitude = pow(10, Double(Int(g.next() % 14)) - 5)
            var value = (g.unit() - 0.5) * 2 * magnitude
            switch i % 4 {
            case 1: value = (value * 1_000).rounded() / 1_000  // Decimal-looking values: many near-ties.
            case 2: value = (value * 8).rounded() / 8  // Exact binary ties at 3 digits (x.125, x.375).
            case 3: value = value.rounded()
            default: break
            }
            guard let text = NumberFormat.rounded(value, digits) else { continue }
            checked += 1
            if text != Self.oracle(value, digits) {
                Issue.record("\(value) with \(digits) digits: \(text) != \(Self.oracle(value, digits))")
                return
            }
        }
        // Most values take the fast path (the test would pass vacuously otherwise).
        #expect(checked > 150_000)
    }

    /// A value prints as a tie at `digits` decimals when `value × 10^digits` ends in exactly `.5`:
    /// for a binary value, an odd multiple of `2^-(digits + 1)`. `printf` rounds those to even.
    @Test("the same text as %.Nf on 100,000 exact ties and 100,000 values of random bits")
    func matchesPrintfOnTiesAndBits() {
        var g = SeededGenerator(seed: 12)
        for i in 0..<200_000 {
            let digits = Int(g.next() % 7)
            let value: Double
            if i.isMultiple(of: 2) {
                let odd = Double((g.next() % (1 << UInt64(20 + 3 * digits))) | 1)
                value = odd * Double(sign: .plus, exponent: -(digits + 1), significand: 1) * (g.next() % 2 == 0 ? 1 : -1)
            } else {
                // Any bits, exponents from 2^-26 (below the smallest printed digit) to 2^30 (past 10⁹).
                let exponent = Int(g.next() % 57) - 26
                value = Double(sign: g.next() % 2 == 0 ? .plus : .minus, exponent: exponent, significand: 1 + g.unit())
            }
            let text = NumberFormat.rounded(value, digits) ?? Self.oracle(value, digits)
            if text != Self.oracle(value, digits) {
                Issue.record("\(value) with \(digits) digits: \(text) != \(Self.oracle(value, digits))")
                return
            }
        }
    }

    @Test(
        "ties, carries and signs",
        arguments: [
            (0.125, 2), (2.675, 2), (0.5, 0), (1.5, 0), (9.9996, 3), (999.95, 1), (-0.004, 2), (-0.0, 2), (0.0, 0), (59.999999, 4),
            (1e-5, 3), (123_456_789.0, 2), (1e12, 1), (999_999_999.9999999, 6), (0x1p-22, 6), (0x1.0cp-21, 6), (5e-7, 6),
            (0.0000005000000000000001, 6), (-0.5, 0), (2.5, 0), (0.045, 2), (1e9 - 0.5, 0),
        ] as [(Double, Int)])
    func edgeCases(_ value: Double, _ digits: Int) {
        let printed = Self.oracle(value, digits)
        let expected = printed.hasPrefix("-") && Double(printed) == 0 ? String(printed.dropFirst()) : printed
        #expect(NumberFormat.fixed(value, digits) == expected)
    }
}
