import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The repeated addition across one binade's end (issue #26 engine-2, round 8 `closed2`):
/// `RepeatedSum.addInBinades` jumps to the last sum below the end and makes the crossing addition
/// as it is, so a sum that crosses one end takes two turns. Against adding one by one, to the bit,
/// on random sums just below an end with terms of fractional low bits, ties in the lower binade,
/// in the upper one (terms exact below the end, not above it), from odd and even sums.
@Suite("The repeated addition across one binade's end: the bits of one by one, in two turns")
struct RepeatedSumCrossingTests {
    /// A sum a few hundred additions of `x` below the end of the binade of `2^e`, `n` additions
    /// of it that cross the end once and stay below the next one; `tie` says which binade's
    /// unit `x` is halfway between two multiples of (0 none, 1 the lower, 2 the upper).
    static func draw(_ g: inout SeededGenerator, tie: Int) -> (x: Double, n: Int, sum: Double) {
        let e = Int(g.next() % 60) - 20
        let end = Double(sign: .plus, exponent: e + 1, significand: 1)
        let unit = Double(sign: .plus, exponent: e, significand: 1).ulp
        let whole = Double(1 + g.next() % 5_000)
        let x: Double
        switch tie {
        case 1: x = (whole + 0.5) * unit
        case 2: x = (2 * whole + 1) * unit
        default:
            // Fractional low bits below the lower unit: rounds up or down, never a tie.
            let fraction = Double(1 + g.next() % ((1 << 20) - 1)) / Double(1 << 20)
            x = (whole + (fraction == 0.5 ? 0.25 : fraction)) * unit
        }
        let before = 1 + g.next() % 400
        let sum = max(end / 2, end - Double(before) * x - Double(g.next() % 3) * unit)
        // Each addition adds at least `x − U / 2 ≥ x / 2`: `2 · before + 3` of them reach the end.
        let n = 2 * Int(before) + 3 + Int(g.next() % 2_000)
        return (x, n, sum)
    }

    @Test("one crossing: the bits of one by one, two turns without ties, four at most with them")
    func oneCrossing() {
        var g = SeededGenerator(seed: 2_701)
        var turnsSeen = [0, 0, 0, 0, 0]
        for i in 0..<30_000 {
            let tie = i % 4 == 3 ? 0 : i % 4
            let (x, n, sum) = Self.draw(&g, tie: tie)
            var fast = sum
            let turns = RepeatedSum.addInBinades(x, times: n, to: &fast)
            let slow = GridJumpTests.oneByOne(x, n, sum)
            #expect(fast.bitPattern == slow.bitPattern, "x \(x), n \(n), sum \(sum): \(fast) against \(slow)")
            // The sum crossed one end and no more (the draw's premise).
            let crossed = slow.exponentBitPattern - sum.exponentBitPattern
            #expect(crossed == 1, "x \(x), n \(n), sum \(sum)")
            #expect(turns <= (tie == 0 ? 2 : 4), "x \(x), n \(n), sum \(sum): \(turns) turns")
            turnsSeen[min(turns, 4)] += 1
        }
        // Both the two-turn case and the ties' extra turns occur.
        #expect(turnsSeen[2] > 10_000 && turnsSeen[3] + turnsSeen[4] > 100, "\(turnsSeen)")
    }

    @Test("any count from a sum near an end: the bits of one by one, also when it stops before or at the end")
    func anyCount() {
        var g = SeededGenerator(seed: 2_702)
        for i in 0..<30_000 {
            let (x, _, sum) = Self.draw(&g, tie: i % 3)
            let n = Int(g.next() % 600)
            var fast = sum
            RepeatedSum.addInBinades(x, times: n, to: &fast)
            let slow = GridJumpTests.oneByOne(x, n, sum)
            #expect(fast.bitPattern == slow.bitPattern, "x \(x), n \(n), sum \(sum): \(fast) against \(slow)")
        }
    }

    @Test("a sum landing on the end, or one unit below it, and terms of a few units")
    func atTheEnd() {
        for e in [-10, 0, 1, 17, 30] {
            let end = Double(sign: .plus, exponent: e + 1, significand: 1)
            let unit = Double(sign: .plus, exponent: e, significand: 1).ulp
            for units in 1...9 {
                for halves in [0.0, 0.25, 0.5, 0.75] {
                    let x = (Double(units) + halves) * unit
                    for below in 0...20 {
                        let sum = end - Double(below) * unit
                        for n in [1, 2, 3, 7, 40, 1_000] {
                            var fast = sum
                            RepeatedSum.addInBinades(x, times: n, to: &fast)
                            let slow = GridJumpTests.oneByOne(x, n, sum)
                            #expect(fast.bitPattern == slow.bitPattern, "x \(x), n \(n), sum \(sum)")
                        }
                    }
                }
            }
        }
    }
}
