import Foundation
import WidgetBudgetKit

/// Reads CSV documents through libcsv: whole tables, or streamed one record at a time.
///
/// The dialect: comma-separated, `"` quotes, a quote inside a quoted field doubled (`""`);
/// CRLF, LF or CR line ends; an optional UTF-8 byte order mark; text must be UTF-8. Following
/// libcsv, spaces and tabs around an unquoted field are dropped (quote a field to keep them) and
/// blank lines are skipped. Malformed quoting (a stray `"` in an unquoted field, text after a
/// closing quote, a quote never closed) is an error, not guessed around.
///
/// The first record is the header; every later record must have as many fields as the header.
/// Errors are ``CSVError``s whose description reads `file:line: message`.
public enum CSVReader {
    /// How many bytes are read from a file and handed to libcsv at a time.
    static let chunkSize = 64 * 1024

    /// Reads the whole CSV file at `path`: header and rows.
    ///
    /// An empty file gives an empty header and no rows; a header-only file gives no rows.
    /// - Complexity: O(n) time and memory in the size of the file. Use
    ///   ``forEachRow(path:header:row:)`` for files too large to hold in memory.
    public static func read(path: String) throws -> CSVTable {
        var rows: [CSVRecord] = []
        let header = try forEachRow(path: path) { rows.append($0) }
        return CSVTable(name: path, header: header, rows: rows)
    }

    /// Reads a whole CSV document held in memory; `name` stands for the file in error messages.
    public static func read(data: Data, name: String) throws -> CSVTable {
        var rows: [CSVRecord] = []
        let header = try forEachRow(data: data, name: name) { rows.append($0) }
        return CSVTable(name: name, header: header, rows: rows)
    }

    /// Streams the CSV file at `path`: `header` once with the first record, then `row` for each
    /// following record, in order, in bounded memory.
    ///
    /// An error thrown by `header` or `row` stops the reading and is rethrown as is.
    /// - Returns: the header (empty for an empty file, in which case neither closure is called).
    /// - Throws: ``CSVError`` for a missing or unreadable file, malformed CSV, invalid UTF-8, or a
    ///   row whose field count differs from the header's.
    /// - Complexity: O(n) time in the size of the file; memory bounded by the longest record.
    @discardableResult
    public static func forEachRow(
        path: String,
        header: ([String]) throws -> Void = { _ in },
        row: (CSVRecord) throws -> Void
    ) throws -> [String] {
        try forEachRow(path: path, kind: "CSV file", header: header, row: row)
    }

    /// Streams a CSV document held in memory, as ``forEachRow(path:header:row:)`` does a file.
    @discardableResult
    public static func forEachRow(
        data: Data,
        name: String,
        header: ([String]) throws -> Void = { _ in },
        row: (CSVRecord) throws -> Void
    ) throws -> [String] {
        var columns: [String] = []
        try forEachRecord(data: data, name: name) { record in
            try deliver(record, name: name, columns: &columns, header: header, row: row)
        }
        return columns
    }

    /// Streams every record of the CSV file at `path`, the first included, with no check on the
    /// number of fields: for files without a header or with ragged records.
    public static func forEachRecord(path: String, _ body: (CSVRecord) throws -> Void) throws {
        try forEachRecord(path: path, kind: "CSV file", body)
    }

    /// Streams every record of a CSV document held in memory, as ``forEachRecord(path:_:)`` does.
    public static func forEachRecord(data: Data, name: String, _ body: (CSVRecord) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let parser = try CSVParser(name: name, onRecord: body)
            var start = data.startIndex
            while start < data.endIndex {
                let end = data.index(start, offsetBy: chunkSize, limitedBy: data.endIndex) ?? data.endIndex
                try data[start..<end].withUnsafeBytes { try parser.parse($0) }
                start = end
            }
            try parser.finish()
        }
    }

    // MARK: Internals shared with the typed readers

    /// ``forEachRow(path:header:row:)`` with `kind` naming the file in "not found" messages
    /// ("trace file", "device log").
    @discardableResult
    static func forEachRow(
        path: String,
        kind: String,
        header: ([String]) throws -> Void = { _ in },
        row: (CSVRecord) throws -> Void
    ) throws -> [String] {
        var columns: [String] = []
        try forEachRecord(path: path, kind: kind) { record in
            try deliver(record, name: path, columns: &columns, header: header, row: row)
        }
        return columns
    }

    /// ``forEachRecord(path:_:)`` with `kind` naming the file in "not found" messages; the file
    /// is opened through `system` (a regular file only: a FIFO or a device is refused, never
    /// waited on).
    static func forEachRecord(
        path: String, kind: String, system: FileSystemCalls = .live, _ body: (CSVRecord) throws -> Void
    ) throws {
        let file = try open(path: path, kind: kind, system: system)
        try withoutActuallyEscaping(body) { body in
            let parser = try CSVParser(name: path, onRecord: body)
            var total = 0
            while true {
                let chunk: Data
                do {
                    chunk = try file.read(upToCount: chunkSize)
                } catch {
                    throw CSVError.unreadable(path: path, reason: reason(error))
                }
                if chunk.isEmpty { break }
                total += chunk.count
                if total > Bounds.maxInputFileBytes {
                    throw CSVError.unreadable(path: path, reason: "it is larger than \(Bounds.maxInputFileBytes >> 30) GiB")
                }
                try chunk.withUnsafeBytes { try parser.parse($0) }
            }
            try parser.finish()
        }
    }

    /// Opens `path` for reading, with a ``CSVError`` that says why not.
    private static func open(path: String, kind: String, system: FileSystemCalls) throws -> InputFile {
        do {
            return try system.openInput(path)
        } catch FileSystemCalls.InputProblem.notFound {
            throw CSVError.fileNotFound(path: path, kind: kind)
        } catch FileSystemCalls.InputProblem.directory {
            throw CSVError.unreadable(path: path, reason: "it is a directory")
        } catch FileSystemCalls.InputProblem.notRegular(let what) {
            throw CSVError.unreadable(path: path, reason: "it is \(what), not a regular file")
        } catch {
            throw CSVError.unreadable(path: path, reason: reason(error))
        }
    }

    /// A short reason for an error: the system's message when there is one.
    private static func reason(_ error: any Error) -> String {
        if case FileSystemCalls.InputProblem.failed(let reason) = error { return reason }
        return "\(error)"
    }

    /// Takes record 1 as the header (into `columns`); checks every later record against it
    /// before passing it to `row`.
    private static func deliver(
        _ record: CSVRecord,
        name: String,
        columns: inout [String],
        header: ([String]) throws -> Void,
        row: (CSVRecord) throws -> Void
    ) throws {
        if record.number == 1 {
            columns = record.fields
            try header(record.fields)
            return
        }
        guard record.count == columns.count else {
            throw CSVError.raggedRow(
                file: name, line: record.line, record: record.number,
                fieldCount: record.count, headerCount: columns.count)
        }
        try row(record)
    }
}
