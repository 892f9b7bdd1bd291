import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The device log `export-log` writes while the replication runs (``DeviceLogStream``) is the log
/// the in-memory exporter builds, byte for byte (issue #26, item 1).
@Suite("Device log streaming")
struct DeviceLogStreamTests {
    /// The streamed log of replication `replication` of `scenario`, and its row count; checks that
    /// no part or temporary file is left beside it.
    static func streamed(_ scenario: Scenario, replication: Int, format: DeviceLogWriter.TimeFormat) throws -> (String, Int) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/log.csv").path
        let rows = try DeviceLogStream.export(scenario, replication: replication, to: path, timeFormat: format)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("nested").path)
        #expect(left == ["log.csv"], "no part or temporary file is left behind")
        return (try String(contentsOfFile: path, encoding: .utf8), rows)
    }

    /// What the in-memory path writes: every replication run with its events kept, then the records.
    static func inMemory(_ scenario: Scenario, replication: Int, format: DeviceLogWriter.TimeFormat) -> (String, Int) {
        let records = DeviceLogExporter.records(Simulator.run(scenario, events: .reloads), replication: replication)
        return (DeviceLogWriter.document(records, timeFormat: format).text, records.count)
    }

    @Test("the streamed log equals the in-memory one on every scenario", arguments: EventLogTests.scenarios)
    func sameBytes(path: String) throws {
        let scenario = try EventLogTests.scenario(path)
        for replication in 0..<scenario.replications {
            for format in DeviceLogWriter.TimeFormat.allCases {
                let (text, rows) = try Self.streamed(scenario, replication: replication, format: format)
                let (expected, count) = Self.inMemory(scenario, replication: replication, format: format)
                #expect(rows == count)
                #expect(text == expected, "\(path), replication \(replication + 1), \(format)")
            }
        }
    }

    /// Three widgets with their own views, changes, app calls (one kind each, and
    /// `reloadAllTimelines()` shared) and a memory limit that kills some timelines (placeholders):
    /// every kind of row, merged across widgets by time and tie order.
    @Test("several widgets: every kind of row merges by time, tie order, then the exporter's order")
    func severalWidgets() throws {
        var scenario = try EventLogTests.scenario("Scenarios/observed/11-reload-all-delay.yaml", days: 4, replications: 2)
        let memory = try EventLogTests.scenario("Scenarios/photo-memory-kill.yaml", days: 4, replications: 2)
        var second = scenario.widgets[0]
        second.name = "second"
        second.views = EventProcess(.every(period: 600, offset: 0))
        var third = memory.widgets[0]
        third.name = "third"
        third.unpredictable = EventProcess(.poisson(perHour: 3))
        scenario.widgets += [second, third]
        scenario.memory = memory.memory
        scenario.replications = 2
        scenario.days = 4
        let (expected, count) = Self.inMemory(scenario, replication: 1, format: .iso8601)
        for event in ["timeline", "placeholder", "app-reload", "view", "change", "foreground-start"] {
            #expect(expected.contains("," + event + ","), "the case has \(event) rows")
        }
        #expect(count > 1_000)
        let (text, rows) = try Self.streamed(scenario, replication: 1, format: .iso8601)
        #expect(rows == count)
        #expect(text == expected)
    }

    @Test("a log that cannot be written: one error naming it, nothing left beside it")
    func unwritable() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try EventLogTests.scenario("Scenarios/clock-minute-entries.yaml", days: 1, replications: 1)
        let directory = folder.appendingPathComponent("log.csv")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        #expect(throws: FileWriteError.self) {
            _ = try DeviceLogStream.export(scenario, replication: 0, to: directory.path, timeFormat: .iso8601)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["log.csv"])
    }
}
