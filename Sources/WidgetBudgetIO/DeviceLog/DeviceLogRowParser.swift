import Foundation
import WidgetBudgetKit

/// Turns the CSV records of one device-log file into ``DeviceLogRecord``s, checking every value.
///
/// Errors are ``CSVError``s reading `file:line: column 'x': 'value' problem; fix`.
struct DeviceLogRowParser {
    let file: String
    let fileIndex: Int
    private var times: LogTimeParser
    private var time = -1, event = -1, kind = -1, family = -1, entries = -1
    private var firstEntry = -1, lastEntry = -1, policy = -1, memory = -1, content = -1, instance = -1
    /// True once a time was read without an offset of its own (from `--timezone` or UTC).
    private(set) var sawTimeWithoutOffset = false

    init(file: String, fileIndex: Int, timeZone: TimeZone?) {
        self.file = file
        self.fileIndex = fileIndex
        times = LogTimeParser(timeZone: timeZone)
    }

    /// Reads the header: finds the columns; `time` and `event` are required.
    mutating func takeHeader(_ header: [String]) throws {
        func index(_ name: String) -> Int { header.firstIndex(of: name) ?? -1 }
        for name in DeviceLogFormat.requiredColumns where index(name) < 0 {
            throw CSVError.missingColumn(file: file, column: name, found: header)
        }
        time = index("time")
        event = index("event")
        kind = index("kind")
        family = index("family")
        entries = index("entries")
        firstEntry = index("first_entry")
        lastEntry = index("last_entry")
        policy = index("policy")
        memory = index("memory_mb")
        content = index("content")
        instance = index("instance")
    }

    /// The record of one row.
    mutating func parse(_ row: CSVRecord) throws -> DeviceLogRecord {
        let at = try readTime(row, time, "time")!
        let eventText = row[event]
        guard let kindOfEvent = DeviceLogRecord.Event(rawValue: eventText) else {
            let names = DeviceLogFormat.events
            let fix = NearestName.hint(eventText, among: names, otherwise: "use one of " + names.joined(separator: ", "))
            throw invalid(row, "event", eventText, "is not an event", fix)
        }
        var record = DeviceLogRecord(
            time: at.time, utcOffset: at.offset, event: kindOfEvent, kind: field(row, kind), family: field(row, family),
            instance: field(row, instance), position: DeviceLogRecord.Position(file: fileIndex, line: row.line))
        if kindOfEvent == .change { record.predictable = try readContent(row) }
        guard kindOfEvent == .timeline else { return record }
        if entries >= 0, !row[entries].isEmpty {
            guard let n = Int(row[entries]), (0...ScenarioLoader.maxEntries).contains(n) else {
                throw invalid(
                    row, "entries", row[entries], "is not a whole number of entries",
                    "write 0 to \(ScenarioLoader.maxEntries), e.g. 12 (docs/limits.md)")
            }
            record.entries = n
        }
        record.firstEntry = try readTime(row, firstEntry, "first_entry")?.time
        record.lastEntry = try readTime(row, lastEntry, "last_entry")?.time
        if let first = record.firstEntry, let last = record.lastEntry, last < first {
            throw invalid(row, "last_entry", row[lastEntry], "is before first_entry", "entries must be in date order")
        }
        record.policy = try readPolicy(row)
        if memory >= 0, !row[memory].isEmpty {
            guard let mb = Double(row[memory]), Bounds.checked(mb, in: Bounds.memoryMB) != nil else {
                throw invalid(
                    row, "memory_mb", row[memory], "is not a number of megabytes",
                    "write 0 to 1000000, e.g. 12.5 ('.' as the decimal separator)")
            }
            record.memoryMB = mb
        }
        return record
    }

    /// `content` of a `change` row: `predictable`, or `unpredictable` (the default, also when empty).
    private func readContent(_ row: CSVRecord) throws -> Bool {
        switch field(row, content) {
        case "", "unpredictable": return false
        case "predictable": return true
        default: throw invalid(row, "content", row[content], "is not a kind of change", "write predictable or unpredictable")
        }
    }

    private func field(_ row: CSVRecord, _ column: Int) -> String {
        column >= 0 ? row[column] : ""
    }

    private mutating func readTime(_ row: CSVRecord, _ column: Int, _ name: String) throws -> LogTimeParser.Parsed? {
        guard column >= 0 else { return nil }
        let value = row[column]
        if value.isEmpty {
            if name == "time" { throw invalid(row, name, value, "", "every row needs its time") }
            return nil
        }
        switch times.parse(value) {
        case .success(let parsed):
            if !parsed.offsetWritten { sawTimeWithoutOffset = true }
            return parsed
        case .failure(let problem):
            throw invalid(row, name, value, problem.problem, problem.fix)
        }
    }

    private mutating func readPolicy(_ row: CSVRecord) throws -> ReloadPolicy? {
        guard policy >= 0 else { return nil }
        let value = row[policy]
        switch value {
        case "": return nil
        case "at-end", "atEnd": return .atEnd
        case "never": return .never
        default:
            guard value.hasPrefix("after:") else {
                let fix =
                    value.hasPrefix("after")
                    ? "write after:<time>, e.g. after:2026-01-05T10:00:00+01:00"
                    : "use at-end, never or after:<time> (e.g. after:2026-01-05T10:00:00+01:00)"
                throw invalid(row, "policy", value, "is not a reload policy", fix)
            }
            let date = String(value.dropFirst("after:".count))
            switch times.parse(date) {
            case .success(let parsed): return .after(parsed.time)
            case .failure(let problem): throw invalid(row, "policy", value, "has a date that \(problem.problem)", problem.fix)
            }
        }
    }

    private func invalid(_ row: CSVRecord, _ column: String, _ value: String, _ problem: String, _ fix: String?) -> CSVError {
        CSVError.invalidValue(file: file, line: row.line, column: column, value: value, problem: problem, fix: fix)
    }
}
