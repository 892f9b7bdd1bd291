import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// Comparing scenarios: common seeds, best values, paired differences, the table and CSV.
@Suite("Compare")
struct CompareTests {
    static func clock(_ name: String, entries: Int, align: EntryAlignment = .none, seed: UInt64 = 1, replications: Int = 4) -> Scenario {
        var s = TestScenarios.single(
            .fixed(FixedProvider(entries: entries, spacing: 60, firstOffset: align == .none ? 0 : 2, align: align, policy: .atEnd)),
            kind: "clock", days: 2, replications: replications, seed: seed, budget: BudgetSettings(dailyMin: 40, dailyMax: 70),
            predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 6)))
        s.name = name
        return s
    }

    @Test func pairedDifferences() {
        let d = PairedDifference([1, 2, 3, 4], [2, 3, 4, 5.5])
        #expect(d.mean == 1.125)
        #expect(d.isSignificant == true)
        #expect(PairedDifference([1, 2, 3], [1.1, 1.9, 3.05]).isSignificant == false)
        #expect(PairedDifference([1, 1], [1, 1]).isSignificant == false)
        #expect(PairedDifference([1, 1], [2, 2]).isSignificant == true)  // The same difference every time.
        #expect(PairedDifference([1], [2]).isSignificant == nil)
    }

    @Test func runsUnderTheFirstScenariosSeedAndFindsTheBest() throws {
        let c = try ScenarioComparison([
            Self.clock("five", entries: 6, seed: 7), Self.clock("sixty", entries: 61, align: .minute, seed: 99, replications: 2),
        ])
        #expect(c.scenarios.map(\.seed) == [7, 7])
        #expect(c.scenarios.map(\.replications) == [4, 4])
        #expect(c.notes == ["sixty: seed 99 → 7, replications 2 → 4"])
        #expect(c.widgets == [ScenarioComparison.Widget(label: "clock", indices: [0, 0])])
        let fresh = try #require(c.rows.first { $0.metric == .freshness })
        #expect(fresh.best == [1])
        #expect(fresh.differences[0]?.isSignificant == true)
        #expect(fresh.differences[0].map { $0.mean > 0.5 } == true)
        let charged = try #require(c.rows.first { $0.metric == .chargedPerDay })
        #expect(charged.best == [1])
        let renders = try #require(c.rows.first { $0.metric == .rendersPerDay })
        #expect(renders.best.isEmpty)  // More renders are neither better nor worse.
    }

    @Test func identicalScenariosHaveNoBestAndNoSignificantDifference() throws {
        let c = try ScenarioComparison([Self.clock("a", entries: 6), Self.clock("b", entries: 6)])
        for row in c.rows {
            #expect(row.best.isEmpty, "\(row.metric)")
            #expect(row.differences[0]?.mean == 0)
            #expect(row.differences[0]?.isSignificant == false)
        }
    }

    @Test func widgetsAreMatchedByName() throws {
        var a = PlotTestSupport.scenario(name: "a")
        var b = PlotTestSupport.scenario(name: "b")
        b.widgets.reverse()
        let c = try ScenarioComparison([a, b])
        #expect(c.widgets.map(\.label) == ["clock", "news"])
        #expect(c.widgets.map(\.indices) == [[0, 1], [1, 0]])
        a.widgets[0].name = "other"
        a.widgets[1].name = "another"
        #expect(throws: ReportError.self) { try ScenarioComparison([a, b]) }
        #expect(throws: ReportError.self) { try ScenarioComparison([a]) }
    }

    @Test func theTableNamesScenariosAndMarksTheBest() throws {
        let c = try ScenarioComparison([Self.clock("five", entries: 6), Self.clock("sixty", entries: 61, align: .minute)])
        let text = ComparisonTable.render(c, files: ["five.yaml", "sixty.yaml"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Compared with seed 1, 2 days × 4 replications each (common random numbers):")
        #expect(lines[1] == "  A = five  (five.yaml)")
        #expect(lines[2] == "  B = sixty  (sixty.yaml)")
        let header = try #require(lines.first { $0.hasPrefix("metric") })
        #expect(header.contains("B − A") && header.hasSuffix("significant"))
        let fresh = try #require(lines.first { $0.hasPrefix("fresh ") })
        #expect(fresh.contains("% *"))
        #expect(fresh.hasSuffix("yes"))
        #expect(!text.contains("\u{1B}["))
        #expect(ComparisonTable.render(c, files: [], emphasis: true).contains("\u{1B}[1m"))
    }

    @Test func csvHasOneRowPerWidgetMetricAndScenario() throws {
        let c = try ScenarioComparison([Self.clock("five", entries: 6), Self.clock("sixty", entries: 61, align: .minute)])
        let table = try CSVReader.read(
            data: Data(CSVWriter.document(header: ComparisonTable.csvHeader, rows: ComparisonTable.csvRows(c)).utf8), name: "c")
        #expect(table.rows.count == ComparisonMetric.allCases.count * 2)
        let fresh = table.rows.filter { $0[1] == "freshness" }
        #expect(fresh.map { $0[4] } == ["A", "B"])
        #expect(fresh.map { $0[8] } == ["false", "true"])
        #expect(fresh[0][9] == "" && fresh[1][11] == "true")
    }

    @Test func reportWritesCSVAndFiguresAndRemovesItsOwnStaleFiles() throws {
        try PlotTestSupport.withFolder { folder in
            try AtomicFile.write("keep me", to: folder + "/notes.txt")
            let renderer = PlotRenderer(gnuplot: .missing("no gnuplot"))
            let two = [PlotTestSupport.scenario(name: "a"), PlotTestSupport.scenario(name: "b")]
            _ = try ComparisonReport.run(two, into: folder, renderer: renderer, ageDay: 1)
            #expect(FileManager.default.fileExists(atPath: folder + "/compare-metrics-news.gp"))
            // Now with one widget each: the per-widget files of before go, the user's file stays.
            var one = two
            for i in one.indices { one[i].widgets.removeLast() }
            let outcome = try ComparisonReport.run(one, into: folder, renderer: renderer, ageDay: nil)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(files.contains("notes.txt"))
            #expect(files.contains("comparison.csv"))
            #expect(files.contains("compare-metrics.gp"))
            #expect(!files.contains { $0.contains("-news") }, "\(files)")
            #expect(outcome.plots.allSatisfy { if case .skipped = $0.status { true } else { false } })
        }
    }

    /// Two minute clocks whose entries render as the content changes: a 95th-percentile age of 0 s
    /// in both. Its panel's range was written `[0:0]` (a top of 1e-9 at six decimals), which
    /// gnuplot refuses ("Can't plot with an empty y range"): the whole metrics figure failed and
    /// `compare` exited 3. Every panel's range now has a top above 0.
    @Test func metricsOfZeroStillHaveARange() throws {
        let clock = try EventLogTests.scenario("Scenarios/clock-minute-entries.yaml", days: 1, replications: 1)
        var other = clock
        other.name += "-again"
        let comparison = try ScenarioComparison([clock, other])
        #expect(comparison.rows.contains { $0.metric == .p95Age && $0.values.allSatisfy { $0 == 0 } })
        let specs = ComparisonPlots.specs(comparison, ageDay: 0)
        let ranges = specs.flatMap { $0.script.text.split(separator: "\n").filter { $0.contains("set yrange") } }
        #expect(!ranges.isEmpty)
        for range in ranges {
            let top = range.split(separator: ":").last.flatMap { Double($0.dropLast()) }
            #expect(top.map { $0 > 0 } == true, "\(range)")
        }
    }

    @Test func aDayPastTheEndWritesNothing() throws {
        try PlotTestSupport.withFolder { folder in
            let out = folder + "/out"
            #expect(throws: PlotError.self) {
                try ComparisonReport.run(
                    [PlotTestSupport.scenario(name: "a"), PlotTestSupport.scenario(name: "b")], into: out,
                    renderer: PlotRenderer(gnuplot: .missing("x")), ageDay: 3)
            }
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
