import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The closed forms' set-up made cheaper (issue #26 engine-2, round 7 `closed`): the repeated
/// addition's ties from an even sum and its division taken as it rounds (`RepeatedSum`), and the
/// grid facts kept per spacing and period (`ClosedGrid`), each against what it replaces, to the
/// bit, on random and adversarial arguments. The closed forms themselves keep their property tests
/// against `--events all` (`ClosedTimelineTests`, `ClosedCyclesTests`).
@Suite("The closed forms' set-up: the same bits and answers as before, in fewer steps")
struct ClosedSetUpTests {
    @Test("a term halfway between two units of the sum's binade: the bits of one by one, in a few turns")
    func tiesInFewTurns() {
        var g = SeededGenerator(seed: 2_607)
        for _ in 0..<600 {
            let e = Int(g.next() % 80) - 30
            let binade = Double(sign: .plus, exponent: e, significand: 1)
            let unit = binade.ulp
            // x = (m + 1/2) U: every addition in the binade is a tie; the sum odd or even.
            let m = Double(g.next() % 64)
            let x = (m + 0.5) * unit
            let sum = binade + Double(g.next() % 1_000) * unit
            let n = 65 + Int(g.next() % 5_000)
            var fast = sum
            let turns = RepeatedSum.addInBinades(x, times: n, to: &fast)
            let slow = GridJumpTests.oneByOne(x, n, sum)
            #expect(fast.bitPattern == slow.bitPattern, "x \(x), n \(n), sum \(sum)")
            // One addition to an even sum, one to find the step, then at once (one by one: n turns).
            #expect(turns <= 8, "x \(x), n \(n), sum \(sum): \(turns) turns")
        }
    }

    @Test("a quotient of whole numbers below 2^52 truncates to the whole quotient (RepeatedSum's jump)")
    func quotientTruncates() {
        var g = SeededGenerator(seed: 2_608)
        for i in 0..<50_000 {
            let b = Int64(1 + g.next() % (i % 2 == 0 ? 1 << 20 : 50))
            // Just short of a multiple of b (the quotient nearest a whole number from below), or any.
            let a: Int64
            if i % 3 == 0 {
                a = Int64(g.next() % (1 << 52))
            } else {
                let multiple = Int64(g.next() % UInt64((1 << 52) / b)) * b
                a = max(0, multiple - Int64(g.next() % 3))
            }
            #expect(Int(Double(a) / Double(b)) == Int(a / b), "\(a) / \(b)")
        }
    }

    /// The grid facts as `closedTimeline` and `closedCycles` asked them before `ClosedGrid`: the
    /// stride's step (`ChangeCursor.strideEnd`), the cycle, and the grid's part of the exactness
    /// with the spacing's for half a period.
    static func reference(spacing: Double, period: Double) -> (step: Double, cycle: Int, exponent: Int?) {
        guard period > 0, spacing > 0 else { return (0, 0, nil) }
        var step = period
        if spacing >= period {
            let m = spacing / period
            guard m == m.rounded(.down), m * period == spacing else { return (0, 0, nil) }
            step = spacing
        }
        let c = step == spacing ? 1 : step == 2 * spacing ? 2 : 0
        guard c > 0, var e = StaleStride.gridExponent(step: step, period: period) else { return (step, c, nil) }
        if c == 2 {
            guard let s = StaleStride.lowBitExponent(spacing) else { return (step, c, nil) }
            e = min(e, s)
        }
        return (step, c, e)
    }

    @Test("the grid facts kept per spacing and period: the step, cycle and exponent asked at every call before")
    func gridFactsAsBefore() {
        var g = SeededGenerator(seed: 2_609)
        var kinds = [0, 0, 0]
        for _ in 0..<20_000 {
            let a = ExactnessArguments.draw(&g)
            let spacing = g.next() % 4 == 0 ? a.step : a.dateSpacing
            let grid = ClosedGrid(spacing: spacing, period: a.period)
            let old = Self.reference(spacing: spacing, period: a.period)
            #expect(grid.cycle == old.cycle && grid.exponent == old.exponent, "\(spacing) \(a.period)")
            if old.cycle > 0 { #expect(grid.step == old.step, "\(spacing) \(a.period)") }
            // The closed forms' one test: the cycle when the grid is exact, else 0, and the exponent then.
            #expect(grid.exactCycle == (old.exponent == nil ? 0 : old.cycle), "\(spacing) \(a.period)")
            if let e = old.exponent { #expect(grid.exactExponent == e, "\(spacing) \(a.period)") }
            #expect(grid.holds(spacing: spacing, period: a.period) == (!spacing.isNaN && !a.period.isNaN))
            kinds[old.cycle] += 1
        }
        // Each kind occurs: no cycle, whole periods and half periods.
        #expect(kinds.allSatisfy { $0 > 500 }, "\(kinds)")
        #expect(!ClosedGrid.none.holds(spacing: 60, period: 60))
    }
}
