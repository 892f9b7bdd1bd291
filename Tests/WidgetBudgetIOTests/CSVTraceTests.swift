import Foundation
import Testing

@testable import WidgetBudgetIO

@Suite("Trace files of event times")
struct CSVTraceTests {
    /// 2026-01-05T00:00:00 in Paris (UTC+1 in January) = 2026-01-04T23:00:00Z.
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let start = Date(timeIntervalSince1970: 1_767_567_600)

    /// The times of a trace given as text.
    func times(_ text: String, name: String = "trace.csv") throws -> [Double] {
        try TraceReader.readTimes(data: Data(text.utf8), name: name, scenarioStart: Self.start, timeZone: Self.paris)
    }

    /// The error description for a trace given as text.
    func failure(_ text: String) -> String? {
        csvErrorDescription { _ = try times(text) }
    }

    @Test("numbers are seconds from the start")
    func numeric() throws {
        #expect(try times("time\n0\n90.5\n3600\n3600\n1e4\n") == [0, 90.5, 3600, 3600, 10_000])
    }

    @Test("ISO 8601 date-times: UTC, offsets, local time in the scenario's zone, fractions")
    func iso() throws {
        let text = """
            time
            2026-01-05T00:00:00
            2026-01-05T09:30:00+01:00
            2026-01-05T08:30:00.250Z
            2026-01-05T09:30:00.5
            2026-01-05T04:30:01-0400
            2026-01-05T10:00:00
            """
        #expect(try times(text) == [0, 34_200, 34_200.25, 34_200.5, 34_201, 36_000])
    }

    @Test("numbers and date-times mix; other columns are ignored")
    func mixedColumns() throws {
        let text = "kind,time,note\nview,60,\"a, b\"\nview,2026-01-05T00:02:00+01:00,\nreload,180,x\n"
        #expect(try times(text) == [60, 120, 180])
    }

    @Test("a header with no rows gives no times; CRLF and a BOM are fine")
    func headerOnly() throws {
        #expect(try times("time\n") == [])
        #expect(try times("\u{FEFF}time\r\n5\r\n6\r\n") == [5, 6])
    }

