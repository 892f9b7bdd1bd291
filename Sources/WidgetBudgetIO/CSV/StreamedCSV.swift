import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A CSV document written a row at a time to a file being written atomically
/// (`AtomicFile.write(to:produce:)`): the rows are formatted into a buffer that is written out
/// every `flushSize` bytes, so memory does not grow with the document. The bytes are those
/// ``CSVWriter`` makes of the same header and rows.
struct StreamedCSV {
    /// How many bytes are formatted before they are written out.
    static let flushSize = 1 << 18

    private let out: UnsafeMutablePointer<FILE>
    private let path: String
    private let columns: Int
    private let flushSize: Int
    private var buffer: [UInt8]
    /// The first write that failed, as a reason.
    private var failure: String?
    /// The most bytes the buffer held (what the document costs in memory).
    private(set) var held = 0

    /// Starts the document at `path` (for errors), open as `out`, with its header.
    init(_ out: UnsafeMutablePointer<FILE>, path: String, header: [String], flushSize: Int = Self.flushSize) {
        self.out = out
        self.path = path
        self.flushSize = flushSize
        columns = header.count
        buffer = CSVWriter(header: header).bytes
        buffer.reserveCapacity(flushSize + 4096)
    }

    /// Appends one row whose fields `fill` adds in column order (as ``CSVWriter``'s `appendRow`).
    mutating func appendRow(_ fill: (inout CSVWriter.Row) -> Void) {
        var row = CSVWriter.Row(bytes: buffer, columns: columns, midDocument: true)
        buffer = []  // The row holds the only reference: no copy while it appends.
        fill(&row)
        buffer = row.finish()
        if buffer.count >= flushSize { flush() }
    }

    /// Writes out what is left.
    /// - Throws: ``FileWriteError`` for the first write that failed.
    mutating func finish() throws {
        flush()
        if let failure { throw FileWriteError(path: path, reason: failure) }
    }

    private mutating func flush() {
        held = max(held, buffer.count)
        if failure == nil, !buffer.isEmpty, fwrite(buffer, 1, buffer.count, out) != buffer.count {
            failure = "cannot write it: " + String(cString: strerror(errno))
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
