import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// `report` and `compare` keep what their figures read of the stale stretches (``RunFigures``: one
/// day's stretches, the hourly stale seconds of the heat map's days) and of the reload events
/// (``FigureReloads``: the budget figure's charges and waits, the shown day's events), not every
/// stretch with its time nor every event, and draw the same figures, byte for byte, as from a run
/// that kept them all (issue #26: memory flat in the horizon).
@Suite("Figures in flat memory")
struct FigureMemoryTests {
    /// The bytes a run keeps that grow with its days: as ``FlatMemoryTests/keptBytes(_:)``, its
    /// events, and what it kept for the figures.
    static func keptBytes(_ run: WidgetRunResult) -> Int {
        let figures = run.figures.map { f in
            f.stretches.count * MemoryLayout<AgeSegment>.stride + f.hourlyStale.reduce(0) { $0 + $1.count * MemoryLayout<Double>.stride }
                + (f.reloads.map(reloadBytes) ?? 0)
        }
        return FlatMemoryTests.keptBytes(run) + run.events.count * MemoryLayout<EngineEvent>.stride + (figures ?? 0)
    }

    /// The bytes of what a run kept of its reload events for the figures.
    static func reloadBytes(_ r: FigureReloads) -> Int {
        r.charges.count * MemoryLayout<SimTime>.stride + r.waits.count * MemoryLayout<Range<SimTime>>.stride
            + r.dayEvents.count * MemoryLayout<EngineEvent>.stride
    }

    /// The bytes `report` keeps for `scenario` over `days` days, one replication, every widget.
    static func reportKept(_ scenario: Scenario, days: Int) -> Int {
        var s = scenario
        s.days = days
        s.replications = 1
        return BatchReport.simulate(s, events: .reloads, ageDay: nil).runs[0].reduce(0) { $0 + keptBytes($1) }
    }

    /// From 3 to 30 days, what `report` keeps grows by at most 15 MB / 3,650 days (4,110 bytes) a
    /// day for the whole scenario, as `simulate` (``FlatMemoryTests``), its events and what it
    /// keeps of them for the figures counted. Keeping every stretch with its time fails it on
    /// one-second entries (06: 252 KB a day); keeping every reload event (as `report` did before
    /// it streamed them to `events.csv`) on the busier scenarios (`news-commute-schedule`: 120
    /// events a day).
    @Test("report keeps a bounded amount a day", arguments: EventLogTests.scenarios)
    func boundedPerDay(path: String) throws {
        let scenario = try EventLogTests.scenario(path, days: 30, replications: 1)
        let short = Self.reportKept(scenario, days: 3), long = Self.reportKept(scenario, days: 30)
        let perDay = Double(long - short) / 27
        #expect(perDay <= 15_000_000 / 3_650, "\(path): \(Int(perDay)) bytes a day (\(short) at 3 days, \(long) at 30)")
    }

