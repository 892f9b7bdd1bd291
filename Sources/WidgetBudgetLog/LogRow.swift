import Foundation

/// One row of the device-log CSV (docs/log-format.md), as text: the exact bytes `widgetbudget
/// analyze` reads, written the way its own `DeviceLogWriter` writes them.
///
/// Fields go through the same cell rule as every CSV the tool writes: control characters become
/// U+FFFD, a text that a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`, numbers
/// excepted) gets a leading `'`, and a field holding `,` or `"`, or starting or ending with a space
/// or a tab, is quoted with its `"` doubled.
enum LogRow {
    /// The header line: the format's columns, in `DeviceLogFormat.columns` order.
    static let header = "time,event,kind,family,entries,first_entry,last_entry,policy,memory_mb,content,instance\n"

    /// A complete line (ending in `"\n"`) for `event` at `time`, every other time in the row
    /// written at the same UTC offset `offset` (seconds).
    static func line(_ event: LogEvent, at time: Date, offset: Int) -> String {
        func iso(_ date: Date) -> String { isoTime(date, offset: offset) }
        var fields = [iso(time), event.name, cell(event.kind), cell(event.family), "", "", "", "", "", "", cell(event.instance)]
        if let entries = event.entries { fields[4] = String(entries) }
        fields[5] = event.firstEntry.map(iso) ?? ""
        fields[6] = event.lastEntry.map(iso) ?? ""
        switch event.policy {
        case .atEnd?: fields[7] = "at-end"
        case .never?: fields[7] = "never"
        case .after(let date)?: fields[7] = "after:" + iso(date)
        case nil: break
        }
        fields[8] = event.memoryMB.map(megabytes) ?? ""
        fields[9] = event.content
        return fields.joined(separator: ",") + "\n"
    }

    /// `date` as ISO 8601 at `offset` seconds from UTC, milliseconds when not whole, `Z` at UTC:
    /// `2026-01-05T09:30:00.125+01:00`.
    static func isoTime(_ date: Date, offset: Int) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let wall = millis + Int64(offset) * 1000
        let seconds = floorDiv(wall, 1000)
        let fraction = Int(wall - seconds * 1000)
        let day = floorDiv(seconds, 86_400)
        let second = Int(seconds - day * 86_400)
        let (y, m, d) = civilDate(day: day)
        var text = String(y) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(second / 3600, 2) + ":"
        text += pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2)
        if fraction != 0 { text += "." + pad(fraction, 3) }
        if offset == 0 { return text + "Z" }
        let minutes = abs(offset) / 60
        return text + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }

    /// Megabytes rounded to a tenth, without a trailing `.0`: `12.5`, `30`.
    static func megabytes(_ value: Double) -> String {
        guard value.isFinite, value >= 0, value < 1_000_000 else { return "" }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : String(tenths / 10) + "." + String(tenths % 10)
    }

    /// A text field as the tool's CSV writer writes it (see the type's documentation).
    static func cell(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars { scalars.append(s.value < 0x20 || (0x7F...0x9F).contains(s.value) ? "\u{FFFD}" : s) }
        var field = String(scalars)
        if needsPrefix(field) { field = "'" + field }
        let edges: Set<Character> = [" ", "\t"]
        let quoted =
            field.contains(",") || field.contains("\"") || field.first.map(edges.contains) == true
            || field.last.map(edges.contains) == true
        return quoted ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }

    /// A formula start that is not a number, or text the reader would strip a `'` from.
    private static func needsPrefix(_ text: String) -> Bool {
        let formula: Set<Character> = ["=", "+", "-", "@"]
        guard let first = text.first else { return false }
        if formula.contains(first) { return !isNumber(text) }
        guard first == "'" else { return false }
        let rest = text.drop { $0 == "'" }
        guard let start = rest.first, formula.contains(start) else { return false }
        return !isNumber(String(rest))
    }

    /// A decimal number: `[+-]digits[.digits][e[+-]digits]` (or `.digits`).
    static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        func digits() -> Int {
            let n = rest.prefix { $0.isASCII && $0.isNumber }.count
            rest = rest.dropFirst(n)
            return n
        }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        var mantissa = digits()
        if rest.first == "." {
            rest = rest.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
    static func civilDate(day: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = day + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = Int(doy - (153 * mp + 2) / 5 + 1)
        let m = Int(mp < 10 ? mp + 3 : mp - 9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func pad(_ value: some BinaryInteger, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
