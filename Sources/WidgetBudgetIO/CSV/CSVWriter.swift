internal import CLibCSV
import Foundation

/// Builds a CSV document in memory: a header, then rows of `String` fields, quoted by libcsv.
///
/// Output: UTF-8, comma-separated, every record (the last included) ending in `"\n"`, no byte
/// order mark. A field is written bare unless reading it back through ``CSVReader`` (libcsv)
/// would change it; then libcsv's `csv_write2` encloses it in `"` and doubles the `"` inside.
/// A field is quoted when it
/// - contains `,` or `"`;
/// - starts or ends with a space or a tab (libcsv drops those around a bare field);
/// - is empty and the only field of its record (a bare empty record is a blank line, skipped);
/// - is the document's first field and starts with U+FEFF (read back as a byte order mark).
///
/// Every text field first goes through ``CSVCell/written(_:)``: control characters become U+FFFD
/// and a field a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`, numbers excepted)
/// gets a leading `'`.
///
/// The same header and rows always give byte-identical output; what ``CSVReader`` reads back
/// is exactly what was appended (its control characters replaced, see ``CSVCell``).
public struct CSVWriter: Sendable {
    /// The column names, written as the first record.
    public let header: [String]
    /// The number of rows appended so far (the header not counted).
    public internal(set) var rowCount = 0
    /// The document so far (appended to by ``Row`` too).
    var bytes: [UInt8] = []

    /// Starts a document with the given column names (at least one).
    public init(header: [String]) {
        precondition(!header.isEmpty, "CSVWriter needs at least one column")
        self.header = header
        appendRecord(header)
    }

    /// Appends one row; it must have one field per column.
    /// - Complexity: O(n) in the row's total length, amortized.
    public mutating func append(_ row: [String]) {
        precondition(
            row.count == header.count,
            "CSVWriter: a row of \(row.count) fields under a header of \(header.count) columns")
        appendRecord(row)
        rowCount += 1
    }

    /// Appends rows in order; each must have one field per column.
    public mutating func append<Rows: Sequence>(contentsOf rows: Rows) where Rows.Element == [String] {
        for row in rows { append(row) }
    }

    /// The document as bytes (UTF-8).
    public var data: Data { Data(bytes) }

    /// The document as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the document to `path` atomically (see ``AtomicFile``), creating parent directories.
    /// - Throws: ``FileWriteError``.
    public func write(to path: String) throws {
        try AtomicFile.write(data, to: path)
    }

    /// The CSV text of a header and rows (a convenience for ``CSVWriter``).
    public static func document(header: [String], rows: [[String]]) -> String {
        var writer = CSVWriter(header: header)
        writer.append(contentsOf: rows)
        return writer.text
    }

    // MARK: Encoding

    /// Appends fields separated by commas and a final LF.
    private mutating func appendRecord(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(CSV_COMMA)) }
            Self.appendField(field, alone: fields.count == 1, atDocumentStart: bytes.isEmpty, to: &bytes)
        }
        bytes.append(UInt8(CSV_LF))
    }

    /// Appends one field, bare or quoted (see the type's documentation); `alone`: the only field of
    /// its record.
    static func appendField(_ field: String, alone: Bool, atDocumentStart: Bool, to bytes: inout [UInt8]) {
        // Most fields are appended as they are, straight from the string's own UTF-8 storage
        // (no array per field, and the quoting check on a buffer rather than a generic view).
        let bare = field.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !CSVCell.needsChange(utf8), !needsQuotes(utf8, alone: alone, atDocumentStart: atDocumentStart) else {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if bare == true { return }
        let field = CSVCell.written(field)
        if needsQuotes(field.utf8, alone: alone, atDocumentStart: atDocumentStart) {
            var utf8 = Array(field.utf8)
            appendQuoted(&utf8, to: &bytes)
        } else {
            bytes.append(contentsOf: field.utf8)
        }
    }

    /// Appends `field` to `bytes`, enclosed in quotes by libcsv's `csv_write2` (which always quotes).
    private static func appendQuoted(_ field: inout [UInt8], to bytes: inout [UInt8]) {
        // A sentinel byte keeps the buffer's address non-nil: for a NULL source libcsv writes
        // nothing at all, where an empty field must become `""`.
        field.append(0)
        defer { field.removeLast() }
        field.withUnsafeBytes { buffer in
            let source = UnsafeRawBufferPointer(rebasing: buffer.dropLast())
            let quote = UInt8(CSV_QUOTE)
            let needed = csv_write2(nil, 0, source.baseAddress, source.count, quote)
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: needed))
            let written = bytes.withUnsafeMutableBytes { destination in
                csv_write2(destination.baseAddress! + start, needed, source.baseAddress, source.count, quote)
            }
            precondition(written == needed, "csv_write2 wrote \(written) bytes, announced \(needed)")
        }
    }

    /// `field` as libcsv's `csv_write2` quotes it, whether or not the writer would.
    static func libcsvQuoted(_ field: String) -> String {
        var utf8 = Array(field.utf8)
        var bytes: [UInt8] = []
        appendQuoted(&utf8, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a field must be quoted to read back unchanged; see the type's documentation.
    @inline(__always)
    static func needsQuotes(_ utf8: some BidirectionalCollection<UInt8>, alone: Bool, atDocumentStart: Bool) -> Bool {
        guard let first = utf8.first, let last = utf8.last else { return alone }
        let space = UInt8(CSV_SPACE)
        let tab = UInt8(CSV_TAB)
        if first == space || first == tab || last == space || last == tab { return true }
        if atDocumentStart, utf8.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
        let comma = UInt8(CSV_COMMA)
        let quote = UInt8(CSV_QUOTE)
        let cr = UInt8(CSV_CR)
        let lf = UInt8(CSV_LF)
        return utf8.contains { $0 == comma || $0 == quote || $0 == cr || $0 == lf }
    }
}
