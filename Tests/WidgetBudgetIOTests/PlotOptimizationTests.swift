import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// Figure 5 from the optimizer's files, tested on small hand-made `candidates.csv` and `pareto.csv`.
@Suite("Optimizer plots")
struct PlotOptimizationTests {
    static let candidates = """
        spacing_s,entries,align,policy,after_s,windows,charged_per_day,peak_memory_mb,objective,feasible,reason
        60,6,none,at-end,,,70.000,6.375,24600.00,true,
        60,12,none,at-end,,,70.000,6.750,20000.00,true,
        60,60,minute,at-end,,,24.000,9.750,0.50,true,
        60,120,minute,at-end,,,12.000,13.500,0.90,true,
        300,12,none,at-end,,,24.000,6.750,150.00,true,
        300,60,none,at-end,,,5.000,9.750,160.00,true,
        60,600,minute,at-end,,,3.000,43.500,86400.00,false,memory 43.5 MB over the 30 MB limit
        0,1,none,after,900,,96.000,6.063,450.00,false,charged reloads 96.0/day over the budget of 70
        """ + "\n"

    static let pareto = """
        spacing_s,entries,align,policy,after_s,windows,charged_per_day,peak_memory_mb,objective,feasible,reason
        60,60,minute,at-end,,,24.000,9.750,0.50,true,
        60,120,minute,at-end,,,12.000,13.500,0.90,true,
        300,60,none,at-end,,,5.000,9.750,160.00,true,
        """ + "\n"

    static func writeCandidates(into folder: String, pareto: Bool = true) throws {
        try AtomicFile.write(candidates, to: folder + "/candidates.csv")
        if pareto { try AtomicFile.write(Self.pareto, to: folder + "/pareto.csv") }
    }

    static func table(pareto: Bool = true, objective: OptimizationObjective = .meanAge) throws -> PlottedCandidates {
        try PlottedCandidates(
            try CSVReader.read(data: Data(candidates.utf8), name: "candidates.csv"),
            pareto: pareto ? try CSVReader.read(data: Data(Self.pareto.utf8), name: "pareto.csv") : nil, objective: objective)
    }

    @Test func readsTheCandidatesAndTheFront() throws {
        let t = try Self.table()
        #expect(t.rows.count == 8)
        #expect(t.rows.filter(\.onFront).map(\.entries) == [60, 120, 60])
        #expect(t.rows.filter { !$0.feasible }.count == 2)
        // The optimizer's choice: 60 entries (0.5 s, 24 a day) and 120 (0.9 s, 12 a day) are within
        // the 1 s tolerance, so the one spending less budget is the best.
        #expect(t.best.map { t.rows[$0].entries } == 120)
        #expect(t.axisLabel == "mean age (minutes, lower is better)")
        #expect(t.rows[7].policyText == "after 15m")
    }

    @Test func withoutParetoCSVTheFrontIsComputed() throws {
        let t = try Self.table(pareto: false)
        #expect(t.rows.filter(\.onFront).map { "\($0.spacing)x\($0.entries)" } == ["60.0x60", "60.0x120", "300.0x60"])
        #expect(t.rows.filter(\.onTradeOff).count == 3)
    }

    @Test func higherIsBetterObjectivesPickTheHighest() throws {
        let t = try Self.table(objective: .freshness)
        #expect(t.best.map { t.rows[$0].objective } == 24600)  // the highest feasible
        #expect(t.axisLabel.hasSuffix("(%, higher is better)"))
    }

