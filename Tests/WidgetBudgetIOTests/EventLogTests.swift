import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// `events.csv` streamed while the simulation runs (``EventLog``) is the file the in-memory path
/// writes, byte for byte, and the result keeps no events (issue #27, item 3).
@Suite("Event log streaming")
struct EventLogTests {
    /// Every bundled and observed scenario, shortened to keep the suite quick.
    static let scenarios: [String] = {
        let root = CLIRunner.packageRoot.appendingPathComponent("Scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let observed = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("observed").path)) ?? []
        return
            (names.filter { $0.hasSuffix(".yaml") }.map { "Scenarios/" + $0 }
            + observed.filter { $0.hasSuffix(".yaml") }.map { "Scenarios/observed/" + $0 }).sorted()
    }()

    static func scenario(_ path: String, days: Int = 3, replications: Int = 2) throws -> Scenario {
        var s = try ScenarioLoader.load(path: CLIRunner.packageRoot.appendingPathComponent(path).path).scenario
        s.days = min(s.days, days)
        s.replications = min(s.replications, replications)
        return s
    }

    /// The streamed `events.csv` of `scenario`, and the result without events.
    static func streamed(_ scenario: Scenario, _ level: EventLevel) throws -> (Data, SimulationResult) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try SimulationOutput.simulate(scenario, to: folder.path, events: level)
        let data = try Data(contentsOf: folder.appendingPathComponent("events.csv"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["days.csv", "events.csv", "summary.csv"], "no part file is left behind")
        return (data, run.result)
    }

    @Test("streamed events.csv equals the in-memory one on every scenario", arguments: scenarios)
    func sameBytes(path: String) throws {
        let scenario = try Self.scenario(path)
        for level in [EventLevel.all, .reloads] {
            let (data, result) = try Self.streamed(scenario, level)
            let memory = Simulator.run(scenario, events: level)
            let expected = CSVWriter.document(header: SimulationTables.eventsHeader, rows: SimulationTables.eventRows(memory))
            #expect(String(decoding: data, as: UTF8.self) == expected, "\(path) at \(level)")
            #expect(result.summaries == memory.summaries)
            #expect(result.runs.allSatisfy { $0.allSatisfy(\.events.isEmpty) }, "the streamed result holds no events")
        }
    }

    @Test("several widgets, changes and random views: the parts merge by time, lower widget first")
    func severalWidgets() throws {
        var scenario = try Self.scenario("Scenarios/clock-minute-entries.yaml", days: 4, replications: 3)
        var second = scenario.widgets[0]
        second.name = "clock-2"
        second.views = EventProcess(.every(period: 60, offset: 0))
        var third = scenario.widgets[0]
        third.name = "clock-3"
        third.unpredictable = EventProcess(.poisson(perHour: 3))
        scenario.widgets += [second, third]
        let (data, _) = try Self.streamed(scenario, .all)
        let memory = Simulator.run(scenario, events: .all)
        #expect(memory.events.count > 10_000)
        let expected = CSVWriter.document(header: SimulationTables.eventsHeader, rows: SimulationTables.eventRows(memory))
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }
}
