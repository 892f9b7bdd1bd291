internal import CLibCSV

extension CSVWriter {
    /// Appends one row whose fields `fill` adds in column order, one per column, written straight
    /// into the document: the same bytes as ``append(_:)`` with the fields as ``StringRow`` makes them.
    mutating func appendRow(_ fill: (inout Row) -> Void) {
        var row = Row(bytes: bytes, columns: header.count)
        bytes = []  // The row holds the only reference: no copy while it appends.
        fill(&row)
        precondition(row.count == header.count, "CSVWriter: a row of \(row.count) fields under a header of \(header.count) columns")
        row.bytes.append(UInt8(CSV_LF))
        bytes = row.bytes
        rowCount += 1
    }

    /// A row being appended to a document (``appendRow(_:)``).
    struct Row: TableRow {
        fileprivate(set) var bytes: [UInt8]
        fileprivate let columns: Int
        /// True when `bytes` continues a document even when empty (a part of `events.csv`).
        private let midDocument: Bool
        /// Fields added so far.
        fileprivate private(set) var count = 0

        /// A row appended to `bytes`; `midDocument`: the document has a header before `bytes`.
        init(bytes: [UInt8], columns: Int, midDocument: Bool = false) {
            self.bytes = bytes
            self.columns = columns
            self.midDocument = midDocument
        }

        /// Ends the row with its line feed and gives back the bytes.
        mutating func finish() -> [UInt8] {
            precondition(count == columns, "CSVWriter: a row of \(count) fields under a header of \(columns) columns")
            bytes.append(UInt8(CSV_LF))
            defer { bytes = [] }
            return bytes
        }

        mutating func add(_ text: String) {
            let atDocumentStart = !midDocument && bytes.isEmpty && count == 0
            separate()
            CSVWriter.appendField(text, alone: columns == 1, atDocumentStart: atDocumentStart, to: &bytes)
        }

        mutating func add(_ value: Int) {
            separate()
            NumberFormat.appendInteger(value, to: &bytes)
        }

        mutating func add(fixed value: Double?, digits: Int) {
            // Digits, a point and a sign never need quotes; an empty field alone in its record does.
            guard let value, value.isFinite else { return add("") }
            separate()
            NumberFormat.appendFixed(value, digits, to: &bytes)
        }

        /// A comma before every field but the first.
        private mutating func separate() {
            if count > 0 { bytes.append(UInt8(CSV_COMMA)) }
            count += 1
        }
    }
}