    @Test func figuresShowFeasibleAndInfeasible() throws {
        let t = try Self.table()
        let front = OptimizationPlots.paretoFront(t, scenarioName: "clock's \"test\"")
        #expect(
            front.script.text.contains("set title 'clock''s \"test\": policies tried, mean age against charged reloads per day' noenhanced")
        )
        #expect(front.script.text.contains("title 'infeasible'"))
        #expect(front.script.text.contains("title 'Pareto front: best mean age for the reloads'"))
        #expect(front.data.map(\.name) == ["pareto-front.csv", "pareto-front-line.csv"])
        let map = OptimizationPlots.objectiveMap(t, scenarioName: "clock")
        // The best policy (at-end aligned to the minute): spacing 60 s × 60, 120 and 600 entries.
        let rows = try CSVReader.read(data: Data(map.data[0].text.utf8), name: "map").rows
        #expect(rows.map { $0[3] } == ["60", "120", "600"])
        #expect(rows.map { $0[5] } == ["1", "1", "0"])
        #expect(rows.map { $0[6] } == ["0", "1", "0"])
    }

    @Test func theBestIsTheOptimizersRecommendationWhenGiven() throws {
        let header = Self.candidates.split(separator: "\n")[0]
        let recommendation = try CSVReader.read(
            data: Data((header + "\n60,60,minute,at-end,,,24.000,9.750,0.50,true,\n").utf8), name: "recommendation.csv")
        let t = try PlottedCandidates(
            try CSVReader.read(data: Data(Self.candidates.utf8), name: "candidates.csv"), pareto: nil, objective: .meanAge,
            recommendation: recommendation)
        #expect(t.best.map { t.rows[$0].entries } == 60)
    }

    /// A schedule search over two segments (07–19, 19–07) and the intervals 10m, 30m, 1h, never
    /// (`run.csv`): five evaluated schedules, objectives in seconds of mean age.
    static let schedules = """
        spacing_s,entries,align,policy,after_s,windows,app_throttle_s,schedule,charged_per_day,peak_memory_mb,objective,feasible,reason
        0,1,none,schedule,,,,07:00-19:00 after 10m; 19:00-07:00 after 1h,84.000,6.063,120.00,true,
        0,1,none,schedule,,,,07:00-19:00 after 1h; 19:00-07:00 after 1h,24.000,6.063,360.00,true,
        0,1,none,schedule,,,,07:00-19:00 after 10m; 19:00-07:00 after 10m,144.000,6.063,60.00,false,charged reloads over the budget
        0,1,none,schedule,,,,07:00-19:00 after 10m; 19:00-07:00 never,73.000,6.063,180.00,true,
        0,1,none,schedule,,,,07:00-19:00 never; 19:00-07:00 never,1.000,6.063,6000.00,true,
        """ + "\n"

    /// The figures of ``schedules`` with a `run.csv` whose `schedule_after` is `after`.
    static func scheduleSpecs(in folder: String, after: String = "10m;30m;1h;never") throws -> [PlotSpec] {
        try AtomicFile.write(schedules, to: folder + "/candidates.csv")
        try AtomicFile.write("key,value\nschedule_after,\(after)\n", to: folder + "/run.csv")
        return try OptimizationPlots.specs(folder: folder, scenarioName: "news", objective: .meanAge)
    }

    @Test func aScheduleSearchDrawsTheSegmentMap() throws {
        try PlotTestSupport.withFolder { folder in
            let specs = try Self.scheduleSpecs(in: folder)
            #expect(specs.map(\.kind) == [.paretoFront, .segmentMap])
            let map = specs[1]
            #expect(map.data.map(\.name) == ["segment-map.csv", "segment-map-empty.csv"])
            // The best is 10m by day, 1h at night (120 s; the infeasible 60 s does not count, 180 s
            // is 60 s worse, past the 1 s tolerance). Row 07–19 (on top, y 2) varies the day's
            // interval with the night's at 1h; row 19–07 (y 1) the night's with the day's at 10m.
            // Columns: 10m 1, 30m 2, 1h 3, never 4. Objectives in minutes. Then the label, the fill
            // on the colour box from 2 to 6 (the feasible cells' range: 3 is a quarter of the way, half
            // way from the yellow stop to the teal one) and whether the label is white (on the dark 6).
            let cells = try CSVReader.read(data: Data(map.data[0].text.utf8), name: "map").rows.map(\.fields)
            #expect(
                cells == [
                    ["1", "2", "07:00-19:00", "10m", "2", "1", "1", "07:00-19:00 after 10m; 19:00-07:00 after 1h", "2", "fde725", "0"],
                    ["3", "2", "07:00-19:00", "1h", "6", "1", "0", "07:00-19:00 after 1h; 19:00-07:00 after 1h", "6", "3b0f70", "1"],
                    ["1", "1", "19:00-07:00", "10m", "1", "0", "0", "07:00-19:00 after 10m; 19:00-07:00 after 10m", "1", "b0b0b0", "0"],
                    ["3", "1", "19:00-07:00", "1h", "2", "1", "1", "07:00-19:00 after 10m; 19:00-07:00 after 1h", "2", "fde725", "0"],
                    ["4", "1", "19:00-07:00", "never", "3", "1", "0", "07:00-19:00 after 10m; 19:00-07:00 never", "3", "8fbc59", "0"],
                ])
            // Never evaluated: 30m in either segment, and no reload by day with 1h at night (the
            // all-`never` schedule differs from the best in both segments, so it fills no cell).
            let empty = try CSVReader.read(data: Data(map.data[1].text.utf8), name: "empty").rows.map(\.fields)
            #expect(empty == [["2", "2", "07:00-19:00", "30m"], ["4", "2", "07:00-19:00", "never"], ["2", "1", "19:00-07:00", "30m"]])
            let text = map.script.text
            #expect(text.contains("set title 'news: mean age by segment and interval, others as recommended' noenhanced"))
            #expect(text.contains("set cbrange [2:6]"))
            #expect(text.contains("set xtics (\"10m\" 1, \"30m\" 2, \"1h\" 3, \"never\" 4)"))
            #expect(text.contains("set ytics (\"19:00-07:00\" 1, \"07:00-19:00\" 2)"))
            #expect(text.contains("title 'not evaluated'") && text.contains("title 'infeasible'") && text.contains("title 'best'"))
            #expect(map.caption.contains("(07:00-19:00 after 10m; 19:00-07:00 after 1h)"))
            #expect(map.caption.contains("the 3 grey cells of 8 are schedules the search never evaluated"))
        }
    }

    @Test func aBadScheduleIntervalInRunCSVIsAOneLineError() throws {
        try PlotTestSupport.withFolder { folder in
            do {
                _ = try Self.scheduleSpecs(in: folder, after: "10m;soon")
                Issue.record("no error")
            } catch {
                #expect("\(error)" == folder + "/run.csv:2: schedule_after: cannot read 'soon' (an interval such as 10m, or never)")
            }
        }
    }

    @Test func policiesOtherThanSchedulesKeepTheObjectiveMap() throws {
        try PlotTestSupport.withFolder { folder in
            try Self.writeCandidates(into: folder)
            let specs = try OptimizationPlots.specs(folder: folder, scenarioName: "clock", objective: .meanAge)
            #expect(specs.map(\.kind) == [.paretoFront, .objectiveMap])
            let table = try Self.table()
            #expect(OptimizationPlots.segmentMap(table, scenarioName: "clock", intervals: []) == nil)
        }
    }

    @Test func malformedFilesAreOneLineErrors() throws {
        let missing = try CSVReader.read(data: Data("spacing_s,entries\n60,6\n".utf8), name: "candidates.csv")
        #expect(throws: CSVError.self) { try PlottedCandidates(missing, pareto: nil, objective: .meanAge) }
        let bad = Self.candidates.replacingOccurrences(of: "70.000,6.375", with: "lots,6.375")
        do {
            _ = try PlottedCandidates(try CSVReader.read(data: Data(bad.utf8), name: "candidates.csv"), pareto: nil, objective: .meanAge)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "candidates.csv:2: charged_per_day 'lots' is not a number")
        }
    }

    @Test func noCandidatesFileMeansNoFigures() throws {
        try PlotTestSupport.withFolder { folder in
            let found = try OptimizationPlots.specs(folder: folder, scenarioName: "x", objective: .meanAge)
            #expect(found.isEmpty)
        }
    }
}
