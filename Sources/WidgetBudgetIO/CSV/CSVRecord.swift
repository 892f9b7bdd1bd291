/// One record (line) of a CSV document: its fields and where it sits in the file.
public struct CSVRecord: Sendable, Hashable {
    /// The record's fields, unquoted, in column order.
    public var fields: [String]
    /// The record's 1-based position among the document's records; the header is record 1.
    ///
    /// Blank lines are not records, and a record whose quoted fields span several lines counts once.
    public var number: Int
    /// The 1-based line of the file on which the record starts (what error messages cite).
    public var line: Int

    /// Creates a record.
    public init(fields: [String], number: Int, line: Int) {
        self.fields = fields
        self.number = number
        self.line = line
    }

    /// The field at `index` (0-based column index).
    public subscript(index: Int) -> String { fields[index] }

    /// The number of fields.
    public var count: Int { fields.count }
}
