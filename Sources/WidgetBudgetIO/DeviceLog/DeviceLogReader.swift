import Foundation
import WidgetBudgetKit

/// Reads device-log CSV files (see `docs/log-format.md`) through libcsv and analyses them.
///
/// A single file in time order streams straight into the ``DeviceLogAnalyzer``: rows are parsed,
/// checked and handed over one at a time, so memory does not grow with the rows (only with the
/// reloads, 32 bytes each, that the estimators need). Several files (a widget's and its app's), or
/// a file out of order, are read whole, merged and sorted by time (stable: rows at the same time
/// keep their file order), with a warning.
///
/// Every problem with a value is a ``CSVError`` reading `file:line: column 'x': …`, found before
/// anything is written; a log with no rows, or no `timeline` row, is a ``DeviceLogError``.
public enum DeviceLogReader {
    /// A row earlier than the one before it by at least this much is a clock jump, not jitter, seconds.
    public static let clockJump = 60.0

    /// What reading produced: the analysis and the warnings to show.
    public struct Outcome: Sendable {
        /// The analysis.
        public var analysis: DeviceLogAnalysis
        /// One-line warnings (`file:line: …`), in file order.
        public var warnings: [String]
        /// The files, in the order given (``DeviceLogRecord/Position/file`` indexes them).
        public var files: [String]
        /// True when the rows had to be sorted.
        public var sorted: Bool
    }

    /// Reads and analyses the files at `paths`.
    /// - Parameters:
    ///   - timeZone: the user's time zone, for Unix-second times and date-times written without an
    ///     offset; UTC when `nil`.
    /// - Throws: ``CSVError`` (missing file, bad value with its line and column, malformed CSV) or
    ///   ``DeviceLogError``.
    public static func analyze(paths: [String], timeZone: TimeZone?, settings: DeviceLogAnalysisSettings = DeviceLogAnalysisSettings())
        throws -> Outcome
    {
        precondition(!paths.isEmpty, "DeviceLogReader.analyze needs at least one file")
        var warnings: [String] = []
        var analyzer = DeviceLogAnalyzer(settings: settings)
        var withoutOffset = false
        var rows: [Int] = []
        var sorted = false
        if paths.count == 1, let streamed = try stream(paths[0], timeZone: timeZone, into: &analyzer) {
            rows = [streamed.rows]
            withoutOffset = streamed.withoutOffset
        } else {
            analyzer = DeviceLogAnalyzer(settings: settings)
            var records: [DeviceLogRecord] = []
            for (index, path) in paths.enumerated() {
                let read = try readAll(path, index: index, timeZone: timeZone, into: &records, analyzer: &analyzer, warnings: &warnings)
                rows.append(read.rows)
                withoutOffset = withoutOffset || read.withoutOffset
            }
            sorted = true
            records.sort { $0.time != $1.time ? $0.time < $1.time : $0.position < $1.position }
            for record in records { analyzer.add(record) }
        }
        if rows.reduce(0, +) == 0 {
            throw DeviceLogError(
                files: paths, message: "no rows after the header: nothing to analyse (a widget logs a `timeline` row per getTimeline call)")
        }
        for (i, count) in rows.enumerated() where count == 0 {
            warnings.append("\(csvMessageText(paths[i])): no rows after the header")
        }
        if withoutOffset && timeZone == nil {
            warnings.append(
                "\(csvMessageText(paths[0])): times without a UTC offset (Unix seconds or local date-times) are read as UTC; "
                    + "pass --timezone (e.g. Europe/Paris) for the user's local days and hours")
        }
        let analysis = analyzer.finish()
        if analysis.widgets.isEmpty {
            throw DeviceLogError(
                files: paths, message: "no `timeline` rows: nothing to analyse (log one row per getTimeline call, see docs/log-format.md)")
        }
        return Outcome(analysis: analysis, warnings: warnings, files: paths, sorted: sorted)
    }

    /// Signals the first row out of time order while streaming.
    private struct OutOfOrder: Error {}

    /// Streams one file into `analyzer`; `nil` when a row is out of time order (the caller then
    /// reads the file whole and sorts it).
    private static func stream(_ path: String, timeZone: TimeZone?, into analyzer: inout DeviceLogAnalyzer) throws
        -> (rows: Int, withoutOffset: Bool)?
    {
        var parser = DeviceLogRowParser(file: path, fileIndex: 0, timeZone: timeZone)
        var previous = -Double.infinity
        var rows = 0
        do {
            let header = try CSVReader.forEachRow(
                path: path, kind: "device log", header: { try parser.takeHeader($0) },
                row: { row in
                    let record = try parser.parse(row)
                    if record.time < previous { throw OutOfOrder() }
                    previous = record.time
                    rows += 1
                    analyzer.add(record)
                })
            if header.isEmpty { throw CSVError.emptyFile(file: path, expected: DeviceLogFormat.requiredColumns) }
        } catch is OutOfOrder {
            return nil
        }
        return (rows, parser.sawTimeWithoutOffset)
    }

    /// Reads one file whole into `records`, noting rows out of order and clock jumps.
    private static func readAll(
        _ path: String, index: Int, timeZone: TimeZone?, into records: inout [DeviceLogRecord], analyzer: inout DeviceLogAnalyzer,
        warnings: inout [String]
    ) throws -> (rows: Int, withoutOffset: Bool) {
        var parser = DeviceLogRowParser(file: path, fileIndex: index, timeZone: timeZone)
        var previous: DeviceLogRecord?
        var unsorted = 0
        var firstUnsorted: DeviceLogRecord.Position?
        var rows = 0
        let header = try CSVReader.forEachRow(
            path: path, kind: "device log", header: { try parser.takeHeader($0) },
            row: { row in
                let record = try parser.parse(row)
                if let p = previous, record.time < p.time {
                    let back = p.time - record.time
                    if back >= clockJump {
                        analyzer.note(
                            LogAnomaly(
                                kind: .clockJumpBack, position: record.position,
                                message: "time goes back \(NumberFormat.humanDuration(back)) from line \(p.position.line): "
                                    + "the clock was set back; rows sorted by time"))
                        warnings.append(
                            "\(csvMessageText(path)):\(row.line): time goes back \(NumberFormat.humanDuration(back)) from line "
                                + "\(p.position.line) (clock set back?); rows sorted by time")
                    } else {
                        unsorted += 1
                        if firstUnsorted == nil { firstUnsorted = record.position }
                    }
                }
                previous = record
                rows += 1
                records.append(record)
            })
        if header.isEmpty { throw CSVError.emptyFile(file: path, expected: DeviceLogFormat.requiredColumns) }
        if let position = firstUnsorted {
            analyzer.note(
                LogAnomaly(
                    kind: .unsorted, position: position, count: unsorted,
                    message: "\(unsorted) row\(unsorted == 1 ? "" : "s") earlier than the row before (by under a minute): sorted by time"))
            warnings.append(
                "\(csvMessageText(path)):\(position.line): \(unsorted) row\(unsorted == 1 ? " is" : "s are") not in time order; "
                    + "sorted by time")
        }
        return (rows, parser.sawTimeWithoutOffset)
    }
}