    /// A run `report` finished keeps none of its stretch shapes in memory, nor its days: they are in a
    /// ``ShapeSpill`` file in the report's staging folder (its scenario's folder does not exist
    /// when the runs start), so what the runs keep until the output does not grow with the
    /// replications times the horizon (issue #26: `report` of `news-commute-schedule` grew 16.9 MB
    /// from 1 day to 10 years, its unpredictable headlines' shapes in memory). The summaries read
    /// from the file are those of runs keeping their shapes in memory (``BatchReport/simulate(_:events:ageDay:)``),
    /// to the digit. Fails when `report`'s runs keep their shapes or their days.
    @Test("report keeps no stretch shape nor day of a finished run in memory", arguments: ["Scenarios", "Scenarios/observed"])
    func reportRunsKeepNoShapes(directory: String) throws {
        try PlotTestSupport.withFolder { root in
            var checked = 0
            let settings = ReportSettings(
                renderer: ReportBatchTests.noGnuplot,
                beforePlots: { loaded, result, _ in
                    for run in result.runs.joined() {
                        let room = run.ageShapes.runs.capacity
                        #expect(room == 0 && run.ageSegments.isEmpty, "\(loaded.scenario.name): room for \(room) runs of shapes")
                        #expect(run.days.store != nil, "\(loaded.scenario.name): its days in memory")
                    }
                    let inMemory = BatchReport.simulate(loaded.scenario, events: .reloads, ageDay: nil)
                    #expect(result.summaries.map(SimulationTables.summaryRow) == inMemory.summaries.map(SimulationTables.summaryRow))
                    checked += 1
                })
            let scenarios = CLIRunner.packageRoot.appendingPathComponent(directory).path
            let outcome = try BatchReport.run(directory: scenarios, out: root + "/Reports", settings: settings) { _ in }
            #expect(outcome.failures == 0 && checked == outcome.total && checked > 0)
            // The file's name was removed at once: nothing of it is left in the report.
            let left = FileManager.default.enumerator(atPath: root + "/Reports")?.compactMap { $0 as? String } ?? []
            #expect(!left.contains { ($0 as NSString).lastPathComponent.hasPrefix(".shapes-") }, "\(left)")
        }
    }

    /// The bytes `compare` keeps for `scenario` compared with itself over `days` days, one
    /// replication, every widget of both: as ``keptBytes(_:)``, and the events it kept.
    static func compareKept(_ scenario: Scenario, days: Int) throws -> Int {
        var s = scenario
        s.days = days
        s.replications = 1
        let comparison = try ScenarioComparison([s, s])
        return comparison.results.reduce(0) { total, result in
            total + result.runs[0].reduce(0) { $0 + keptBytes($1) }
        }
    }

    /// `compare` reads neither every stretch nor any event: from 3 to 30 days what it keeps for
    /// two scenarios grows by at most twice the bound of one. Keeping its reload events (which no
    /// output reads) fails it on the busier scenarios.
    @Test("compare keeps a bounded amount a day", arguments: EventLogTests.scenarios)
    func compareBoundedPerDay(path: String) throws {
        let scenario = try EventLogTests.scenario(path, days: 30, replications: 1)
        let short = try Self.compareKept(scenario, days: 3), long = try Self.compareKept(scenario, days: 30)
        let perDay = Double(long - short) / 27
        #expect(perDay <= 2 * 15_000_000 / 3_650, "\(path): \(Int(perDay)) bytes a day (\(short) at 3 days, \(long) at 30)")
    }

    /// The figures of a run keeping every stretch (`Simulator.run`, ``RunDetail/full``) at the
    /// report's event level.
    static func fullSpecs(_ scenario: Scenario, ageDay: Int?) throws -> [PlotSpec] {
        ScenarioPlots.specs(try ScenarioPlotInput(result: Simulator.run(scenario, events: .reloads), ageDay: ageDay))
    }

    @Test("report's figures are those of a run keeping every stretch", arguments: EventLogTests.scenarios)
    func sameReportFigures(path: String) throws {
        let scenario = try EventLogTests.scenario(path, days: 9, replications: 2)
        let kept = BatchReport.simulate(scenario, events: .reloads, ageDay: nil)
        let input = try ScenarioPlotInput(result: kept, events: .reloads)
        #expect(ScenarioPlots.specs(input) == (try Self.fullSpecs(scenario, ageDay: nil)), "\(path): the least fresh day")
        // Another day than the one each run kept: the replication is run again for it.
        let other = (input.ageDay + 4) % scenario.days
        let again = ScenarioPlots.specs(try ScenarioPlotInput(result: kept, ageDay: other + 1, events: .reloads))
        #expect(again == (try Self.fullSpecs(scenario, ageDay: other + 1)), "\(path): day \(other + 1), run again")
        // The day asked for before the run is the one kept.
        let asked = BatchReport.simulate(scenario, events: .reloads, ageDay: other + 1)
        #expect(asked.runs.allSatisfy { $0.allSatisfy { $0.figures?.day == other } })
        #expect(ScenarioPlots.specs(try ScenarioPlotInput(result: asked, ageDay: other + 1, events: .reloads)) == again)
    }

