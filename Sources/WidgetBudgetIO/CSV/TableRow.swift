/// Where a table's row puts its fields, in column order: into strings (``StringRow``) or straight
/// into a CSV document's bytes (``CSVWriter/Row``). One function then defines a table's columns
/// for both, and a long `days.csv` is written without a string per number.
protocol TableRow {
    /// A text field.
    mutating func add(_ text: String)
    /// An integer in decimal, as `String(value)`.
    mutating func add(_ value: Int)
    /// A number with exactly `digits` decimals, as ``NumberFormat/fixed(_:_:)-(Double?,_)``
    /// (empty for `nil` and for infinities and NaN).
    mutating func add(fixed value: Double?, digits: Int)
}

/// A row as strings.
struct StringRow: TableRow {
    /// The fields added so far.
    private(set) var fields: [String] = []

    /// An empty row with room for `capacity` fields.
    init(capacity: Int) { fields.reserveCapacity(capacity) }

    mutating func add(_ text: String) { fields.append(text) }
    mutating func add(_ value: Int) { fields.append(String(value)) }
    mutating func add(fixed value: Double?, digits: Int) { fields.append(NumberFormat.fixed(value, digits)) }
}
