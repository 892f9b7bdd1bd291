/// A problem with a CSV file: where it is (file, line, column) and, when it can be guessed, the fix.
///
/// ``description`` is always one line, `file:line: message` (or `file: message` when no line
/// applies), with values from the file quoted, shortened and with control characters escaped.
public enum CSVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file does not exist; `kind` names it ("CSV file", "trace file").
    case fileNotFound(path: String, kind: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file has no records at all, where a header naming `expected` columns was needed.
    case emptyFile(file: String, expected: [String])
    /// libcsv's strict mode rejected the quoting on or after `line` (libcsv's message in `detail`).
    case malformedQuoting(file: String, line: Int, detail: String)
    /// A quoted field opened on `line` is never closed before the end of the file.
    case unterminatedQuote(file: String, line: Int)
    /// A field starting on `line` is not valid UTF-8.
    case invalidUTF8(file: String, line: Int)
    /// Record number `record` (starting on `line`) has `fieldCount` fields, the header `headerCount`.
    case raggedRow(file: String, line: Int, record: Int, fieldCount: Int, headerCount: Int)
    /// The header has no column called `column`; `found` lists the columns it has.
    case missingColumn(file: String, column: String, found: [String])
    /// The value in `column` on `line` is unusable: `problem` completes "'value' …", `fix` suggests a remedy.
    case invalidValue(file: String, line: Int, column: String, value: String, problem: String, fix: String?)
    /// The rows must be sorted by `column`, ascending, but `value` on `line` comes before `previousValue` on `previousLine`.
    case unsorted(file: String, line: Int, column: String, value: String, previousLine: Int, previousValue: String)
    /// A field starting on `line` holds a NUL byte (a binary file, or a value cut short).
    case nulByte(file: String, line: Int)
    /// A field starting on `line` is longer than `limit` bytes (a binary file, a missing quote).
    case recordTooLong(file: String, line: Int, limit: Int)
    /// libcsv itself failed (out of memory, a field too big); `detail` is libcsv's message.
    case libcsv(file: String, detail: String)

    /// One line: `file:line: message[; suggested fix]`.
    public var description: String {
        switch self {
        case .fileNotFound(let path, let kind):
            return "\(kind) not found: \(csvMessageText(path))"
        case .unreadable(let path, let reason):
            return "cannot read \(csvMessageText(path)): \(csvMessageText(reason, limit: 200))"
        case .emptyFile(let file, let expected):
            let columns = expected.map { "'\($0)'" }.joined(separator: ", ")
            let noun = expected.count == 1 ? "column" : "columns"
            return "\(csvMessageText(file)): the file is empty; expected a header line with the \(noun) \(columns)"
        case .malformedQuoting(let file, let line, let detail):
            return "\(csvMessageText(file)):\(line): malformed quoting (libcsv: \(detail)); "
                + "a field containing '\"' must be enclosed in double quotes with each '\"' inside doubled"
        case .unterminatedQuote(let file, let line):
            return "\(csvMessageText(file)):\(line): a quoted field starting here is never closed; add the closing '\"'"
        case .invalidUTF8(let file, let line):
            return "\(csvMessageText(file)):\(line): the text is not valid UTF-8; save the file as UTF-8"
        case .raggedRow(let file, let line, let record, let fieldCount, let headerCount):
            let fix =
                fieldCount > headerCount
                ? "enclose fields that contain commas in double quotes"
                : "add the missing fields (an empty field is nothing between two commas)"
            return
                "\(csvMessageText(file)):\(line): record \(record) has \(fieldCount) field\(fieldCount == 1 ? "" : "s") "
                + "but the header has \(headerCount); \(fix)"
        case .missingColumn(let file, let column, let found):
            // The first line of an arbitrary file (a trace naming /etc/shadow) is not echoed: only
            // names that look like column names are shown.
            let columns =
                found.isEmpty
                ? "none"
                : found.allSatisfy(looksLikeColumnName)
                    ? found.map { "'\(csvMessageText($0))'" }.joined(separator: ", ")
                    : "\(found.count), not shown: the first line does not look like a CSV header"
            var message = "\(csvMessageText(file)):1: no '\(column)' column (columns found: \(columns))"
            if let near = found.first(where: { $0.lowercased() == column.lowercased() }) {
                message += "; rename '\(csvMessageText(near))' to '\(column)' (names are case-sensitive)"
            } else if !found.isEmpty, found.allSatisfy({ $0.first.map { "0123456789+-.".contains($0) } ?? false }) {
                message += "; the first line must be a header: add a line '\(column)' at the top"
            } else {
                message += "; add a column named '\(column)' to the header line"
            }
            return message
        case .invalidValue(let file, let line, let column, let value, let problem, let fix):
            let what =
                value.isEmpty
                ? "column '\(column)' is empty" : "column '\(column)': '\(csvMessageText(value))' \(problem)"
            return "\(csvMessageText(file)):\(line): \(what)" + (fix.map { "; \($0)" } ?? "")
        case .unsorted(let file, let line, let column, let value, let previousLine, let previousValue):
            return "\(csvMessageText(file)):\(line): column '\(column)': '\(csvMessageText(value))' comes before "
                + "'\(csvMessageText(previousValue))' on line \(previousLine); sort the rows by '\(column)', ascending"
        case .nulByte(let file, let line):
            return "\(csvMessageText(file)):\(line): a field holds a NUL byte; this looks like a binary file, not CSV text"
        case .recordTooLong(let file, let line, let limit):
            return "\(csvMessageText(file)):\(line): a field is longer than \(limit / 1024) KiB; this is not a CSV file of records "
                + "(or a quote is never closed)"
        case .libcsv(let file, let detail):
            return "\(csvMessageText(file)): libcsv failed: \(csvMessageText(detail))"
        }
    }
}

/// `text` made safe for a one-line message: control characters escaped, long text shortened.
func csvMessageText(_ text: String, limit: Int = 80) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _
        where scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .lineSeparator
            || scalar.properties.generalCategory == .paragraphSeparator:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    guard result.count > limit else { return result }
    return String(result.prefix(limit - 1)) + "…"
}

/// True for a plausible column name: at most 40 letters, digits, spaces, `_`, `-`, `.`, `(`, `)`.
func looksLikeColumnName(_ text: String) -> Bool {
    text.count <= 40
        && text.unicodeScalars.allSatisfy { s in
            s.properties.isAlphabetic || ("0"..."9").contains(s) || " _-.()".unicodeScalars.contains(s)
        }
}