    /// Past the budget figure's 14 days, which a run keeps the charges and waits of: a grant at
    /// the last instant of them still counts, one after does not.
    @Test("report's figures past the budget figure's days", arguments: EventLogTests.scenarios)
    func pastTheBudgetDays(path: String) throws {
        var scenario = try EventLogTests.scenario(path, replications: 1)
        scenario.days = ScenarioPlotInput.budgetDays + 3
        let kept = BatchReport.simulate(scenario, events: .reloads, ageDay: nil)
        #expect(kept.runs.allSatisfy { $0.allSatisfy { $0.events.isEmpty && ($0.figures?.reloads?.recorded ?? 0) > 0 } })
        let specs = ScenarioPlots.specs(try ScenarioPlotInput(result: kept, events: .reloads))
        #expect(specs == (try Self.fullSpecs(scenario, ageDay: nil)), "\(path)")
    }

    /// Without events (`--events none`) the figures read the detail run's reload events, which
    /// keeps what a report's run keeps of them: the same figures as from every reload event.
    @Test("report without events: the detail run's kept reloads", arguments: EventLogTests.scenarios)
    func withoutEvents(path: String) throws {
        var scenario = try EventLogTests.scenario(path, replications: 1)
        scenario.days = ScenarioPlotInput.budgetDays + 2
        let kept = BatchReport.simulate(scenario, events: .none, ageDay: 16)
        let input = try ScenarioPlotInput(result: kept, ageDay: 16, events: .none)
        #expect(input.detail.map { $0.runs[0].allSatisfy { $0.events.allSatisfy { $0.kind == .render } } } ?? true)
        #expect(ScenarioPlots.specs(input) == (try Self.fullSpecs(scenario, ageDay: 16)), "\(path)")
    }

    @Test("several widgets: the day of their mean freshness, each widget's stretches of it")
    func severalWidgets() throws {
        var scenario = try EventLogTests.scenario("Scenarios/news-commute-schedule.yaml", days: 12, replications: 3)
        var second = try EventLogTests.scenario("Scenarios/observed/06-self-updating-timer.yaml").widgets[0]
        second.name = "timer"
        scenario.widgets.append(second)
        let kept = BatchReport.simulate(scenario, events: .reloads, ageDay: nil)
        #expect(ScenarioPlots.specs(try ScenarioPlotInput(result: kept, events: .reloads)) == (try Self.fullSpecs(scenario, ageDay: nil)))
    }

    /// Two widgets in each scenario, in opposite orders: the shown day is the least fresh of any
    /// widget and scenario, which most runs did not keep (their replication 1 is run again).
    @Test("compare's age curves are those of runs keeping every stretch", arguments: [nil, 2] as [Int?])
    func sameComparison(day: Int?) throws {
        let a = try EventLogTests.scenario("Scenarios/observed/06-self-updating-timer.yaml", days: 9, replications: 2)
        var b = a
        b.name = a.name + "-swapped"
        b.widgets.reverse()
        let kept = try ScenarioComparison([a, b], ageDay: day)
        #expect(
            kept.results.allSatisfy {
                $0.runs.allSatisfy { $0.allSatisfy { $0.ageSegments.isEmpty && $0.figures != nil && $0.events.isEmpty } }
            })
        var full = kept
        full.results = kept.scenarios.map { Simulator.run($0, events: .reloads) }
        let shown = day ?? ComparisonPlots.defaultDay(kept)
        #expect(ComparisonPlots.defaultDay(full) == ComparisonPlots.defaultDay(kept))
        #expect(ComparisonPlots.specs(kept, ageDay: shown) == ComparisonPlots.specs(full, ageDay: shown))
    }
}