    @Test("a bad value names its line and the value")
    func badValue() {
        #expect(
            failure("time,label\n1,a\n2,b\n\nabc,c\n")
                == "trace.csv:5: column 'time': 'abc' is not a number or an ISO 8601 time; "
                + "write seconds from the scenario start (e.g. 90.5) or an ISO 8601 date-time (e.g. 2026-01-05T09:30:00Z)"
        )
        #expect(
            failure("time,x\n1,a\n,b\n")
                == "trace.csv:3: column 'time' is empty; write seconds from the scenario start (e.g. 90.5) "
                + "or an ISO 8601 date-time (e.g. 2026-01-05T09:30:00Z)")
    }

    @Test(
        "near misses get a suggested fix",
        arguments: [
            ("2026-01-05 09:30:00", "separate the date and the time with 'T', e.g. 2026-01-05T09:30:00"),
            ("2026-01-05", "add a time of day, e.g. 2026-01-05T00:00:00"),
            ("2026-01-05T09:30Z", "write the seconds too, e.g. 2026-01-05T09:30:00"),
            ("\"90,5\"", "use '.' as the decimal separator"),
            ("90s", "write the number of seconds without a unit"),
        ])
    func nearMisses(value: String, fix: String) {
        let shownValue = value.replacingOccurrences(of: "\"", with: "")
        #expect(
            failure("time\n\(value)\n")
                == "trace.csv:2: column 'time': '\(shownValue)' is not a number or an ISO 8601 time; \(fix)")
    }

    @Test(
        "Foundation's lenient ISO parsing is not trusted",
        arguments: [
            "2026-01-05T09:30:00Zjunk", "2026-01-05T09:30:00 x", "٢٠٢٦-01-05T09:30:00Z", "2026-01-05T09:30:00+01:00x",
        ])
    func strictShape(value: String) {
        #expect(
            failure("time\n\(value)\n")?.hasPrefix(
                "trace.csv:2: column 'time': '\(value)' is not a number or an ISO 8601 time") == true)
    }

    /// RFC 3339 allows a lower-case `t` and `z` (section 5.6, note on case); device logs accept
    /// them too, so traces do.
    @Test("lower-case t and z are RFC 3339")
    func lowerCaseSeparators() throws {
        let times = try TraceReader.readTimes(
            data: Data("time\n2026-01-05t09:30:00z\n".utf8), name: "trace.csv",
            scenarioStart: Date(timeIntervalSince1970: 1_767_571_200), timeZone: TimeZone(identifier: "UTC")!)
        #expect(times == [9.5 * 3_600])
    }

    @Test("an impossible date is rejected")
    func impossibleDate() {
        #expect(
            failure("time\n2026-13-05T09:30:00Z\n")
                == "trace.csv:2: column 'time': '2026-13-05T09:30:00Z' is not a valid date-time; "
                + "check the month (01-12), the day and the time (00:00:00-23:59:59)")
    }

    @Test("times out of order name both lines")
    func unordered() {
        #expect(
            failure("time\n10\n20\n\n15\n")
                == "trace.csv:5: column 'time': '15' comes before '20' on line 3; sort the rows by 'time', ascending")
        #expect(
            failure("time\n2026-01-05T01:00:00Z\n60\n")
                == "trace.csv:3: column 'time': '60' comes before '2026-01-05T01:00:00Z' on line 2; sort the rows by 'time', ascending"
        )
    }

    @Test("negative times and times before the start are rejected")
    func negative() {
        #expect(
            failure("time\n-5\n")
                == "trace.csv:2: column 'time': '-5' is negative; times are seconds from the scenario start, 0 or more")
        #expect(
            failure("time\n2026-01-04T22:00:00Z\n")
                == "trace.csv:2: column 'time': '2026-01-04T22:00:00Z' is before the scenario start (2026-01-05T00:00:00+01:00); "
                + "remove the row or start the scenario earlier")
        #expect(failure("time\nnan\n") == "trace.csv:2: column 'time': 'nan' is not a finite number")
    }

    @Test("a missing time column lists the columns found")
    func missingColumn() {
        #expect(
            failure("when,label\n1,a\n")
                == "trace.csv:1: no 'time' column (columns found: 'when', 'label'); add a column named 'time' to the header line"
        )
        #expect(
            failure("Time\n1\n")
                == "trace.csv:1: no 'time' column (columns found: 'Time'); rename 'Time' to 'time' (names are case-sensitive)"
        )
        #expect(
            failure("3600\n7200\n")
                == "trace.csv:1: no 'time' column (columns found: '3600'); the first line must be a header: add a line 'time' at the top"
        )
    }

    @Test("an empty file, a ragged row and a malformed quote are reported")
    func structuralErrors() {
        #expect(failure("") == "trace.csv: the file is empty; expected a header line with the column 'time'")
        #expect(
            failure("time,label\n1,a,b\n")?.hasPrefix("trace.csv:2: record 2 has 3 fields but the header has 2") == true
        )
        #expect(failure("time\n1\n2\"\n")?.hasPrefix("trace.csv:3: malformed quoting") == true)
    }

    @Test("files: reading, and a missing file")
    func files() throws {
        try withCSVScratch { scratch in
            let path = try scratch.write("views.csv", "time\n30\n2026-01-05T00:01:00+01:00\n")
            #expect(try TraceReader.readTimes(path: path, scenarioStart: Self.start, timeZone: Self.paris) == [30, 60])
            let missing = scratch.file("nope.csv")
            #expect(
                csvErrorDescription {
                    _ = try TraceReader.readTimes(path: missing, scenarioStart: Self.start, timeZone: Self.paris)
                } == "trace file not found: \(missing)")
            let bad = try scratch.write("bad.csv", "time\n1\nabc\n")
            #expect(
                csvErrorDescription {
                    _ = try TraceReader.readTimes(path: bad, scenarioStart: Self.start, timeZone: Self.paris)
                }?.hasPrefix("\(bad):3: column 'time': 'abc' is not a number or an ISO 8601 time") == true)
        }
    }

    @Test("local times across a DST change follow the scenario's zone")
    func daylightSaving() throws {
        // Paris moves to UTC+2 at 2026-03-29T01:00:00Z.
        let start = Date(timeIntervalSince1970: 1_774_738_800)  // 2026-03-29T00:00:00+01:00
        let times = try TraceReader.readTimes(
            data: Data("time\n2026-03-29T01:00:00\n2026-03-29T03:00:00\n".utf8), name: "dst.csv",
            scenarioStart: start, timeZone: Self.paris)
        #expect(times == [3600, 7200])
        // 02:30 does not exist that day: read as 02:30 UTC+1 (= 03:30 UTC+2).
        let skipped = try TraceReader.readTimes(
            data: Data("time\n2026-03-29T02:30:00\n".utf8), name: "dst.csv", scenarioStart: start, timeZone: Self.paris)
        #expect(skipped == [9000])
        // 02:30 happens twice on 2026-10-25: Foundation takes the second (UTC+1), 01:30 UTC.
        let autumnStart = Date(timeIntervalSince1970: 1_792_879_200)  // 2026-10-25T00:00:00+02:00
        let repeated = try TraceReader.readTimes(
            data: Data("time\n2026-10-25T02:30:00\n".utf8), name: "dst.csv", scenarioStart: autumnStart,
            timeZone: Self.paris)
        #expect(repeated == [12600])
    }
}
