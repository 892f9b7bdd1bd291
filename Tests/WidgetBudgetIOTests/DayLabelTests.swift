import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// `DayLabel` against what `days.csv` wrote before it: the first ten characters of the
/// date-time string of the day's start.
@Suite("Day labels")
struct DayLabelTests {
    @Test("the label is the date-time string's date, on random days from 1970 to 2200 in zones with DST")
    func matchesDateTimeStringPrefix() {
        var random = SeededGenerator(seed: 7)
        for zone in ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "UTC"] {
            // Clocks starting anywhere in the years a scenario accepts (Bounds.years).
            for _ in 0..<50 {
                let epoch = (random.unit() * (7_258_118_400 - 86_400 * 400)).rounded(.down)
                let clock = LocalClock(
                    start: Date(timeIntervalSince1970: epoch), timeZone: TimeZone(identifier: zone)!, horizon: 400 * 86_400)
                for _ in 0..<20 {
                    let t = (random.unit() * 399 * 86_400).rounded(.down)
                    let expected = String(clock.dateTimeString(t).prefix(10))
                    #expect(DayLabel.iso(t, clock: clock) == expected, "\(zone) epoch \(epoch) t \(t)")
                }
            }
        }
    }

    /// By hand: seed 002's clock starts Monday 5 January 2026 at 00:00 in Paris; 24 h later is the 6th.
    @Test("by hand: the scenario's first days")
    func byHand() {
        let clock = LocalClock(
            start: Date(timeIntervalSince1970: 1_767_567_600), timeZone: TimeZone(identifier: "Europe/Paris")!, horizon: 3 * 86_400)
        #expect(DayLabel.iso(0, clock: clock) == "2026-01-05")
        #expect(DayLabel.iso(86_400, clock: clock) == "2026-01-06")
        #expect(DayLabel.iso(86_399, clock: clock) == "2026-01-05")
    }
}
