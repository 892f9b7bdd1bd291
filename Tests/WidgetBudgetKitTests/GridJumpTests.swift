import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// Strides that jump over repeated stretches (`EnginePaths.gridJumps`, `StaleStride`'s `jump`):
/// the repeated addition (`RepeatedSum`) against adding one by one, to the bit, on random and
/// adversarial terms; when a grid is exact enough to jump (`StaleStride.exact`); and randomised
/// scenarios of entries whole periods apart, `--events none` (which jumps) against `--events all`
/// (event by event), to the bit.
@Suite("Grid jumps: repeated stretches added at once, to the bit")
struct GridJumpTests {
    /// `sum += x`, `n` times.
    static func oneByOne(_ x: Double, _ n: Int, _ sum: Double) -> Double {
        var s = sum
        for _ in 0..<n { s += x }
        return s
    }

    @Test("a term added n times at once has the bits of adding it n times, on random terms and sums")
    func repeatedSumMatchesRandom() {
        var g = SeededGenerator(seed: 26_026)
        func unit() -> Double { Double(g.next() >> 11) / Double(1 << 53) }
        for i in 0..<4_000 {
            // Terms as the accounting adds them: whole seconds, fractions of reload delays, squares
            // halved; sums from 0 to a day's age integral.
            let x: Double
            switch i % 5 {
            case 0: x = Double(g.next() % 3_600)
            case 1: x = unit() * 120
            case 2:
                let a = unit() * 3_600
                x = a * a / 2
            case 3: x = unit() * 1e-9
            default: x = Double(g.next() % 100) + unit()
            }
            let sum: Double = i % 3 == 0 ? 0 : unit() * pow(2, Double(g.next() % 40))
            let n = Int(g.next() % 3_000)
            var fast = sum
            RepeatedSum.add(x, times: n, to: &fast)
            let slow = Self.oneByOne(x, n, sum)
            #expect(fast.bitPattern == slow.bitPattern, "x \(x), n \(n), sum \(sum): \(fast) against \(slow)")
        }
    }

    @Test("ties, terms below half a unit, binade ends and non-finite terms: the bits of one by one")
    func repeatedSumMatchesAdversarial() {
        var cases: [(Double, Int, Double)] = []
        for e in [0, 1, 10, 20, 30] {
            let binade = Double(sign: .plus, exponent: e, significand: 1)
            let unit = binade.ulp
            // Exactly half a unit (ties to even, which depend on the sum), a quarter, three halves.
            cases += [(unit / 2, 1_000, binade), (unit / 2, 1_000, binade + unit), (unit / 4, 50, binade)]
            cases += [(unit * 1.5, 1_000, binade), (unit * 2.5, 999, binade + unit)]
            // Sums that cross the binade's end within a few additions.
            cases += [(unit * 3, 10, 2 * binade - 7 * unit), (1, 5, 2 * binade - 2)]
        }
        // Signed zeros, and sums that stay exact (added at once) or stop being exact on the way.
        cases += [(0, 3, -0.0), (-0.0, 3, 0), (-0.0, 3, -0.0), (0, 3, 0), (60, 1_440, 0), (0.5, 1_000_000, 2.25)]
        cases += [(1, 5, Double(1 << 53) - 3), (0.125, 100, Double(1 << 50))]
        cases += [(0, 10, 5), (0.1, 100_000, 0), (1e300, 10, 1e300), (.infinity, 3, 1), (-0.5, 7, 3), (.nan, 2, 0), (1, 0, 4)]
        for (x, n, sum) in cases {
            var fast = sum
            RepeatedSum.add(x, times: n, to: &fast)
            let slow = Self.oneByOne(x, n, sum)
            #expect(fast.bitPattern == slow.bitPattern || (fast.isNaN && slow.isNaN), "x \(x), n \(n), sum \(sum)")
        }
    }

