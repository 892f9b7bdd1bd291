import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// The byte path of a table row (`CSVWriter.appendRow`, `NumberFormat.appendFixed`,
/// `appendInteger`) against the string path it replaces (`NumberFormat.fixed`, `String(_:)`,
/// `CSVWriter.append`), which stays the oracle.
@Suite("Table rows written as bytes")
struct TableRowTests {
    /// Random magnitudes from 10⁻⁸ to 10¹², both signs, tiny negatives that print as zero, the
    /// fallback range past 10⁹, and non-finite values.
    @Test("appendFixed writes fixed's text, appendInteger String's, on random values")
    func numbersMatchStrings() {
        var g = SeededGenerator(seed: 21)
        let specials: [Double] = [0, -0.0, -1e-9, -0.004, 0.005, -0.005, 1e9, -1e9, 999_999_999.9999996, .infinity, -.infinity, .nan]
        for i in 0..<100_000 {
            let digits = Int(g.next() % 8)
            let value =
                i < specials.count
                ? specials[i] : (g.unit() - 0.5) * 2 * pow(10, Double(Int(g.next() % 21)) - 8)
            var bytes: [UInt8] = [65]
            NumberFormat.appendFixed(value, digits, to: &bytes)
            if String(decoding: bytes, as: UTF8.self) != "A" + NumberFormat.fixed(value, digits) {
                Issue.record(
                    "\(value) with \(digits) digits: \(String(decoding: bytes, as: UTF8.self)) != A\(NumberFormat.fixed(value, digits))")
                return
            }
        }
        for value in [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min]
            + (0..<10_000).map({ _ in Int(bitPattern: UInt(g.next())) >> Int(g.next() % 64) })
        {
            var bytes: [UInt8] = []
            NumberFormat.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    /// Rows of text needing quotes (a leading space, a comma, a quote, an empty field alone, a byte
    /// order mark at the document's start), numbers and missing values, in one- and three-column
    /// documents.
    @Test("appendRow writes what append writes for the same fields")
    func rowsMatchAppend() {
        let texts = ["", " lead", "a,b", "say \"hi\"", "\u{FEFF}bom", "plain", "line\nbreak"]
        for columns in [1, 3] {
            for first in texts {
                var viaStrings = CSVWriter(header: Array(repeating: "h", count: columns))
                var viaBytes = CSVWriter(header: Array(repeating: "h", count: columns))
                for value in [nil, 0.5, -0.0001, Double.nan] as [Double?] {
                    var strings = StringRow(capacity: columns)
                    func fill(_ row: inout some TableRow) {
                        row.add(first)
                        if columns == 3 {
                            row.add(-42)
                            row.add(fixed: value, digits: 3)
                        }
                    }
                    fill(&strings)
                    viaStrings.append(strings.fields)
                    viaBytes.appendRow { fill(&$0) }
                }
                #expect(viaBytes.text == viaStrings.text, "\(columns) columns, first field \(first.debugDescription)")
            }
        }
        // A byte order mark is quoted only as the document's first field: both paths agree there too.
        var a = CSVWriter(header: ["\u{FEFF}x"])
        var b = CSVWriter(header: ["\u{FEFF}x"])
        a.append(["\u{FEFF}y"])
        b.appendRow { $0.add("\u{FEFF}y") }
        #expect(a.text == b.text)
    }

    @Test("days.csv through appendRow is the document of dayRows, byte for byte")
    func daysDocumentMatchesRows() throws {
        for name in ["clock-five-minute-timelines", "photo-memory-kill", "news-app-driven"] {
            var scenario = try ScenarioLoader.load(path: CLIRunner.packageRoot.appendingPathComponent("Scenarios/\(name).yaml").path)
                .scenario
            scenario.days = 3
            scenario.replications = 2
            let result = Simulator.run(scenario)
            let expected = CSVWriter.document(header: SimulationTables.daysHeader, rows: SimulationTables.dayRows(result))
            #expect(SimulationTables.daysDocument(result).text == expected, "\(name)")
        }
    }
}
