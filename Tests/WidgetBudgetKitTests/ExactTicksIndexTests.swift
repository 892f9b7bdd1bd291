import Foundation
import Testing

@testable import WidgetBudgetKit

/// `ExactTicks.indexAfter` with its one check downwards against the code it replaced (kept
/// verbatim below: the nearest-integer estimate checked both ways), answers and `nil`s alike, and
/// against the stateless `PeriodicTicks.firstAfter` where it answers: dates on ticks, a hair
/// either side of one, anywhere between, past the stretch's end (a daylight-saving change, the
/// horizon) and far past it.
@Suite("Exact ticks' first index after a date, one check")
struct ExactTicksIndexTests {
    /// `ExactTicks.indexAfter` before round 13's second part, verbatim but for the stretch's
    /// fields passed in.
    static func indexAfterBothWays(_ exact: ExactTicks, _ date: SimTime, period: Double) -> Double? {
        let base = exact.base, baseTime = exact.baseTime, last = exact.last
        guard date >= baseTime else { return nil }
        let q = (date - baseTime) / period
        var j = (q < 0x1p52 ? (q + 0x1p52) - 0x1p52 : q) + 1
        if baseTime + (j - 1) * period > date { j -= 1 }
        if baseTime + j * period <= date { j += 1 }
        return base + j <= last ? base + j : nil
    }

    /// One exact stretch of ticks on `PeriodicTicksTests.clocks`, for each clock, period and 20
    /// random first ticks `k` (those whose stretch holds `k`), drawn from `g`, which `body` then
    /// draws from too; `body` returns false to stop them all.
    static func forEachExactStretch(
        _ g: inout SeededGenerator, periods: [Double],
        _ body: (_ ticks: PeriodicTicks, _ exact: ExactTicks, _ k: Double, _ grid: String, _ g: inout SeededGenerator) -> Bool
    ) {
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for period in periods {
                let offset = g.next() % 2 == 0 ? 0 : ((g.unit() - 0.5) * period).rounded()
                let ticks = PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon)
                for _ in 0..<20 {
                    let k = ticks.firstIndex + Double(g.next() % UInt64(max(1, horizon / period)))
                    let exact = ExactTicks(ticks, from: k, time: ticks.time(ofIndex: k))
                    guard exact.contains(k) else { continue }
                    let grid = "\(clock.timeZoneIdentifier) every \(period) + \(offset) from \(k)"
                    guard body(ticks, exact, k, grid, &g) else { return }
                }
            }
        }
    }

    @Test("answers and nils are the checked-both-ways ones, and the stateless search's")
    func oneCheckMatchesBothWays() {
        var g = SeededGenerator(seed: 1313)
        var answered = 0, nils = 0
        Self.forEachExactStretch(&g, periods: [1.0, 7, 60, 60, 900, 3_600, 86_400]) { ticks, exact, k, grid, g in
            let period = ticks.period
            let count = exact.last - k + 1
            for _ in 0..<300 {
                // A tick in the stretch, near its end, or past it; then a date around it.
                let j: Double
                switch g.next() % 4 {
                case 0: j = k + (count - 1 - Double(g.next() % 3))
                case 1: j = k + count + Double(g.next() % 5)
                default: j = k + (g.unit() * count).rounded(.down)
                }
                let tick = exact.baseTime + (j - k) * period
                let date: SimTime
                switch g.next() % 9 {
                case 0: date = tick
                case 1: date = tick.nextDown
                case 2: date = tick.nextUp
                case 3: date = tick + g.unit() * period
                case 4: date = tick - g.unit() * period
                case 5: date = tick + (g.unit() * 1e6).rounded() * period
                case 6: date = [0x1p52, 0x1p53 + 1, 1e300, .infinity, -.infinity, .nan][Int(g.next() % 6)]
                case 7: date = exact.baseTime - g.unit() * period
                default: date = (tick - g.unit() * 4 * period).rounded()
                }
                let got = exact.indexAfter(date, period: period)
                let expected = Self.indexAfterBothWays(exact, date, period: period)
                if got != expected {
                    Issue.record("\(grid): after \(date) \(String(describing: got)) != \(String(describing: expected))")
                    return false
                }
                guard let got else {
                    nils += 1
                    continue
                }
                answered += 1
                let stateless = ticks.firstAfter(date)
                if ticks.time(ofIndex: got) != stateless || exact.time(ofIndex: got, period: period) != stateless {
                    Issue.record("\(grid): after \(date) tick \(got) != \(stateless)")
                    return false
                }
            }
            return true
        }
        // Both kinds asked, often.
        #expect(answered > 10_000)
        #expect(nils > 5_000)
    }
}
