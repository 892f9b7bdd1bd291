internal import CLibCSV
import Foundation
import WidgetBudgetKit

/// The owner of one libcsv parser: feeds it bytes and turns its callbacks into ``CSVRecord``s.
///
/// libcsv runs with `CSV_STRICT` (a stray quote is an error), `CSV_STRICT_FINI` (a quoted field
/// still open at the end of the input is an error) and `CSV_REPALL_NL` (every unquoted CR and LF
/// is reported, blank lines included, which is what lets the parser count lines: libcsv itself
/// knows nothing of line numbers). libcsv trims unquoted spaces and tabs around fields and skips
/// blank lines; a UTF-8 byte order mark at the very start is dropped here before libcsv sees it.
///
/// One parser reads one document: call ``parse(_:)`` with consecutive chunks (of any size, even
/// one byte), then ``finish()`` once. Records are delivered in order to `onRecord`; if it throws,
/// the remaining callbacks are ignored and the error is rethrown from `parse` or `finish`.
/// Memory stays bounded by the longest record, whatever the size of the document.
final class CSVParser {
    /// libcsv's options; see the type's documentation.
    private static let options = UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL)
    /// The UTF-8 byte order mark.
    /// Bytes handed to libcsv at once, between checks of the longest field.
    private static let sliceSize = 4096
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lf = Int32(CSV_LF)
    private static let cr = Int32(CSV_CR)

    /// The document's name in error messages (a path, or a name given with in-memory data).
    let name: String
    /// The C parser, at a stable address for the parser's whole life.
    private let parser: UnsafeMutablePointer<csv_parser>
    /// Receives each complete record.
    private let onRecord: (CSVRecord) throws -> Void

    /// The fields of the record being assembled.
    private var fields: [String] = []
    /// The 1-based line at the parser's position: after the last field or line end reported.
    private var line = 1
    /// The line on which the record being assembled starts.
    private var recordLine = 1
    /// How many records were delivered.
    private var recordCount = 0
    /// True when the last event was a record end at a CR with nothing after it (CRLF detection).
    private var afterCR = false
    /// The first bytes of the document, held back until it is known whether they are a BOM.
    private var head: [UInt8]? = []
    /// The first error met inside a callback (from `onRecord`, or invalid UTF-8).
    private var failure: (any Error)?
    /// True once `finish` ran.
    private var finished = false

    /// Creates a parser for the document called `name`, delivering records to `onRecord`.
    init(name: String, onRecord: @escaping (CSVRecord) throws -> Void) throws {
        self.name = name
        self.onRecord = onRecord
        parser = .allocate(capacity: 1)
        guard csv_init(parser, Self.options) == 0 else {
            parser.deallocate()
            throw CSVError.libcsv(file: name, detail: "csv_init failed (out of memory)")
        }
    }

    deinit {
        csv_free(parser)
        parser.deallocate()
    }

    /// Feeds the next chunk of the document.
    func parse(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!finished, "CSVParser.parse after finish")
        var rest = bytes[...]
        if var pending = head {
            let taken = rest.prefix(3 - pending.count)
            pending.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            guard pending.count == 3 else {
                head = pending
                return
            }
            head = nil
            if pending != Self.byteOrderMark {
                try pending.withUnsafeBytes { try feed($0) }
            }
        }
        try feed(UnsafeRawBufferPointer(rebasing: rest))
    }

    /// Ends the document: delivers a last record that has no line end and checks for an open quote.
    func finish() throws {
        precondition(!finished, "CSVParser.finish called twice")
        if let pending = head {
            head = nil
            try pending.withUnsafeBytes { try feed($0) }
        }
        finished = true
        let context = Unmanaged.passUnretained(self).toOpaque()
        let status = csv_fini(parser, csvFieldCallback, csvRecordCallback, context)
        if let failure { throw failure }
        guard status == 0 else { throw error(fromStatus: csv_error(parser), atEnd: true) }
    }

    /// Hands bytes to libcsv and checks that it consumed all of them.
    private func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var offset = 0
        // Fed in slices, so a field that never ends (a trace pointing at /dev/zero) is stopped
        // after `Bounds.maxRecordBytes` plus one slice instead of filling the memory.
        while offset < bytes.count {
            let count = min(Self.sliceSize, bytes.count - offset)
            let consumed = csv_parse(parser, base + offset, count, csvFieldCallback, csvRecordCallback, context)
            if let failure { throw failure }
            guard consumed == count else { throw error(fromStatus: csv_error(parser), atEnd: false) }
            if csv_get_buffer_size(parser) > Bounds.maxRecordBytes {
                throw CSVError.recordTooLong(file: name, line: line, limit: Bounds.maxRecordBytes)
            }
            offset += count
        }
    }

    /// Turns libcsv's status into a ``CSVError`` located at the current line.
    private func error(fromStatus status: Int32, atEnd: Bool) -> CSVError {
        let detail = String(cString: csv_strerror(status))
        if status == CSV_EPARSE {
            return atEnd
                ? .unterminatedQuote(file: name, line: line)
                : .malformedQuoting(file: name, line: line, detail: detail)
        }
        return .libcsv(file: name, detail: detail)
    }

    // MARK: Callbacks (called through the file-scope trampolines below)

    /// One field, `length` bytes at `bytes`.
    fileprivate func field(_ bytes: UnsafeMutableRawPointer?, _ length: Int) {
        guard failure == nil else { return }
        afterCR = false
        if fields.isEmpty { recordLine = line }
        let buffer = UnsafeRawBufferPointer(start: length == 0 ? nil : bytes, count: length)
        let utf8 = buffer.assumingMemoryBound(to: UInt8.self)
        if let base = buffer.baseAddress, memchr(base, 0, length) != nil {
            failure = CSVError.nulByte(file: name, line: line)
            return
        }
        guard let text = UTF8Validation.string(utf8) else {
            failure = CSVError.invalidUTF8(file: name, line: line)
            return
        }
        fields.append(CSVCell.read(text))
        line += Self.lineBreaks(in: buffer)
    }

    /// The end of a record at character `terminator` (CR, LF, or -1 at the end of the input).
    fileprivate func recordEnd(_ terminator: Int32) {
        guard failure == nil else { return }
        if fields.isEmpty {
            // A blank line (reported because of CSV_REPALL_NL), or the LF of a CRLF.
            if !(terminator == Self.lf && afterCR) { line += 1 }
            afterCR = terminator == Self.cr
            return
        }
        recordCount += 1
        let record = CSVRecord(fields: fields, number: recordCount, line: recordLine)
        fields.removeAll(keepingCapacity: true)
        if terminator == Self.lf || terminator == Self.cr { line += 1 }
        afterCR = terminator == Self.cr
        do {
            try onRecord(record)
        } catch {
            failure = error
        }
    }

    /// The number of line breaks (LF, CRLF or a lone CR) inside a field's bytes.
    private static func lineBreaks(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress,
            memchr(base, Int32(CSV_LF), bytes.count) != nil || memchr(base, Int32(CSV_CR), bytes.count) != nil
        else { return 0 }
        var count = 0
        var previousCR = false
        for byte in bytes {
            if byte == UInt8(CSV_LF) {
                if !previousCR { count += 1 }
                previousCR = false
            } else {
                previousCR = byte == UInt8(CSV_CR)
                if previousCR { count += 1 }
            }
        }
        return count
    }
}

/// libcsv's field callback: a context-free C function; `context` is the unretained ``CSVParser``.
private func csvFieldCallback(_ bytes: UnsafeMutableRawPointer?, _ length: Int, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<CSVParser>.fromOpaque(context).takeUnretainedValue().field(bytes, length)
}

/// libcsv's record callback: a context-free C function; `context` is the unretained ``CSVParser``.
private func csvRecordCallback(_ terminator: Int32, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<CSVParser>.fromOpaque(context).takeUnretainedValue().recordEnd(terminator)
}
