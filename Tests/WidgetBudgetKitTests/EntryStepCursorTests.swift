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
                    var called = ChangeCursor(changes)  // Asked through `firstAfterCall` (a render's way).
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
                        let gotCalled = called.firstAfterCall(date)
                        if got != expected || gotCalled != expected {
                            let grid = "\(clock.timeZoneIdentifier) every \(period) + \(offset), spacing \(spacing)"
                            Issue.record("\(grid): after \(date) \(got), \(gotCalled) != \(expected)")
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
        ExactTicksIndexTests.forEachExactStretch(&g, periods: [1.0, 7, 60, 900, 3_600]) { ticks, exact, k, grid, g in
            let period = ticks.period
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
                    Issue.record("\(grid): after \(date) \(got) != \(expected)")
                    break
                }
            }
            return true
        }
    }

    /// `FreshRun.following` against its definition, entry by entry: a fresh run, entries `k + 1 ...
    /// last` with `t(i + 1) <= S(i)` for every `i` in `k ... last` (`t` the render time, `S` the
    /// stale start); else the entries after `k` dated before `S(k)` and rendering by it.
    @Test("fresh runs and shared stale starts of entries half a period to a few periods apart are the entry-by-entry ones")
    func followingMatchesDefinition() {
        var g = SeededGenerator(seed: 1214)
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for _ in 0..<100 {
                func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
                let period: Double = pick([20, 60, 60, 300, 420])
                let ticks = PeriodicTicks(period: period, offset: pick([0, 0, 15, 0.5]), clock: clock, horizon: horizon)
                let changes = ContentChanges.periodic(ticks)
                let spacing = period * pick([0.5, 0.5, 1, 1, 2, 0.25])
                let delay: Double = pick([0, 0, 0, 1.5])
                let count = Int(g.next() % 200) + 1
                // Now and then the timeline crosses the end of an exact stretch of ticks (a
                // daylight-saving change, where ticks are not a period apart).
                let firstTick = ticks.indexAtOrBefore(g.unit() * horizon / 2)
                let stretchEnd = ticks.time(ofIndex: firstTick + Double(ticks.exactRun(from: firstTick, maxSteps: .max)))
                let nearEnd = g.next() % 3 == 0 && stretchEnd.isFinite
                var first =
                    (max(0, nearEnd ? stretchEnd - g.unit() * Double(count) * spacing : g.unit() * horizon / 2) / period).rounded(.down)
                    * period
                // Content fetched with the timeline goes stale anywhere: often inside its span.
                let fetchStale: SimTime = pick([.infinity, .infinity, g.unit() * horizon, first + g.unit() * Double(count) * spacing])
                var timeline = ReplayTimeline()
                if g.next() % 2 == 0 {
                    timeline.append(date: first - pick([2, 0.37, 30]))
                }
                if g.next() % 3 == 0 { first += pick([2, 0.37]) }
                if g.next() % 2 == 0 {
                    timeline.appendEntries(from: first, spacing: spacing, count: count)
                } else {
                    for i in 0..<count { timeline.append(date: first + Double(i) * spacing + (g.next() % 9 == 0 ? 1 : 0)) }
                }
                func stale(_ i: Int) -> SimTime { min(fetchStale, changes.firstAfter(timeline.date(ofEntry: i))) }
                var cursor = ChangeCursor(changes)
                var k = 0
                var floor = 0.0
                while k < timeline.count - 1 {
                    floor = max(floor, timeline.date(ofEntry: k) + delay)
                    let staleStart = min(fetchStale, cursor.firstAfter(timeline.date(ofEntry: k)))
                    // The definition: the largest m with t(i + 1) <= S(i) for i in k ..< m.
                    var m = k
                    while m < timeline.count - 1 && max(timeline.date(ofEntry: m + 1) + delay, floor) <= stale(m) { m += 1 }
                    // Else the entries after k dated before S(k) and rendering by it.
                    var j = k
                    while j < timeline.count - 1 && timeline.date(ofEntry: j + 1) < staleStart
                        && max(timeline.date(ofEntry: j + 1) + delay, floor) <= staleStart
                    {
                        j += 1
                    }
                    let expected: FreshRun.Following? =
                        m - 1 > k ? .freshRun(last: m - 1, staleStart: stale(m - 1)) : j > k ? .sharing(last: j) : nil
                    let got = FreshRun.following(
                        of: timeline, after: k, staleStart: staleStart, delay: delay, floor: floor, fetchStale: fetchStale,
                        changes: &cursor)
                    if got != expected {
                        let grid = "\(clock.timeZoneIdentifier) every \(period), spacing \(spacing)"
                        Issue.record("\(grid), after entry \(k): \(String(describing: got)) != \(String(describing: expected))")
                        break
                    }
                    switch got {
                    case let .freshRun(last, _), let .sharing(last): k = last + 1
                    case nil: k += 1
                    }
                    floor = max(floor, timeline.date(ofEntry: k - 1) + delay)
                }
            }
        }
    }
}
