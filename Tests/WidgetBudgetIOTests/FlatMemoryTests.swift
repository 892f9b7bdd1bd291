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
    /// The bytes a run keeps that grow with its days: its day metrics (unless stored), its stale
    /// stretches with their times, and the runs of its stretches' shapes.
    static func keptBytes(_ run: WidgetRunResult) -> Int {
        (run.days.store == nil ? run.days.count * MemoryLayout<DayMetrics>.stride : 0)
            + run.ageSegments.count * MemoryLayout<AgeSegment>.stride
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

    /// A run `simulate` finished keeps none of its stretches in memory, nor of their shapes, nor
    /// its days: they are in its spill file (``ShapeSpill``), so what the runs keep until the
    /// output does not grow with the replications times the horizon (issue #26: 100 replications
    /// of the minute clock for 10 years peaked at 345 MB, then 89 MB with their days in memory).
    /// Fails when a finished run keeps its shapes or its days.
    @Test("simulate keeps no stretch shape nor day of a finished run in memory", arguments: EventLogTests.scenarios)
    func finishedRunsKeepNoShapes(path: String) throws {
        let scenario = try EventLogTests.scenario(path, days: 30, replications: 2)
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SimulationOutput.simulate(scenario, to: folder.path, events: .none).result
        for run in result.runs.joined() {
            let room = run.ageShapes.runs.capacity
            #expect(room == 0 && run.ageSegments.isEmpty, "\(path): room for \(room) runs of shapes")
            #expect(run.days.store != nil && run.days.count == scenario.days, "\(path): its days in memory")
        }
    }

    /// `compare` keeps no day of a finished run in memory either: its runs' days are in the
    /// comparison's spill file, read back for the rows and the figures (two scenarios of 100
    /// replications over 10 years kept 134 MB of days). Fails when a run keeps its days.
    @Test("compare keeps no day of a finished run in memory", arguments: EventLogTests.scenarios)
    func compareKeepsNoDays(path: String) throws {
        let scenario = try EventLogTests.scenario(path, days: 30, replications: 2)
        let comparison = try ScenarioComparison([scenario, scenario])
        for result in comparison.results {
            for run in result.runs.joined() {
                #expect(run.days.store != nil && run.days.count == scenario.days, "\(path): its days in memory")
            }
            try ShapeSpill.check(result)
        }
    }

    /// The app's reload requests of 10 years are one list allocated at its size: grown by
    /// doubling, it held up to three times its size at once (`observed/17-of-kind-rounds`: 19 MB
    /// for 6.3 MB of requests, most of its growth in 10 years). The allocator rounds an allocation
    /// up to a page at most, and no request of these scenarios falls past the horizon, so the room
    /// left is under a page.
    @Test(
        "the app's requests over 10 years are allocated at their size",
        arguments: ["Scenarios/observed/17-of-kind-rounds.yaml", "Scenarios/observed/01-per-instance-budget.yaml"])
    func requestsAtTheirSize(path: String) throws {
        var scenario = try EventLogTests.scenario(path, days: 1, replications: 1)
        scenario.days = 3_650
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        let room = (inputs.appRequests.capacity - inputs.appRequests.count) * MemoryLayout<AppRequest>.stride
        #expect(inputs.appRequests.count > 100_000)
        #expect(room <= 4_096, "\(path): \(inputs.appRequests.count) requests, room for \(inputs.appRequests.capacity)")
    }

    /// A Poisson process's events over 10 years are one list allocated at its size: grown by
    /// doubling, `stock-market-hours`' million price ticks (8 MB) peaked at 12.6 MB and kept room
    /// for 2²⁰. The allocator rounds an allocation up to a page at most.
    @Test("a Poisson process's 10 years of changes are allocated at their size")
    func changesAtTheirSize() throws {
        var scenario = try EventLogTests.scenario("Scenarios/stock-market-hours.yaml", days: 1, replications: 1)
        scenario.days = 3_650
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        let times = inputs.unpredictable.times
        #expect(times.count > 500_000)
        let room = (times.capacity - times.count) * MemoryLayout<SimTime>.stride
        #expect(room <= 4_096, "\(times.count) changes, room for \(times.capacity)")
    }

    /// The peak RSS, in bytes, of `widgetbudget simulate` of the minute clock over `days` days and
    /// `replications` replications (`/usr/bin/time`, Linux), or `nil` where it cannot be measured.
    static func peakRSS(days: Int, replications: Int) throws -> Int? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        #if !os(Linux)
            return nil
        #else
            let folder = try CLIRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let report = folder.appendingPathComponent("rss").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            let scenario = CLIRunner.packageRoot.appendingPathComponent("Scenarios/clock-minute-entries.yaml").path
            process.arguments = [
                "-f", "%M", "-o", report, CLIRunner.executable.path, "simulate", scenario, "--days", "\(days)",
                "--replications", "\(replications)", "--events", "none", "--force", "--quiet",
                "--out", folder.appendingPathComponent("out").path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let text = try String(contentsOfFile: report, encoding: .utf8)
            guard process.terminationStatus == 0, let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                return nil
            }
            return kilobytes * 1_024
        #endif
    }

    /// Replications: from 1 day to 10 years, 20 replications of the minute clock grow by the days
    /// of the runs going on at once (a run builds its days in memory, one run per core, and
    /// stores them when it ends) and a quarter of the 20 runs' days at most: the finished runs'
    /// days are in the spill file (design/engine.md; 2.4 MB measured on 2 cores, debug build).
    /// Fails when the finished runs keep their days (13.4 MB: 20 × 3,650 days of 184 bytes), the
    /// summary or the findings join every replication's days into a copy (2.4 times the days), or
    /// the runs keep their shapes.
    @Test("20 replications of 10 years grow by the days of the runs going on at once, and a quarter of all days' at most")
    func replicationsGrowByTheirDays() throws {
        guard let short = try Self.peakRSS(days: 1, replications: 20), let long = try Self.peakRSS(days: 3_650, replications: 20) else {
            return
        }
        let runDays = 3_650 * MemoryLayout<DayMetrics>.stride
        let bound = min(ProcessInfo.processInfo.activeProcessorCount, 20) * runDays + 20 * runDays / 4
        #expect(long - short <= bound, "\(short / 1_000) KB at 1 day, \(long / 1_000) KB at 10 years, bound \(bound / 1_000) KB")
    }
}
