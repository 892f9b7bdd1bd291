import Testing

@testable import WidgetBudgetKit

/// `WidgetSimulation.rendersAfter` (round 13 `select`: whether an entry due at `due` renders
/// after `stale` when the one before it rendered at `at`, `sharesOnly`'s second question) against
/// the expression it replaces, kept verbatim: `max(due, at) > stale`, on random doubles through
/// the seeded generator (times of a day, fractions, equal values, negatives, and the odd ones:
/// ±0, ±infinity, NaN, subnormals, the largest finite), and on every triple of the odd ones.
@Suite("The render-after question against max kept verbatim")
struct RendersAfterTests {
    typealias Simulation = WidgetSimulation<BuiltInProvider>

    /// The expression `sharesOnly` asked before round 13, verbatim.
    static func verbatim(_ due: Double, _ at: Double, _ stale: Double) -> Bool {
        max(due, at) > stale
    }

    static let odd: [Double] = [
        0, -0.0, .infinity, -.infinity, .nan, -.nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, -1, 60, 86_400,
    ]

    /// A time as the loop's are, an equal or nearby one now and then, or an odd one.
    static func draw(_ g: inout SeededGenerator, near: Double) -> Double {
        switch g.next() % 6 {
        case 0: return odd[Int(g.next() % UInt64(odd.count))]
        case 1: return near
        case 2: return near.isFinite ? near + [-1, 1, 0.5, -0.5][Int(g.next() % 4)] : near
        case 3: return Double(g.next() % 1_000) * 30
        case 4: return g.unit() * 86_400
        default: return -(g.unit() * 1_000)
        }
    }

    @Test("400,000 random triples: the same answer as max(due, at) > stale")
    func randomTriples() {
        var g = SeededGenerator(seed: 1_313)
        var disagreements = 0
        for _ in 0..<400_000 {
            let stale = Self.draw(&g, near: g.unit() * 86_400)
            let due = Self.draw(&g, near: stale)
            let at = Self.draw(&g, near: g.next() % 2 == 0 ? due : stale)
            if Simulation.rendersAfter(due, at, stale) != Self.verbatim(due, at, stale) { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }

    @Test("Every triple of odd values (±0, ±infinity, NaN, subnormals, extremes)")
    func oddTriples() {
        for due in Self.odd {
            for at in Self.odd {
                for stale in Self.odd {
                    #expect(
                        Simulation.rendersAfter(due, at, stale) == Self.verbatim(due, at, stale),
                        "due \(due), at \(at), stale \(stale)")
                }
            }
        }
    }
}
