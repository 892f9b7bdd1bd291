import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// `days.csv` and a report's `events.csv` are written a row at a time through a buffer of a fixed
/// size (``StreamedCSV``), not built whole in memory first (issue #26: memory flat in the horizon;
/// `days.csv` of 4 replications × 10 years is 14,600 rows): the same bytes as the documents built
/// in memory.
@Suite("Tables streamed row by row")
struct StreamedTablesTests {
    /// A buffer this small makes every document below go through many flushes.
    static let flushSize = 128

    /// The longest line of `document` (its header included), in bytes.
    static func longestLine(_ document: Data) -> Int {
        document.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(\.count).max() ?? 0
    }

    @Test("days.csv and events.csv streamed equal the in-memory documents", arguments: EventLogTests.scenarios)
    func sameBytes(path: String) throws {
        var scenario = try EventLogTests.scenario(path)
        scenario.days = 10
        scenario.replications = 3
        let result = Simulator.run(scenario, events: .reloads)
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let days = folder.appendingPathComponent("days.csv"), events = folder.appendingPathComponent("events.csv")
        let heldDays = try SimulationTables.writeDays(result, to: days.path, flushSize: Self.flushSize)
        let heldEvents = try SimulationTables.writeEvents(result, to: events.path, flushSize: Self.flushSize)
        let daysDocument = SimulationTables.daysDocument(result).data
        let eventsDocument = Data(CSVWriter.document(header: SimulationTables.eventsHeader, rows: SimulationTables.eventRows(result)).utf8)
        #expect(try Data(contentsOf: days) == daysDocument, "\(path): days.csv")
        #expect(try Data(contentsOf: events) == eventsDocument, "\(path): events.csv")
        // The buffer is written out once it holds the flush size: it never holds more than that
        // and one line (a document built whole holds all of it: 30 rows and more, several times
        // the flush size).
        #expect(daysDocument.count > 4 * Self.flushSize)
        #expect(heldDays < Self.flushSize + Self.longestLine(daysDocument), "\(path): \(heldDays) bytes held for \(daysDocument.count)")
        if eventsDocument.count > 4 * Self.flushSize {
            #expect(
                heldEvents < Self.flushSize + Self.longestLine(eventsDocument),
                "\(path): \(heldEvents) bytes held for \(eventsDocument.count)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["days.csv", "events.csv"])
    }
}
