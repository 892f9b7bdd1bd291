import Testing

@testable import WidgetBudgetKit

/// `WidgetSimulation.boundMax` (round 13 `select`: the closed paths' `through` bound,
/// `boundMax(last, tick) + 2 * step`) against the expression it replaces, kept verbatim:
/// `max(last, tick) + 2 * step`, on random doubles through the seeded generator (times of a
/// day, equal and nearby values, negatives, and the odd ones: ±0, ±infinity, ±NaN, subnormals,
/// the largest finite): the same binade, the same bits unless both are zeros, and the same
/// `exact` answer.
@Suite("The closed paths' through bound against max kept verbatim")
struct BoundMaxTests {
    typealias Simulation = WidgetSimulation<BuiltInProvider>

    /// The bound `closedTimeline` and `closedCycles` handed `exact` before round 13, verbatim.
    static func verbatim(_ last: Double, _ tick: Double, step: Double) -> Double {
        max(last, tick) + 2 * step
    }

    @Test("400,000 random bounds: the same binade and exact answer as max(last, tick) + 2 * step")
    func randomBounds() {
        var g = SeededGenerator(seed: 1_326)
        var binades = 0, answers = 0, bits = 0
        for _ in 0..<400_000 {
            let tick = RendersAfterTests.draw(&g, near: g.unit() * 86_400)
            let last = RendersAfterTests.draw(&g, near: tick)
            let step = g.next() % 4 == 0 ? RendersAfterTests.draw(&g, near: 0) : [30, 60, 0.5, 1_800][Int(g.next() % 4)]
            let first = g.next() % 2 == 0 ? tick : RendersAfterTests.draw(&g, near: last)
            let gridExponent = g.next() % 8 == 0 ? Int.max : Int(g.next() % 16) - 8
            let new = Simulation.boundMax(last, tick) + 2 * step
            let old = Self.verbatim(last, tick, step: step)
            if ExactMultiples.biasedExponent(new) != ExactMultiples.biasedExponent(old) { binades += 1 }
            if new.bitPattern != old.bitPattern && !(new == 0 && old == 0) && !(new.isNaN && old.isNaN) { bits += 1 }
            let a = StaleStride.exact(first: first, tick: tick, gridExponent: gridExponent, through: new)
            if a != StaleStride.exact(first: first, tick: tick, gridExponent: gridExponent, through: old) { answers += 1 }
        }
        #expect(binades == 0)
        #expect(bits == 0)
        #expect(answers == 0)
    }
}
