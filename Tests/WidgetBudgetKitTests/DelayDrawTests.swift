import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// `DelayDistribution.draw` with one switch over the cases (#26 engine-2 `grant`) against the draw
/// as it was, kept here verbatim: the same values to the bit and the generator left in step.
@Suite("A delay's draw")
struct DelayDrawTests {
    /// The draw before #26 engine-2 `grant`'s round 13: a constant, or `value(unit:)` of a draw.
    static func oldDraw(_ distribution: DelayDistribution, _ generator: inout SeededGenerator) -> Double {
        switch distribution {
        case let .constant(value): return value
        default: return distribution.value(unit: generator.unit())
        }
    }

    @Test("every case, 2,000 draws each: the same bits, the generator in the same state")
    func sameDraws() {
        var g = SeededGenerator(seed: 1_313)
        let distributions: [DelayDistribution] = [
            .zero, .constant(-0.0), .constant(42.5), .uniform(0, 120), .uniform(2, 30), .uniform(5, 5),
            .uniform(-1e300, 1e300), .uniform(30, 2), .exponential(mean: 60), .exponential(mean: 0),
            .exponential(mean: 1e-300),
        ]
        for distribution in distributions {
            var new = SeededGenerator(seed: g.next())
            var old = new
            for i in 0..<2_000 {
                let drawn = distribution.draw(&new)
                let expected = Self.oldDraw(distribution, &old)
                #expect(drawn.bitPattern == expected.bitPattern, "\(distribution), draw \(i)")
            }
            #expect(new.next() == old.next(), "\(distribution)")
        }
    }
}
