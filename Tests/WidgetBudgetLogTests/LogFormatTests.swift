import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit

@testable import WidgetBudgetLog

/// WidgetBudgetLog writes the bytes of docs/log-format.md as the tool's own `DeviceLogWriter`
/// writes them, so `analyze` reads every row back as it was meant.
@Suite("Log format")
struct LogFormatTests {
    /// The line `DeviceLogWriter` writes for `record` (ISO times).
    static func toolLine(_ record: DeviceLogRecord) -> String {
        let text = DeviceLogWriter.document([record]).text
        return String(text.drop { $0 != "\n" }.dropFirst())
    }

    @Test("the header is the format's columns")
    func header() {
        #expect(LogRow.header == DeviceLogFormat.columns.joined(separator: ",") + "\n")
    }

    @Test("times match DeviceLogWriter's at any offset", arguments: [0, 3600, -18_000, 19_800, -34_200, 50_400])
    func times(offset: Int) {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let t = Double(Int64.random(in: -5_000_000_000_000...5_000_000_000_000, using: &random)) / 1000
            let ours = LogRow.isoTime(Date(timeIntervalSince1970: t), offset: offset)
            #expect(ours == DeviceLogWriter.format(t, offset: Double(offset), as: .iso8601), "t = \(t)")
        }
    }

    @Test("every event's row matches DeviceLogWriter's")
    func rows() {
        let t = 1_767_601_800.125, offset = 3600
        let date = Date(timeIntervalSince1970: t)
        func record(_ event: DeviceLogRecord.Event, kind: String = "", family: String = "") -> DeviceLogRecord {
            DeviceLogRecord(
                time: t, utcOffset: Double(offset), event: event, kind: kind, family: family,
                position: DeviceLogRecord.Position(file: 0, line: 2))
        }
        func copy(_ r: DeviceLogRecord, _ instance: String) -> DeviceLogRecord {
            var r = r
            r.instance = instance
            return r
        }
        var timeline = record(.timeline, kind: "clock", family: "systemSmall")
        (timeline.entries, timeline.firstEntry, timeline.lastEntry) = (3, t, t + 1800)
        (timeline.policy, timeline.memoryMB) = (.after(t + 3600), 12.5)
        let dates = [date, date.addingTimeInterval(900), date.addingTimeInterval(1800)]
        var change = record(.change, kind: "clock")
        change.predictable = true
        var snapshot = record(.snapshot, kind: "clock", family: "systemMedium")
        snapshot.memoryMB = 30
        let cases: [(LogEvent, DeviceLogRecord)] = [
            (
                LogEvent(
                    name: "timeline", kind: "clock", family: "systemSmall", entries: 3, firstEntry: dates[0], lastEntry: dates[2],
                    policy: .after(date.addingTimeInterval(3600)), memoryMB: 12.5), timeline
            ),
            (LogEvent(name: "snapshot", kind: "clock", family: "systemMedium", memoryMB: 30), snapshot),
            (
                LogEvent(name: "placeholder", kind: "clock", family: "systemSmall"),
                record(.placeholder, kind: "clock", family: "systemSmall")
            ),
            (LogEvent(name: "app-reload", kind: "clock"), record(.appReload, kind: "clock")),
            (LogEvent(name: "app-reload"), record(.appReload)),
            (LogEvent(name: "foreground-start"), record(.foregroundStart)),
            (LogEvent(name: "foreground-end"), record(.foregroundEnd)),
            (LogEvent(name: "view", kind: "clock"), record(.view, kind: "clock")),
            (LogEvent(name: "change", kind: "clock", content: "predictable"), change),
            (LogEvent(name: "change", kind: "clock", content: "unpredictable"), record(.change, kind: "clock")),
            // Issue #24: a delivered widget push, and a copy of the widget named by `instance`.
            (LogEvent(name: "push"), record(.push)),
            (LogEvent(name: "push", kind: "clock"), record(.push, kind: "clock")),
            (LogEvent(name: "view", kind: "clock", instance: "2"), copy(record(.view, kind: "clock"), "2")),
            (
                LogEvent(name: "placeholder", kind: "clock", family: "systemSmall", instance: "=A1"),
                copy(record(.placeholder, kind: "clock", family: "systemSmall"), "=A1")
            ),
        ]
        for (event, expected) in cases {
            #expect(LogRow.line(event, at: date, offset: offset) == Self.toolLine(expected))
        }
    }

    @Test("kinds and families are escaped as the tool's CSV writer escapes them")
    func cells() {
        let kinds = [
            "=HYPERLINK(\"http://x\",\"y\")", "a,b", "say \"hi\"", " padded ", "\tab", "-3.5", "+2", "1e-3", "-x", "@me", "'=x", "''+1x",
            "line\nbreak", "nul\u{0}", "c1\u{85}", "plain", "é", "",
        ]
        for kind in kinds {
            let ours = LogRow.line(LogEvent(name: "view", kind: kind), at: monday, offset: 0)
            var record = DeviceLogRecord(
                time: monday.timeIntervalSince1970, utcOffset: 0, event: .view, kind: kind, family: "",
                position: DeviceLogRecord.Position(file: 0, line: 2))
            record.kind = kind
            #expect(ours == Self.toolLine(record), "kind \(kind.debugDescription)")
        }
    }

    @Test("memory is written to a tenth of a MB")
    func memory() {
        #expect(LogRow.megabytes(12.54) == "12.5")
        #expect(LogRow.megabytes(29.96) == "30")
        #expect(LogRow.megabytes(0) == "0")
        #expect(LogRow.megabytes(.nan) == "")
    }
}
