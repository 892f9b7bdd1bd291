import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Reading device logs: one clear line naming file, line and column for every bad value; sorting,
/// merging and local days for the good ones.
@Suite("Device log reader")
struct DeviceLogReaderTests {
    static let header = "time,event,kind,family,entries,first_entry,last_entry,policy,memory_mb\n"
    static let good =
        header + """
            2026-01-05T09:00:00+01:00,timeline,clock,small,3,2026-01-05T09:00:00+01:00,2026-01-05T09:20:00+01:00,at-end,7.5
            2026-01-05T09:21:30+01:00,timeline,clock,small,3,2026-01-05T09:21:30+01:00,2026-01-05T09:41:30+01:00,at-end,7.5

            """

    struct BadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "empty file", text: "", expected: ["log.csv: the file is empty", "'time', 'event'"]),
        BadCase(name: "header only", text: header, expected: ["log.csv: no rows after the header"]),
        BadCase(
            name: "entries not a number", text: good + "2026-01-05T10:00:00+01:00,timeline,clock,small,twelve,,,at-end,\n",
            expected: ["log.csv:4: column 'entries': 'twelve' is not a whole number"]),
        BadCase(
            name: "time not a time", text: good + "yesterday,timeline,clock,small,3,,,at-end,\n",
            expected: ["log.csv:4: column 'time': 'yesterday' is not Unix seconds or an ISO 8601 date-time"]),
        BadCase(
            name: "time with a space", text: header + "2026-01-05 09:00:00+01:00,timeline,clock,small,3,,,at-end,\n",
            expected: ["log.csv:2: column 'time'", "separate the date and the time with 'T'"]),
        BadCase(
            name: "milliseconds", text: header + "1767600000000,timeline,clock,small,3,,,at-end,\n",
            expected: ["log.csv:2: column 'time'", "milliseconds: divide by 1000"]),
        BadCase(
            name: "impossible date", text: header + "2026-02-30T09:00:00Z,timeline,clock,small,3,,,at-end,\n",
            expected: ["log.csv:2: column 'time'", "not a valid date-time"]),
        BadCase(
            name: "misspelt event", text: good + "2026-01-05T10:00:00+01:00,timline,clock,small,3,,,at-end,\n",
            expected: ["log.csv:4: column 'event': 'timline' is not an event", "did you mean 'timeline'?"]),
        BadCase(
            name: "policy without a date", text: good + "2026-01-05T10:00:00+01:00,timeline,clock,small,1,,,after 10m,\n",
            expected: ["log.csv:4: column 'policy': 'after 10m' is not a reload policy", "after:<time>"]),
        BadCase(
            name: "policy with a bad date", text: good + "2026-01-05T10:00:00+01:00,timeline,clock,small,1,,,after:soon,\n",
            expected: ["log.csv:4: column 'policy': 'after:soon' has a date that is not Unix seconds"]),
        BadCase(
            name: "memory not a number", text: good + "2026-01-05T10:00:00+01:00,timeline,clock,small,1,,,never,12MB\n",
            expected: ["log.csv:4: column 'memory_mb': '12MB' is not a number of megabytes"]),
        BadCase(
            name: "last entry before first",
            text: header + "2026-01-05T10:00:00Z,timeline,clock,small,2,2026-01-05T10:10:00Z,2026-01-05T10:00:00Z,at-end,\n",
            expected: ["log.csv:2: column 'last_entry'", "is before first_entry"]),
        BadCase(name: "no event column", text: "time,kind\n2026-01-05T10:00:00Z,clock\n", expected: ["log.csv:1: no 'event' column"]),
        BadCase(
            name: "ragged row", text: good + "2026-01-05T10:00:00+01:00,timeline,clock\n",
            expected: ["log.csv:4: record 4 has 3 fields but the header has 9"]),
        BadCase(
            name: "no timeline rows", text: header + "2026-01-05T10:00:00Z,app-reload,clock,,,,,,\n",
            expected: ["log.csv: no `timeline` rows"]),
        BadCase(name: "missing time", text: header + ",timeline,clock,small,1,,,never,\n", expected: ["log.csv:2: column 'time' is empty"]),
    ]

    @Test("bad input is one line naming the file, line and column", arguments: badCases)
    func badInput(_ c: BadCase) throws {
        try withCSVScratch { dir in
            let path = try dir.write("log.csv", c.text)
            let message = csvErrorDescription { _ = try DeviceLogReader.analyze(paths: [path], timeZone: nil) }
            let text = try #require(message).replacingOccurrences(of: dir.path + "/", with: "")
            #expect(!text.contains("\n"))
            for piece in c.expected { #expect(text.contains(piece), "\(text)") }
        }
    }

    @Test("a missing file says so")
    func missingFile() {
        let message = csvErrorDescription { _ = try DeviceLogReader.analyze(paths: ["/nonexistent/log.csv"], timeZone: nil) }
        #expect(message == "device log not found: /nonexistent/log.csv")
    }

    /// A small but complete log: two widgets, app reloads, a foreground session, views.
    static let complete =
        header + """
            2026-01-05T08:00:00+01:00,placeholder,clock,small,,,,,
            2026-01-05T08:00:00+01:00,timeline,clock,small,3,2026-01-05T08:00:00+01:00,2026-01-05T08:20:00+01:00,at-end,7.5
            2026-01-05T08:00:05+01:00,timeline,weather,medium,2,2026-01-05T08:00:05+01:00,2026-01-05T09:00:05+01:00,after:2026-01-05T09:00:00+01:00,9.25
            2026-01-05T08:10:00+01:00,app-reload,clock,,,,,,
            2026-01-05T08:10:02+01:00,timeline,clock,small,3,2026-01-05T08:10:02+01:00,2026-01-05T08:30:02+01:00,at-end,7.5
            2026-01-05T08:30:00+01:00,foreground-start,,,,,,,
            2026-01-05T08:31:30+01:00,timeline,clock,small,3,2026-01-05T08:31:30+01:00,2026-01-05T08:51:30+01:00,at-end,7.5
            2026-01-05T08:32:00+01:00,app-reload,,,,,,,
            2026-01-05T08:33:00+01:00,foreground-end,,,,,,,
            2026-01-05T08:40:00+01:00,view,clock,small,,,,,
            2026-01-05T08:52:00+01:00,timeline,clock,small,3,2026-01-05T08:52:00+01:00,2026-01-05T09:12:00+01:00,at-end,7.5
            2026-01-05T09:01:00+01:00,timeline,weather,medium,2,2026-01-05T09:01:00+01:00,2026-01-05T10:01:00+01:00,after:2026-01-05T10:00:00+01:00,9.5

            """

    @Test("a complete log: reloads, lateness, exempt reloads, app reloads, memory")
    func completeLog() throws {
        let outcome = try withCSVScratch { dir in
            try DeviceLogReader.analyze(paths: [try dir.write("log.csv", Self.complete)], timeZone: nil)
        }
        let a = outcome.analysis
        #expect(outcome.warnings.isEmpty)
        #expect(a.records == 12)
        #expect(a.widgets.map(\.name) == ["clock (small)", "weather (medium)"])
        let clock = a.widgets[0]
        #expect(clock.reloads == 4)
        #expect(clock.exempt == 1)  // 08:31:30, inside the 08:30–08:33 session
        #expect(clock.charged == 3)
        // Lateness: 08:31:30 against 08:30:02 (88 s), 08:52:00 against 08:51:30 (30 s).
        // The 08:52:00 reload came after the policy's due time although the app (reloadAll at 08:32)
        // had asked before: it is late all the same.
        #expect(clock.lateness.count == 2)
        #expect(clock.lateness.median == 59)
        #expect(clock.lateness.max == 88)
        // The clock's app requests: 08:10 (answered in 2 s) and reloadAll at 08:32 (in the foreground,
        // answered by nothing before the policy's reload at 08:52).
        #expect(clock.appReloads.requests == 2)
        #expect(clock.appReloads.reloadAll == 1)
        #expect(clock.appReloads.answered == 1)
        #expect(clock.appReloads.inForeground == 1)
        #expect(clock.appReloads.ignored == 1)
        #expect(clock.views == 1)
        #expect(clock.placeholders == 1)
        #expect(clock.likelyKillCount == 0)
        let weather = a.widgets[1]
        #expect(weather.lateness.count == 1)
        #expect(weather.lateness.median == 60)  // due 09:00 (after:), came 09:01
        #expect(weather.memory.map(\.entries) == [2])
        #expect(weather.memory[0].peakMB == 9.5)
        #expect(weather.shape?.provider.policy == .after(3568))  // median of 3595 s and 3540 s
        #expect(a.app.foregroundSessions == 1)
        #expect(a.app.reloads.map(\.kind) == ["clock", ""])
        #expect(a.anomalies.isEmpty)
    }

    @Test("rows out of order are sorted with a warning, and the analysis is the sorted log's")
    func unsortedRowsAreSorted() throws {
        var lines = Self.complete.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.swapAt(4, 5)  // the app reload at 08:10:00 now follows the reload at 08:10:02
        let shuffled = lines.joined(separator: "\n")
        try withCSVScratch { dir in
            let sorted = try DeviceLogReader.analyze(paths: [try dir.write("sorted.csv", Self.complete)], timeZone: nil)
            let unsorted = try DeviceLogReader.analyze(paths: [try dir.write("log.csv", shuffled)], timeZone: nil)
            #expect(unsorted.sorted)
            #expect(unsorted.warnings.count == 1)
            #expect(unsorted.warnings.first?.hasSuffix("log.csv:6: 1 row is not in time order; sorted by time") == true)
            #expect(unsorted.analysis.widgets == sorted.analysis.widgets)
            #expect(unsorted.analysis.anomalies.map(\.kind) == [.unsorted])
        }
    }

    @Test("the clock set back is a clock jump; a duplicated row counts once")
    func clockJumpAndDuplicates() throws {
        let text =
            Self.good + """
                2026-01-05T09:21:30+01:00,view,clock,small,,,,,
                2026-01-05T09:21:30+01:00,view,clock,small,,,,,
                2026-01-05T08:00:00+01:00,view,clock,small,,,,,

                """
        let outcome = try withCSVScratch { dir in try DeviceLogReader.analyze(paths: [try dir.write("log.csv", text)], timeZone: nil) }
        let kinds = outcome.analysis.anomalies.map(\.kind)
        #expect(kinds.contains(.duplicate))
        #expect(kinds.contains(.clockJumpBack))
        #expect(outcome.analysis.widgets[0].reloads == 2)
        #expect(outcome.warnings.contains { $0.contains("log.csv:6: time goes back 81.5m") })
    }

    @Test("a widget's log and its app's log merge into one")
    func filesMerge() throws {
        let lines = Self.complete.split(separator: "\n").map(String.init)
        let appLines = lines.dropFirst().filter { $0.contains("app-reload") || $0.contains("foreground") }
        let widgetLines = lines.dropFirst().filter { !appLines.contains($0) }
        try withCSVScratch { dir in
            let one = try DeviceLogReader.analyze(paths: [try dir.write("all.csv", Self.complete)], timeZone: nil)
            let widget = try dir.write("widget.csv", Self.header + widgetLines.joined(separator: "\n") + "\n")
            // The app's file has only the columns it uses, in another order.
            let app = try dir.write(
                "app.csv",
                "event,time,kind\n"
                    + appLines.map { l in
                        let f = l.split(separator: ",", omittingEmptySubsequences: false)
                        return "\(f[1]),\(f[0]),\(f[2])"
                    }.joined(separator: "\n") + "\n")
            let two = try DeviceLogReader.analyze(paths: [widget, app], timeZone: nil)
            #expect(two.warnings.isEmpty)
            #expect(two.analysis.widgets == one.analysis.widgets)
            #expect(two.analysis.app == one.analysis.app)
        }
    }

    /// Paris: clocks go forward at 02:00 on Sunday 29 March 2026 (+01:00 → +02:00).
    static func dstLog(unix: Bool) -> String {
        let paris = TimeZone(identifier: "Europe/Paris")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = paris
        var text = header
        // A reload every 3 hours from Saturday 28 March 00:30 to Monday 30 March 23:30.
        var t = calendar.date(from: DateComponents(year: 2026, month: 3, day: 28, hour: 0, minute: 30))!.timeIntervalSince1970
        let end = calendar.date(from: DateComponents(year: 2026, month: 3, day: 31))!.timeIntervalSince1970
        while t < end {
            let offset = Double(paris.secondsFromGMT(for: Date(timeIntervalSince1970: t)))
            func time(_ x: Double) -> String { DeviceLogWriter.format(x, offset: offset, as: unix ? .unixSeconds : .iso8601) }
            text += "\(time(t)),timeline,clock,small,1,\(time(t)),\(time(t)),after:\(time(t + 3 * 3600)),\n"
            t += 3 * 3600
        }
        return text
    }

    @Test("a log across a daylight-saving change: ISO offsets, or Unix seconds with --timezone, give the user's days")
    func daylightSaving() throws {
        try withCSVScratch { dir in
            let iso = try DeviceLogReader.analyze(paths: [try dir.write("iso.csv", Self.dstLog(unix: false))], timeZone: nil)
            let unix = try DeviceLogReader.analyze(
                paths: [try dir.write("unix.csv", Self.dstLog(unix: true))], timeZone: TimeZone(identifier: "Europe/Paris"))
            for outcome in [iso, unix] {
                let w = outcome.analysis.widgets[0]
                #expect(w.days.map(\.date) == ["2026-03-28", "2026-03-29", "2026-03-30"])
                // Every 3 h of real time: 8 reloads on the 28th, 8 on the 23-hour 29th (00:30, 03:30 CEST…), 8 on the 30th.
                #expect(w.days.map(\.reloads) == [8, 8, 8])
                #expect(w.days[1].coveredHours == 23)
                #expect(outcome.analysis.offsets == [3600, 7200])
                #expect(outcome.analysis.anomalies.map(\.kind) == [.offsetChange])
            }
            #expect(iso.analysis.widgets == unix.analysis.widgets)
            // Without --timezone, Unix seconds are UTC days, with a warning.
            let utc = try DeviceLogReader.analyze(paths: [dir.file("unix.csv")], timeZone: nil)
            #expect(utc.warnings.contains { $0.contains("pass --timezone") })
            #expect(utc.analysis.widgets[0].days.map(\.date) == ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30"])
        }
    }

    @Test("a log in a non-UTC offset: local days follow the offset, not UTC")
    func nonUTCOffset() throws {
        // Tokyo (+09:00): 08:00 on 6 January is 23:00 UTC on 5 January.
        let text =
            Self.header + """
                2026-01-06T08:00:00+09:00,timeline,clock,small,1,2026-01-06T08:00:00+09:00,2026-01-06T08:00:00+09:00,after:2026-01-06T09:00:00+09:00,
                2026-01-06T09:00:40+09:00,timeline,clock,small,1,2026-01-06T09:00:40+09:00,2026-01-06T09:00:40+09:00,never,

                """
        let outcome = try withCSVScratch { dir in try DeviceLogReader.analyze(paths: [try dir.write("tokyo.csv", text)], timeZone: nil) }
        let w = outcome.analysis.widgets[0]
        #expect(w.days.map(\.date) == ["2026-01-06"])
        #expect(w.hours[8].reloads == 1 && w.hours[9].reloads == 1)
        #expect(w.lateness.median == 40)
        let yaml = CalibratedScenarioText.yaml(outcome)
        #expect(yaml.contains("timezone: \"Etc/GMT-9\""))
        #expect(yaml.contains("start: 2026-01-06T08:00:00"))
    }
}

/// The calibrated scenario of an outcome, as text.
enum CalibratedScenarioText {
    static func yaml(_ outcome: DeviceLogReader.Outcome) -> String {
        CalibratedScenario.yaml(outcome.analysis, files: outcome.files, timeZone: nil, name: "test")
    }
}
