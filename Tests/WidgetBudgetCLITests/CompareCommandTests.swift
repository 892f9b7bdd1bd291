import Foundation
import Testing
import WidgetBudgetTestSupport

/// `widgetbudget compare`: scenarios side by side, end to end.
@Suite("compare command")
struct CompareCommandTests {
    @Test func printsOneTableAndWritesComparisonCSV() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "b.yaml": ReportTestSupport.minute]) { root in
            let out = try CLIRunner.run(["compare", "Scenarios/a.yaml", "Scenarios/b.yaml", "--out", "cmp"], in: root)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.contains("Compared with seed 1, 2 days × 2 replications each (common random numbers):"))
            #expect(out.stdout.contains("A = five-minute  (Scenarios/a.yaml)"))
            #expect(out.stdout.contains("B − A"))
            let fresh = try #require(out.stdout.split(separator: "\n").first { $0.hasPrefix("fresh ") })
            #expect(fresh.contains("% *"))
            #expect(fresh.hasSuffix("yes"))
            #expect(!out.stdout.contains("\u{1B}["))  // Not a terminal: no styling.
            let csv = try String(contentsOf: root.appendingPathComponent("cmp/comparison.csv"), encoding: .utf8)
            #expect(
                csv.hasPrefix(
                    "widget,metric,unit,better,scenario_letter,scenario,value,ci95,best,difference_from_a,difference_ci95,significant,replications\n"
                ))
            #expect(csv.contains("clock,freshness,fraction,higher,B,minute-entries,"))
            for name in ["compare-metrics.gp", "compare-metrics.csv", "compare-age.gp", "compare-age-a.csv", "compare-age-b.csv"] {
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("cmp/" + name).path), "\(name)")
            }
        }
    }

    @Test(.enabled(if: ReportTestSupport.runsGnuplot, "needs gnuplot (runs on CI)"))
    func drawsTheComparisonFigures() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "b.yaml": ReportTestSupport.minute]) { root in
            let out = try CLIRunner.run(["compare", "Scenarios/a.yaml", "Scenarios/b.yaml", "--out", "cmp", "--require-plots"], in: root)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.contains("cmp/compare-metrics.png"))
            let metrics = root.appendingPathComponent("cmp/compare-metrics.png")
            #expect(ReportTestSupport.pngSize(metrics).map { $0 == (1200, 640) } == true)
            #expect(ReportTestSupport.isPNG(root.appendingPathComponent("cmp/compare-age.png")))
            let svg = try String(contentsOf: root.appendingPathComponent("cmp/compare-age.svg"), encoding: .utf8)
            #expect(svg.contains("width=\"960\" height=\"500\""))
            #expect(svg.contains("A: five-minute"))
        }
    }

    @Test func theSameRunTwiceGivesTheSameBytes() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "b.yaml": ReportTestSupport.minute]) { root in
            var outputs: [Data] = []
            for folder in ["c1", "c2"] {
                let out = try CLIRunner.run(["compare", "Scenarios/a.yaml", "Scenarios/b.yaml", "--out", folder], in: root)
                #expect(out.status == 0, "\(out.stderr)")
                outputs.append(try Data(contentsOf: root.appendingPathComponent(folder + "/comparison.csv")))
            }
            #expect(outputs[0] == outputs[1])
        }
    }

    @Test(arguments: [
        (
            ["Scenarios/a.yaml", "Scenarios/broken.yaml"],
            "error: Scenarios/broken.yaml:4: widgets[0].provider.spacng: unknown key 'spacng' (did you mean 'spacing'?)"
        ),
        (["Scenarios/a.yaml", "Scenarios/missing.yaml"], "error: Scenarios/missing.yaml: no such scenario file (check the path)"),
        (["Scenarios/a.yaml", "Scenarios/a.yaml", "--day", "3"], "error: --day 3: the scenarios run 2 days (use 1...2)"),
    ])
    func badInputIsOneLineAndWritesNothing(_ arguments: [String], _ message: String) throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "broken.yaml": ReportTestSupport.broken]) { root in
            let out = try CLIRunner.run(["compare"] + arguments + ["--out", "cmp"], in: root)
            #expect(out.status == 1)
            #expect(out.stderr == message + "\n")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("cmp").path))
        }
    }

    /// An argument check (in `validate()`): a usage error, exit code 64, with the usage line.
    @Test func oneScenarioIsAUsageError() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let out = try CLIRunner.run(["compare", "Scenarios/a.yaml", "--out", "cmp"], in: root)
            #expect(out.status == 64)
            #expect(out.stderr.hasPrefix("Error: compare needs at least two scenario files (got 1)\n"), "\(out.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("cmp").path))
        }
    }
}
