import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// What `simulate` keeps of a run does not grow with the horizon beyond a few kilobytes a day
/// (issue #26: memory flat in the horizon, 10 years within 15 MB of 1 day; one-second entries kept
/// one stale stretch per render, about 250 KB a day).
@Suite("Flat memory in the horizon")
struct FlatMemoryTests {
    /// The bytes a run keeps that grow with its days: its day metrics, its stale stretches with
    /// their times, and the runs of its stretches' shapes.
    static func keptBytes(_ run: WidgetRunResult) -> Int {
        run.days.count * MemoryLayout<DayMetrics>.stride + run.ageSegments.count * MemoryLayout<AgeSegment>.stride
            + run.ageShapes.runs.count * MemoryLayout<AgeShapes.Run>.stride
    }

    /// The bytes `simulate` keeps for `scenario` over `days` days, one replication, every widget.
    static func kept(_ scenario: Scenario, days: Int) throws -> Int {
        var s = scenario
        s.days = days
        s.replications = 1
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SimulationOutput.simulate(s, to: folder.path, events: .none).result
        return result.runs[0].reduce(0) { $0 + keptBytes($1) }
    }

    /// From 3 to 30 days, what `simulate` keeps grows by at most 15 MB / 3,650 days (4,309 bytes)
    /// a day for the whole scenario: the bound of 15 MB over 10 years, spread evenly.
    /// Keeping one stretch per render fails it on one-second entries (06, 09: thousands of
    /// stretches a day, 24 bytes each).
    @Test("simulate keeps a bounded amount a day", arguments: EventLogTests.scenarios)
    func boundedPerDay(path: String) throws {
        let scenario = try EventLogTests.scenario(path, days: 30, replications: 1)
        let short = try Self.kept(scenario, days: 3), long = try Self.kept(scenario, days: 30)
        let perDay = Double(long - short) / 27
        #expect(perDay <= 15_000_000 / 3_650, "\(path): \(Int(perDay)) bytes a day (\(short) at 3 days, \(long) at 30)")
    }
}
