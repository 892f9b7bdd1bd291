/// A whole CSV document in memory: a header and the rows under it, as read by ``CSVReader``.
public struct CSVTable: Sendable, Hashable {
    /// The document's name for error messages: the path it was read from, or the name given.
    public var name: String
    /// The column names from the first record; empty for an empty document.
    public var header: [String]
    /// The records after the header, each with exactly `header.count` fields.
    public var rows: [CSVRecord]

    /// Creates a table.
    public init(name: String, header: [String], rows: [CSVRecord]) {
        self.name = name
        self.header = header
        self.rows = rows
    }

    /// The 0-based index of the first column called `column`, or `nil`.
    public func columnIndex(_ column: String) -> Int? {
        header.firstIndex(of: column)
    }

    /// The 0-based index of the column called `column`.
    ///
    /// - Throws: ``CSVError/missingColumn(file:column:found:)`` listing the columns there are.
    public func requireColumn(_ column: String) throws -> Int {
        guard let index = columnIndex(column) else {
            throw CSVError.missingColumn(file: name, column: column, found: header)
        }
        return index
    }
}
