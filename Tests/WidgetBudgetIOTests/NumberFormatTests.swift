import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// `NumberFormat.fixed` rounds Swift's shortest decimal instead of calling the C formatter where
/// that gives the same text: checked against `String(format:)` (the oracle) on random values of
/// every magnitude the CSV files print, on ties of the exact binary value, and on carries.
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

    @Test(
        "ties, carries and signs",
        arguments: [
            (0.125, 2), (2.675, 2), (0.5, 0), (1.5, 0), (9.9996, 3), (999.95, 1), (-0.004, 2), (-0.0, 2), (0.0, 0), (59.999999, 4),
            (1e-5, 3), (123_456_789.0, 2), (1e12, 1),
        ] as [(Double, Int)])
    func edgeCases(_ value: Double, _ digits: Int) {
        let printed = Self.oracle(value, digits)
        let expected = printed.hasPrefix("-") && Double(printed) == 0 ? String(printed.dropFirst()) : printed
        #expect(NumberFormat.fixed(value, digits) == expected)
    }
}