    @Test("the largest power of two dividing a time, and when a stride's times are exact")
    func exactness() {
        #expect(StaleStride.lowBit(3_600) == 16)
        #expect(StaleStride.lowBit(60) == 4)
        #expect(StaleStride.lowBit(0.375) == 0.125)
        #expect(StaleStride.lowBit(-8) == 8)
        #expect(StaleStride.lowBit(0) == .infinity)
        #expect(StaleStride.lowBit(.infinity).isNaN)
        // Whole seconds: exact far past any horizon.
        #expect(StaleStride.exact(first: 3_602, dateSpacing: 120, tick: 3_660, step: 120, period: 60, through: 1e9))
        // A fraction of a reload delay: exact while the times stay in its binade or so.
        let first = 500_000.123_456_789
        #expect(StaleStride.exact(first: first, dateSpacing: 120, tick: 500_040, step: 120, period: 60, through: 520_000))
        #expect(StaleStride.exact(first: first, dateSpacing: 120, tick: 500_040, step: 120, period: 60, through: 524_287))
        #expect(!StaleStride.exact(first: first, dateSpacing: 120, tick: 500_040, step: 120, period: 60, through: 524_288))
        #expect(!StaleStride.exact(first: 0.1, dateSpacing: 120, tick: 60, step: 120, period: 60, through: .infinity))
    }

    /// `StaleStride.exact` as first written: the six exponents each asked, then their least.
    static func exactReference(first: Double, dateSpacing: Double, tick: Double, step: Double, period: Double, through: Double) -> Bool {
        guard let a = StaleStride.lowBitExponent(first), let b = StaleStride.lowBitExponent(dateSpacing),
            let c = StaleStride.lowBitExponent(tick), let d = StaleStride.lowBitExponent(step),
            let e = StaleStride.lowBitExponent(period), let f = StaleStride.lowBitExponent(step - period), through.isFinite
        else { return false }
        let k = min(a, b, c, d, e, f)
        guard k < Int.max else { return false }
        return StaleStride.binadeExponent(first) < k + 53 && StaleStride.binadeExponent(tick) < k + 53
            && StaleStride.binadeExponent(through) < k + 53
    }

    @Test("exactness asks each distinct exponent once: the answer of asking all six, on random and adversarial times")
    func exactAsksEachExponentOnce() {
        var g = SeededGenerator(seed: 2_603)
        var agreed = 0
        for _ in 0..<20_000 {
            let a = ExactnessArguments.draw(&g)
            let (first, dateSpacing, tick, step, period, through) = (a.first, a.dateSpacing, a.tick, a.step, a.period, a.through)
            let fast = StaleStride.exact(
                first: first, dateSpacing: dateSpacing, tick: tick, step: step, period: period, through: through)
            let reference = Self.exactReference(
                first: first, dateSpacing: dateSpacing, tick: tick, step: step, period: period, through: through)
            #expect(fast == reference, "\(first) \(dateSpacing) \(tick) \(step) \(period) \(through)")
            if fast { agreed += 1 }
        }
        // Both answers occur: the comparison is not of two constant falses.
        #expect(agreed > 1_000 && agreed < 19_000, "\(agreed)")
    }

    /// A random scenario of long timelines whose entries are 1, 2, 5 or 15 periods of an `every`
    /// grid apart, aligned or not, first entries whole or fractional seconds after a reload delay
    /// that is whole or not: the strides that jump, and those that cannot (times inexact, the grid
    /// off whole seconds), with views none, sparse or dense, app reloads and tight budgets that
    /// cut them, and a daylight-saving day.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        GridScenarios(
            grid: .periods([20, 60, 60, 70], spacingFactors: [1, 2, 5, 15]), entries: [61, 120, 240],
            policies: [.atEnd, .after(3_600), .never],
            appReloads: [[], [], GridScenarios.appReloads(EventProcess(.poisson(perHour: 1)))],
            starts: [GridScenarios.utc, GridScenarios.utc, GridScenarios.parisSpring], days: [1, 2, 3], dailyBudgets: [6, 70],
            views: [.none, .none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]
        ).draw(&g)
    }

    @Test("100 random scenarios of strides that jump: the same days and stretches, to the bit, either way")
    func jumpsMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_626)
        for i in 0..<100 {
            StaleStrideTests.expectSameEitherWay(Self.randomScenario(&g), "scenario \(i)")
        }
    }
}
