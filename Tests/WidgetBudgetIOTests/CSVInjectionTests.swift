import Foundation
import Testing

@testable import WidgetBudgetIO

/// Every CSV the tool writes is safe to open in a spreadsheet: no formula runs, no control
/// character is written, and the tool reads its own cells back as they were (issue #27, item 9).
@Suite("CSV formula injection")
struct CSVInjectionTests {
    /// Kinds from the issue and OWASP's list, with what the cell must hold.
    static let formulas: [(String, String)] = [
        ("=HYPERLINK(\"http://x\",\"x\")", "'=HYPERLINK(\"http://x\",\"x\")"),
        ("+cmd|' /c calc'!A0", "'+cmd|' /c calc'!A0"),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("=1+2", "'=1+2"),
        ("-", "'-"),
        ("'=x", "''=x"),
        ("''@x", "'''@x"),
    ]

    @Test("a cell a spreadsheet would run gets a leading '", arguments: formulas)
    func formulasArePrefixed(kind: String, cell: String) throws {
        let text = CSVWriter.document(header: ["kind", "n"], rows: [[kind, "1"]])
        let line = String(text.split(separator: "\n")[1])
        let table = try CSVReader.read(data: Data(text.utf8), name: "k.csv")
        let quoted = "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\","
        #expect(line.hasPrefix(cell + ",") || line.hasPrefix(quoted), "\(line)")
        #expect(CSVCell.written(kind) == cell)
        // Read back through the tool's reader: the original text.
        #expect(table.rows[0].fields[0] == kind)
    }

    @Test("numbers, signed ones included, and other text stay as they are")
    func numbersStay() {
        for cell in ["-3.5", "+2", "-0", "1e-3", "-1.5E+7", ".5", "-.5", "'quoted", "'", "plain", "a=b", "", "'-3"] {
            #expect(CSVCell.written(cell) == cell, "\(cell)")
            #expect(CSVCell.read(cell) == cell, "\(cell)")
        }
        #expect(CSVWriter.document(header: ["a", "b"], rows: [["-3.5", "-12"]]) == "a,b\n-3.5,-12\n")
    }

    @Test("control characters become U+FFFD, so no cell holds a NUL, a line break or an escape")
    func controlsAreReplaced() {
        let rows = [["a\u{0}b", "\u{1B}[2J", "x\ny\r\n", "\ttab", "\r=1+2", "del\u{7F}c1\u{85}"]]
        let text = CSVWriter.document(header: ["a", "b", "c", "d", "e", "f"], rows: rows)
        #expect(text == "a,b,c,d,e,f\na\u{FFFD}b,\u{FFFD}[2J,x\u{FFFD}y\u{FFFD}\u{FFFD},\u{FFFD}tab,\u{FFFD}=1+2,del\u{FFFD}c1\u{FFFD}\n")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("the tool reads back what it wrote, for any text without control characters")
    func roundTrip() throws {
        let pieces = ["=", "+", "-", "@", "'", "''", "1", "-1", "x", " ", ",", "\"", "é", ".5", "e3"]
        var rows: [[String]] = []
        for a in pieces { for b in pieces { for c in pieces { rows.append([a + b + c, b + c]) } } }
        var writer = CSVWriter(header: ["a", "b"])
        writer.append(contentsOf: rows)
        let table = try CSVReader.read(data: writer.data, name: "round.csv")
        #expect(table.rows.map(\.fields) == rows)
        // And no cell written starts a formula unless it is a number.
        for field in rows.joined() {
            let cell = CSVCell.written(field)
            if let first = cell.first, "=+-@".contains(first) { #expect(CSVCell.isNumber(cell.utf8), "\(cell)") }
        }
    }

    @Test("the terminal never gets an escape sequence")
    func terminalText() {
        #expect(TerminalText.safe("kind\u{1B}[2J\u{7}\r") == "kind\u{FFFD}[2J\u{FFFD}\u{FFFD}")
        #expect(TerminalText.safe("a\tb\nc") == "a\tb\nc")
    }
}
