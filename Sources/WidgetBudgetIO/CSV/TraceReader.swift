import Foundation

/// Reads a trace: a CSV file of event times (views, app reloads, content changes).
///
/// The file needs a header with a `time` column (other columns are ignored). Each `time` is either
/// - seconds from the scenario start, a number such as `3600` or `90.5`; or
/// - an ISO 8601 date-time, `2026-01-05T09:30:00` with optional fractional seconds (kept to the
///   millisecond) and an optional offset (`Z`, `+01:00`, `-0500`); with no offset it is local
///   time in the scenario's time zone. A local time that the clocks skip (spring forward) is read
///   as if the clocks had not changed yet; a repeated one (fall back) as its second occurrence.
///
/// Times must be 0 or later and sorted ascending (equal times are allowed). Errors are
/// ``CSVError``s reading `file:line: …`, e.g.
/// `trace.csv:14: column 'time': 'abc' is not a number or an ISO 8601 time; use …`.
public enum TraceReader {
    /// The column holding the times.
    public static let column = "time"

    /// The times of the trace file at `path`, in seconds from `scenarioStart`, ascending.
    ///
    /// `timeZone` applies to date-times written without an offset.
    /// - Throws: ``CSVError``: `trace file not found: PATH`, an empty file, no `time` column,
    ///   malformed CSV, a value that is not a time, a negative time, times out of order.
    /// - Complexity: O(n) in the size of the file; memory O(number of rows) for the result only.
    public static func readTimes(path: String, scenarioStart: Date, timeZone: TimeZone) throws -> [Double] {
        var reader = Collector(name: path, parser: TraceTimeParser(start: scenarioStart, timeZone: timeZone))
        let header = try CSVReader.forEachRow(
            path: path, kind: "trace file", header: { try reader.takeHeader($0) }, row: { try reader.take($0) })
        return try reader.result(header: header)
    }

    /// The times of a trace held in memory; `name` stands for the file in error messages.
    public static func readTimes(data: Data, name: String, scenarioStart: Date, timeZone: TimeZone) throws -> [Double] {
        var reader = Collector(name: name, parser: TraceTimeParser(start: scenarioStart, timeZone: timeZone))
        let header = try CSVReader.forEachRow(
            data: data, name: name, header: { try reader.takeHeader($0) }, row: { try reader.take($0) })
        return try reader.result(header: header)
    }

    /// Gathers the times row by row, checking each.
    private struct Collector {
        let name: String
        let parser: TraceTimeParser
        var index = 0
        var times: [Double] = []
        var previous: (line: Int, value: String)?

        init(name: String, parser: TraceTimeParser) {
            self.name = name
            self.parser = parser
        }

        mutating func takeHeader(_ header: [String]) throws {
            guard let index = header.firstIndex(of: TraceReader.column) else {
                throw CSVError.missingColumn(file: name, column: TraceReader.column, found: header)
            }
            self.index = index
        }

        mutating func take(_ row: CSVRecord) throws {
            let value = row[index]
            let time: Double
            switch parser.seconds(from: value) {
            case .success(let seconds): time = seconds
            case .failure(let problem):
                throw CSVError.invalidValue(
                    file: name, line: row.line, column: TraceReader.column, value: value,
                    problem: problem.problem, fix: problem.fix)
            }
            if let last = times.last, let previous, time < last {
                throw CSVError.unsorted(
                    file: name, line: row.line, column: TraceReader.column, value: value,
                    previousLine: previous.line, previousValue: previous.value)
            }
            times.append(time)
            previous = (row.line, value)
        }

        func result(header: [String]) throws -> [Double] {
            if header.isEmpty { throw CSVError.emptyFile(file: name, expected: [TraceReader.column]) }
            return times
        }
    }
}
