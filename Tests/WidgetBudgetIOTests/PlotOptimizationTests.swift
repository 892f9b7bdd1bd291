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
