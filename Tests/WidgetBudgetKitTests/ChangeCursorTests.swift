import Foundation
import Testing

@testable import WidgetBudgetKit

/// `ChangeCursor.firstAfter` (arithmetic inside an exact stretch of an `every` grid, galloping
/// over a list) against the stateless `ContentChanges.firstAfter`, on random walks of dates: small
/// steps forward, long jumps, steps back, across daylight-saving changes.
@Suite("Change cursor against the stateless search")
struct ChangeCursorTests {
    /// Dates wandering over `[0, horizon]` and a little beyond, mostly forward.
    static func walk(_ g: inout SeededGenerator, horizon: Double, period: Double, count: Int) -> [SimTime] {
        var dates: [SimTime] = []
        var t = -period
        for _ in 0..<count {
            switch g.next() % 8 {
            case 0: t -= g.unit() * 20 * period
            case 1: t += g.unit() * 50 * period
            case 2: t = (t / period).rounded(.down) * period  // On a tick of a zero-offset grid.
            case 3: t = g.unit() * horizon
            default: t += g.unit() * 2 * period
            }
            t = min(max(t, -2 * period), horizon + 2 * period)
            dates.append(t)
        }
        return dates
    }

    @Test("every grids, with and without daylight-saving changes, answer as the stateless search")
    func periodicMatchesStateless() {
        var g = SeededGenerator(seed: 31)
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for period in [1.0, 37.5, 60, 60, 900, 3_600] {
                let offset = g.next() % 2 == 0 ? 0 : (g.unit() - 0.5) * period
                let changes = ContentChanges.periodic(PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon))
                var cursor = ChangeCursor(changes)
                for date in Self.walk(&g, horizon: horizon, period: period, count: 3_000) {
                    let expected = changes.firstAfter(date)
                    let got = cursor.firstAfter(date)
                    if got != expected {
                        Issue.record("\(clock.timeZoneIdentifier) every \(period) + \(offset): after \(date) \(got) != \(expected)")
                        break
                    }
                }
            }
        }
    }

    /// `firstAfterBehind` (the division or the search at once, `endFreshRun`'s question) asked
    /// among the cheap answers of `firstAfterInLoop`, one or the other at random, for dates
    /// behind the cursor and ahead of it: every answer the stateless search's, and the cursor it
    /// leaves answering the next questions as well.
    @Test("the far answer asked directly, behind or ahead of the cursor, answers as the stateless search")
    func behindMatchesStateless() {
        var g = SeededGenerator(seed: 33)
        var behind = 0
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for period in [1.0, 37.5, 60, 900] {
                let offset = g.next() % 2 == 0 ? 0 : (g.unit() - 0.5) * period
                let grid = ContentChanges.periodic(PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon))
                let list = ContentChanges.list(EventTimes((0..<500).map { _ in (g.unit() * horizon).rounded(.down) }.sorted()))
                for changes in [grid, list] {
                    var cursor = ChangeCursor(changes)
                    var last = -Double.infinity
                    for date in Self.walk(&g, horizon: horizon, period: period, count: 2_000) {
                        let direct = g.next() % 3 == 0
                        if direct && date < last { behind += 1 }
                        let got = direct ? cursor.firstAfterBehind(date) : cursor.firstAfterInLoop(date)
                        let expected = changes.firstAfter(date)
                        if got != expected {
                            let name = "\(clock.timeZoneIdentifier) every \(period) + \(offset)"
                            Issue.record("\(name), direct \(direct): after \(date) \(got) != \(expected)")
                            break
                        }
                        last = date
                    }
                }
            }
        }
        #expect(behind > 1_000, "dates behind the last one asked directly: \(behind)")
    }

    @Test("lists, with repeated instants, answer as the stateless search")
    func listMatchesStateless() {
        var g = SeededGenerator(seed: 32)
        for _ in 0..<30 {
            let horizon = 86_400.0
            let count = Int(g.next() % 3_000)
            var times = (0..<count).map { _ in (g.unit() * horizon).rounded(.down) }
            if count > 0 { times += (0..<(count / 10)).map { _ in times[Int(g.next() % UInt64(count))] } }
            let changes = ContentChanges.list(EventTimes(times))
            var cursor = ChangeCursor(changes)
            for date in Self.walk(&g, horizon: horizon, period: 60, count: 2_000) {
                #expect(cursor.firstAfter(date) == changes.firstAfter(date), "after \(date), \(count) changes")
            }
        }
    }

    /// `ContentChanges.stream` (what `--events all` sends to a sink, read one at a time) gives the
    /// instants of `eventTimes` (the list the in-memory event log merges), grids and lists alike.
    @Test("the changes read one at a time are the listed ones")
    func streamIsTheList() {
        var g = SeededGenerator(seed: 32)
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for period in [1.0, 37.5, 900] {
                let offset = g.next() % 2 == 0 ? 0 : (g.unit() - 0.5) * period
                let periodic = ContentChanges.periodic(PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon))
                let list = ContentChanges.list(EventTimes([0, 5, 5, 60, horizon / 2]))
                for changes in [periodic, list] {
                    #expect(Array(IteratorSequence(changes.stream)) == changes.eventTimes.times, "period \(period)")
                }
            }
        }
    }

    @Test("splitRun's whole-number test agrees with rounding down, on quotients like its own and edges")
    func isWholeMatchesRoundingDown() {
        var g = SeededGenerator(seed: 1215)
        var values: [Double] = [
            0, -0.0, 0.5, 1, 2, 0x1p52 - 1, 0x1p52 - 0.5, 0x1p52, 0x1p52 + 2, 0x1p53 + 2, 0x1p60, -1, -0.5, -0x1p52,
            .infinity, -.infinity, .nan, .ulpOfOne, 1 + .ulpOfOne, 1 - .ulpOfOne / 2, .leastNonzeroMagnitude,
        ]
        for _ in 0..<20_000 {
            // Quotients of whole periods, spacings and gaps (as splitRun divides), and any doubles.
            let spacing = [1.0, 15, 20, 30, 30.5, 45, 600, 1e9 / 3][Int(g.next() % 8)]
            let whole = Double(g.next() % 100_000)
            values.append(whole * spacing / spacing)
            values.append((whole * spacing + g.unit() * spacing) / spacing)
            values.append(Double(bitPattern: g.next()))
            values.append(whole + (g.next() % 2 == 0 ? 0.5 : 1e-9))
        }
        var wrong = 0
        for x in values where ExactMultiples.isWhole(x) != (x == x.rounded(.down)) { wrong += 1 }
        #expect(wrong == 0)
        #expect(values.filter { ExactMultiples.isWhole($0) }.count > 20_000)
    }
}
