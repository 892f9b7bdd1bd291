import Foundation
import Testing

@testable import WidgetBudgetKit

/// The per-entry shortcuts of `ChangeCursor.firstAfter` on an `every` grid (one step when the date
/// moved past the cursor's tick by less than a period; the 2^52 rounding in
/// `ExactTicks.indexAfter`) against the stateless `PeriodicTicks.firstAfter`, on dates like a
/// timeline's entries: evenly spaced by half a period, a period or a few, with or without an
/// offset, and dates on a tick or a hair either side of one.
@Suite("Change cursor one entry at a time against the stateless search")
struct EntryStepCursorTests {
    @Test("entries half a period to a few periods apart answer as the stateless search")
    func evenlySpacedEntriesMatchStateless() {
        var g = SeededGenerator(seed: 1212)
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for period in [1.0, 20, 60, 60, 300, 3_600] {
                let offset = g.next() % 2 == 0 ? 0 : ((g.unit() - 0.5) * period).rounded()
                let ticks = PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon)
                let changes = ContentChanges.periodic(ticks)
                for _ in 0..<6 {
                    let spacing = period * [0.5, 1, 1, 2, 3, 0.25][Int(g.next() % 6)]
                    let firstOffset = [0, 2, 0.37, spacing / 2, -1e-9][Int(g.next() % 5)]
                    var cursor = ChangeCursor(changes)
                    var date = (g.unit() * horizon / period).rounded(.down) * period + firstOffset
                    for _ in 0..<800 {
                        // Now and then a jump back or ahead (a new timeline), a date on a tick, or a hair off it.
                        switch g.next() % 40 {
                        case 0: date -= g.unit() * 10 * period
                        case 1: date += g.unit() * 30 * period
                        case 2: date = ticks.firstAfter(date)
                        case 3: date = ticks.firstAfter(date).nextDown
                        case 4: date = ticks.firstAfter(date).nextUp
                        default: date += spacing
                        }
                        guard date.isFinite else { break }
                        let expected = changes.firstAfter(date)
                        let got = cursor.firstAfter(date)
                        if got != expected {
                            Issue.record("\(clock.timeZoneIdentifier) every \(period) + \(offset), spacing \(spacing): after \(date) \(got) != \(expected)")
                            break
                        }
                    }
                }
            }
        }
    }

    @Test("the exact stretch's first tick after a date, on and around its ticks, is the stateless one")
    func exactTicksIndexAfterMatchesStateless() {
        var g = SeededGenerator(seed: 1213)
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for period in [1.0, 7, 60, 900, 3_600] {
                let offset = g.next() % 2 == 0 ? 0 : ((g.unit() - 0.5) * period).rounded()
                let ticks = PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon)
                for _ in 0..<20 {
                    let k = ticks.firstIndex + Double(g.next() % UInt64(max(1, horizon / period)))
                    let exact = ExactTicks(ticks, from: k, time: ticks.time(ofIndex: k))
                    guard exact.contains(k) else { continue }
                    for _ in 0..<200 {
                        let j = k + Double(g.next() % 400)
                        let tick = exact.time(ofIndex: k, period: period) + (j - k) * period
                        let date: SimTime
                        switch g.next() % 5 {
                        case 0: date = tick
                        case 1: date = tick.nextDown
                        case 2: date = tick.nextUp
                        case 3: date = tick + g.unit() * period
                        default: date = tick - g.unit() * period
                        }
                        guard let index = exact.indexAfter(date, period: period) else { continue }
                        let got = exact.time(ofIndex: index, period: period)
                        let expected = ticks.firstAfter(date)
                        if got != expected || ticks.time(ofIndex: index) != got {
                            Issue.record("\(clock.timeZoneIdentifier) every \(period) + \(offset): after \(date) \(got) != \(expected)")
                            break
                        }
                    }
                }
            }
        }
    }
}
