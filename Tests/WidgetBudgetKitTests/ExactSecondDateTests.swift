import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// Spaced dates made without the exactness check's first comparison (`EvenlySpacedDates.init(first:_:)`
/// since issue #26 engine-2, round 12 `grant`): against the check with it, kept verbatim here
/// (`fullCheck`), the same exactness for every first date and spacing, the edges of 2^52 and the
/// special values among them.
@Suite("A provider's spaced dates without the implied comparison against the full check")
struct ExactSecondDateTests {
    /// First dates around 2^52 and the values where the checks turn: each with either sign.
    static let edges: [Double] = {
        let limit = 4_503_599_627_370_496.0  // 2^52
        let plain: [Double] = [
            0, 1, 0.5, 59.5, 60, 86_400, limit, limit.nextDown, limit.nextUp, limit - 1, limit - 1.5, limit - 60,
            limit - 86_400, limit * 2, 0x1p53.nextDown, .infinity, .nan, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, 1e300, 2_000_000.25,
        ]
        return plain + plain.map { -$0 }
    }()

    /// Spacings whole and not, large enough to bring the extent near 2^52, and the special ones.
    static func randomShared(_ g: inout SeededGenerator) -> EvenlySpacedDates.Spacing {
        let spacings: [Double] = [60, 1, 0.5, 30, 3_600, 1e12, 0x1p40, 0x1p52, 0, -60, .infinity, .nan, 1e-300]
        let spacing = g.next() % 3 == 0 ? GrantPathTests.randomNumber(&g) : spacings[Int(g.next() % UInt64(spacings.count))]
        let counts = [0, 1, 2, 60, 119, 4_096, Int(g.next() % 1_000)]
        return EvenlySpacedDates.Spacing(spacing: spacing, count: counts[Int(g.next() % UInt64(counts.count))])
    }

    /// The exactness check before round 12, with `abs(first) < 2^52`, verbatim.
    static func fullCheck(_ first: SimTime, _ shared: EvenlySpacedDates.Spacing) -> Bool {
        let exactLimit = 4_503_599_627_370_496.0  // 2^52
        return abs(first) < exactLimit && shared.extent < exactLimit - abs(first) && ExactMultiples.isWhole(first) && shared.isWhole
    }

    /// Whether the init makes the dates from `first` and `shared`, with the full check's exactness.
    static func same(_ first: SimTime, _ shared: EvenlySpacedDates.Spacing) -> Bool {
        let new = EvenlySpacedDates(first: first, shared)
        return new.first.bitPattern == first.bitPattern && new.spacing.bitPattern == shared.spacing.bitPattern
            && new.count == shared.count && new.isExact == fullCheck(first, shared)
    }

    @Test("the same dates and exactness as the full check, 20,000 random and every edge")
    func sameAsTheFullCheck() {
        var g = SeededGenerator(seed: 1_212)
        var exact = 0
        for i in 0..<20_000 {
            let shared = Self.randomShared(&g)
            let first: Double
            switch i % 4 {
            case 0: first = Self.edges[Int(g.next() % UInt64(Self.edges.count))]
            // Near 2^52 less the extent, where the second comparison turns.
            case 1: first = (4_503_599_627_370_496.0 - shared.extent).rounded() + Double(Int(g.next() % 5) - 2)
            default: first = GrantPathTests.randomNumber(&g)
            }
            #expect(Self.same(first, shared), "case \(i): first \(first), spacing \(shared.spacing), count \(shared.count)")
            if Self.fullCheck(first, shared) { exact += 1 }
        }
        // Both answers come up often.
        #expect(exact > 2_000 && exact < 18_000, "\(exact) exact")
        for first in Self.edges {
            for spacing in [60.0, 0.5, 0x1p52, .nan] {
                for count in [0, 1, 61] {
                    #expect(Self.same(first, EvenlySpacedDates.Spacing(spacing: spacing, count: count)), "\(first) \(spacing) \(count)")
                }
            }
        }
    }
}
