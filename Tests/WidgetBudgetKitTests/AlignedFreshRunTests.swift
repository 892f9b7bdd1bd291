import Foundation
import Testing

@testable import WidgetBudgetKit

/// An aligned timeline's fresh run in closed form (`FreshRun.alignedRun`, with
/// `ChangeCursor.alignedRun`; issue #26 engine-2, round 15 `render`): entry 0 off the grid, entry 1
/// on the first tick after it, then entries a whole fraction of the period apart. Against the
/// general search it stands for (`FreshRun.following` after entry 0, kept as it was), on random
/// grids (offsets, daylight-saving days), timelines near the end of an exact stretch of ticks and
/// content fetched that goes stale inside them. Whole runs that take it are compared with the
/// event-by-event engine in `AlignedStartTests` (which counts them).
@Suite("Aligned timelines' fresh runs in closed form against the general search")
struct AlignedFreshRunTests {
    @Test("the closed answer is the search's, and the cursor answers as the stateless search after it")
    func alignedRunMatchesSearch() {
        var g = SeededGenerator(seed: 1_515)
        var taken = 0
        var refused = 0
        for (clock, horizon) in PeriodicTicksTests.clocks {
            for _ in 0..<1_500 {
                func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
                let period: Double = pick([20, 60, 60, 60, 300])
                let ticks = PeriodicTicks(period: period, offset: pick([0, 0, 15, 0.5]), clock: clock, horizon: horizon)
                let changes = ContentChanges.periodic(ticks)
                // Whole fractions of the period (1, 2, 3, 4, 6 to a period), and spacings that are not.
                let spacing = period / pick([1, 1, 2, 2, 3, 4, 6, 1.5, 0.5])
                let count = pick([2, 3, 4, 5, 12, 54, 61, 120, 200])
                // Now and then the timeline crosses the end of an exact stretch of ticks.
                let firstTick = ticks.indexAtOrBefore(g.unit() * horizon / 2)
                let stretchEnd = ticks.time(ofIndex: firstTick + Double(ticks.exactRun(from: firstTick, maxSteps: .max)))
                let nearEnd = g.next() % 3 == 0 && stretchEnd.isFinite
                let around = max(0, nearEnd ? stretchEnd - g.unit() * Double(count) * spacing : g.unit() * horizon / 2)
                let d0 = around + pick([2, 0.37, 30, 59.5])
                var cursor = ChangeCursor(changes)
                let after = cursor.firstAfter(d0)
                // Entry 1 on that tick, most often; a hair or a spacing off it now and then.
                let d1 = pick([after, after, after, after, after.nextUp, after + spacing])
                let fetchStale: SimTime = pick([
                    .infinity, .infinity, g.unit() * horizon, d1 + g.unit() * Double(count) * spacing,
                    d1 + Double(count - 2) * spacing,
                ])
                var timeline = ReplayTimeline()
                timeline.append(date: d0)
                timeline.appendEntries(from: d1, spacing: spacing, count: count - 1)
                let staleStart = min(fetchStale, after)
                var closed = cursor
                var searched = cursor
                let n = ClosedGrid.perTick(spacing: spacing, period: ticks.period)
                let got = FreshRun.alignedRun(
                    of: timeline, staleStart: staleStart, perTick: n, fetchStale: fetchStale, changes: &closed)
                let expected = FreshRun.following(
                    of: timeline, after: 0, staleStart: staleStart, delay: 0, floor: d0, fetchStale: fetchStale,
                    changes: &searched)
                let grid = "\(clock.timeZoneIdentifier) every \(period), spacing \(spacing), \(count) entries from \(d0)"
                guard let got else {
                    refused += 1
                    continue
                }
                taken += 1
                if got != expected {
                    Issue.record("\(grid): \(got) != \(String(describing: expected))")
                    continue
                }
                // The cursor stands where the answers it gives are the stateless ones (as a delivery
                // asks it: the last entry counted, then the next timeline's dates).
                for date in [timeline.date(ofEntry: count / 2), timeline.date(ofEntry: count - 2), d0 + g.unit() * 7_200] {
                    let answer = closed.firstAfter(date)
                    if answer != changes.firstAfter(date) {
                        Issue.record("\(grid): after the run, first change after \(date) \(answer) != \(changes.firstAfter(date))")
                    }
                }
            }
        }
        // Both taken and refused often: the comparison is of the answers it gives.
        #expect(taken > 500, "\(taken) fresh runs answered in closed form")
        #expect(refused > 1_000, "\(refused) timelines left to the search")
    }
}
