import Foundation
import Testing
import WidgetBudgetKit

/// The expected count of a process inside its `during` windows, what the limits judge a scenario by
/// (issue #26: 100,000 views an hour in three one-minute windows, about 5,000 a day, were refused
/// as "over 20000000 events" because the count ignored the windows).
@Suite("Expected counts inside windows")
struct WindowedExpectedCountTests {
    /// A clock starting at local midnight `epoch` in `zone`.
    static func clock(_ epoch: Double, _ zone: String, days: Double) throws -> LocalClock {
        LocalClock(
            start: Date(timeIntervalSince1970: epoch), timeZone: try #require(TimeZone(identifier: zone)), horizon: days * Seconds.day)
    }

    @Test("three one-minute windows of 100,000 an hour: 5,000 a day, not 2.4 million")
    func shortWindows() throws {
        let windows = ["07:00-07:01", "12:00-12:01", "23:59-00:00"].map { TimeWindow($0)! }
        let process = EventProcess(.poisson(perHour: 100_000), during: windows)
        let horizon = 10 * Seconds.day
        // By hand: 3 minutes a day × 10 days = half an hour, at 100,000 an hour.
        #expect(process.expectedCount(horizon: horizon, clock: .utc()) == 50_000)
        #expect(process.expectedCount(horizon: horizon) == 24_000_000)
    }

    /// New York's clocks skip 02:00-03:00 on 8 March 2026 and repeat 01:00-02:00 on 1 November: a
    /// window over the change is an hour shorter or longer that day.
    @Test(
        "a window over a daylight-saving change counts the hours it really lasts",
        arguments: [
            // 2026-03-08 00:00 EST; 01:00-04:00 local is 01:00-02:00 EST and 03:00-04:00 EDT: 2 hours.
            (1_772_946_000.0, "01:00-04:00", 2.0),
            // 2026-11-01 00:00 EDT; 00:30 EDT to 03:00 EST: 3 hours and a half.
            (1_793_505_600.0, "00:30-03:00", 3.5),
        ])
    func daylightSaving(start: Double, window: String, hours: Double) throws {
        let clock = try Self.clock(start, "America/New_York", days: 1)
        let process = EventProcess(.poisson(perHour: 3_600), during: [TimeWindow(window)!])
        #expect(process.expectedCount(horizon: Seconds.day, clock: clock) == 3_600 * hours)
    }

    /// An `every` process's ticks inside windows of total length L, in n intervals, number at most
    /// L / period + n (each interval of length l holds at most ⌈l / period⌉ ticks) and at least
    /// L / period − n: the count is an upper bound within 2n of the truth.
    @Test(
        "ticks inside windows: the count bounds what the stream draws",
        arguments: [
            ("weekdays 09:30-16:00", "UTC", 1.0, 14.0), ("22:00-02:00", "Europe/London", 7.0, 40.0),
            ("mon,wed 01:00-03:00", "America/New_York", 60.0, 300.0),
        ])
    func ticksBounded(window: String, zone: String, period: Double, days: Double) throws {
        // Monday 2026-03-02 00:00 UTC: the US change of 8 March and the UK's of 29 March inside.
        let clock = try Self.clock(1_772_409_600, zone, days: days)
        let process = EventProcess(.every(period: period, offset: 0), during: [TimeWindow(window)!])
        let horizon = days * Seconds.day
        let expected = process.expectedCount(horizon: horizon, clock: clock)
        var stream = EventStream(process, horizon: horizon, clock: clock, generator: SeededGenerator(seed: 1))
        var drawn = 0.0
        while stream.next() != nil { drawn += 1 }
        let n = Double(IntervalSet(windows: process.during, clock: clock, from: 0, to: horizon).count)
        #expect(drawn <= expected && expected - drawn <= 2 * n, "\(drawn) drawn, \(expected) expected, \(n) intervals")
    }

    @Test("a list counts its items with their own windows; no window, no change")
    func lists() {
        let morning = EventProcess(.poisson(perHour: 20), during: [TimeWindow("07:00-09:00")!])
        let allDay = EventProcess(.poisson(perHour: 1))
        let list = EventProcess(.merged([morning, allDay]))
        // 20 × 2 hours + 1 × 24 hours a day, 7 days.
        #expect(list.expectedCount(horizon: 7 * Seconds.day, clock: .utc()) == 7 * (40 + 24))
        #expect(list.hasWindows && !allDay.hasWindows)
        #expect(allDay.expectedCount(horizon: Seconds.day, clock: .utc()) == allDay.expectedCount(horizon: Seconds.day))
    }

    @Test("the work estimate counts views inside their windows")
    func workEstimate() {
        var s = Scenario(name: "bursts", widgets: [WidgetSpec(kind: "w", provider: .never)])
        s.days = 3_650
        s.widgets[0].views = EventProcess(
            .poisson(perHour: 100_000), during: ["07:00-07:01", "12:00-12:01", "23:59-00:00"].map { TimeWindow($0)! })
        let work = WorkEstimate(s)
        // 5,000 views a day for 3,650 days, and at most the daily budget's reloads a day (and the
        // first), each with its 6 events and its entries' renders.
        let reloads = Double(s.budget.dailyMax * 3_650 + 1)
        let entries = Double(max(1, s.widgets[0].provider.maxEntries))
        #expect(Double(work.events) == (5_000 * 3_650 + reloads * (6 + entries)).rounded(.up))
        #expect(work.isWithinLimit)
    }
}
