import Testing
import WidgetBudgetKit

/// Local days from each record's UTC offset.
@Suite("Analytics local days")
struct AnalyticsLocalDaysTests {
    @Test("local day and time of day follow the record's offset")
    func offsets() {
        // 2026-01-05T23:00:00Z is 08:00 on 6 January in Tokyo and 18:00 on 5 January in New York.
        let t = 1_767_571_200.0 + 23 * 3600
        #expect(LocalTime.dateString(day: LocalTime.day(t, offset: 9 * 3600)) == "2026-01-06")
        #expect(LocalTime.hour(t, offset: 9 * 3600) == 8)
        #expect(LocalTime.dateString(day: LocalTime.day(t, offset: -5 * 3600)) == "2026-01-05")
        #expect(LocalTime.hour(t, offset: -5 * 3600) == 18)
        #expect(LocalTime.nextMidnight(after: t, offset: 9 * 3600) == 1_767_571_200 + 2 * 86_400 - 9 * 3600)
        #expect(LocalTime.offsetString(5.75 * 3600) == "+05:45")
        #expect(LocalTime.offsetString(-3.5 * 3600) == "-03:30")
    }

    @Test("across a daylight-saving change the day has 23 hours and the hours of day stay right")
    func daylightSaving() throws {
        // Paris, Sunday 29 March 2026: 02:00 CET (01:00Z) becomes 03:00 CEST. A reload every hour of
        // real time from Saturday 00:00 CET to Monday 00:00 CEST.
        let saturday = 1_774_652_400.0  // 2026-03-28T00:00:00+01:00
        let jump = 1_774_746_000.0  // 2026-03-29T01:00:00Z
        var analyzer = DeviceLogAnalyzer()
        var t = saturday
        var line = 2
        while t <= jump + 21 * 3600 {  // to Monday 00:00 CEST
            let offset = t < jump ? 3600.0 : 7200.0
            analyzer.add(DeviceLogRecord(time: t, utcOffset: offset, event: .timeline, kind: "w", position: .init(file: 0, line: line)))
            t += 3600
            line += 1
        }
        let a = analyzer.finish()
        let w = try #require(a.widgets.first)
        #expect(w.days.map(\.date) == ["2026-03-28", "2026-03-29", "2026-03-30"])
        #expect(w.days.map(\.reloads) == [24, 23, 1])
        #expect(w.days.map(\.coveredHours) == [24, 23, 0])
        // No reload at 02:xx on the Sunday: that hour did not exist.
        #expect(w.hours[2].reloads == 1 && w.hours[3].reloads == 2)
        #expect(a.offsets == [3600, 7200])
        #expect(a.offsetChanges.map(\.time) == [saturday, jump])
        #expect(a.anomalies.map(\.kind) == [.offsetChange])
    }
}
