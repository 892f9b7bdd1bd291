import Foundation
import Testing

@testable import WidgetBudgetKit

/// Float-to-integer conversions that once trapped (SIGILL) on huge values now saturate, and the
/// work estimate refuses what nobody means to run.
@Suite("Saturating conversions")
struct SaturationTests {
    @Test(arguments: [
        (1e300, Int.max), (-1e300, Int.min), (Double.infinity, Int.max), (-Double.infinity, Int.min), (Double.nan, 0), (42.9, 42),
        (-42.9, -42),
    ])
    func saturatingInt(_ value: Double, _ expected: Int) {
        #expect(Bounds.saturatingInt(value) == expected)
    }

    @Test func formattersDoNotTrapOnHugeValues() {
        #expect(DurationFormat.string(1e24) == "1e+24s")
        #expect(DurationFormat.string(86_400 + 3_600 + 60 + 1) == "1d1h1m1s")
        #expect(DurationFormat.number(1e300).hasPrefix("1e+300"))
        #expect(DurationFormat.number(-2.5) == "-2.5")
        #expect(LocalTime.clockString(1e300) == "00:00" || !LocalTime.clockString(1e300).isEmpty)
        #expect(LocalTime.offsetString(1e300).hasPrefix("+"))
        // Day 0 is 1970-01-01; an absurd day number is clamped, not trapped.
        #expect(LocalClock.civilDate(localDay: 0) == (1970, 1, 1))
        _ = LocalClock.civilDate(localDay: Int.max)
        _ = LocalClock.civilDate(localDay: Int.min)
    }

    @Test func untilFullEntriesSaturate() {
        let p = UntilFullProvider(level: 0, ratePerHour: 1e-308, spacing: 60, full: 100, onChange: .add(0))
        #expect(ProviderSpec.untilFull(p).maxEntries == Int.max)
    }

    @Test func workEstimate() {
        var s = Scenario(name: "w", widgets: [WidgetSpec(name: "a", kind: "a", provider: .never)])
        s.days = 3660
        s.replications = 100_000
        let work = WorkEstimate(s)
        #expect(work.widgetDays == 366_000_000)
        #expect(!work.isWithinLimit)
        // 366e6 / 17,500 widget-days a second = 20,914 s, about 6 h.
        #expect(work.description.contains("about 6 h"))
        s.days = 7
        s.replications = 8
        #expect(WorkEstimate(s).isWithinLimit)
    }
}
