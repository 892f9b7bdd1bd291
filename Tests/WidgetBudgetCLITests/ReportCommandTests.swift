import Foundation
import Testing
import WidgetBudgetTestSupport

/// `widgetbudget report`: the batch job, end to end.
@Suite("report command")
struct ReportCommandTests {
    @Test(.enabled(if: ReportTestSupport.runsGnuplot, "needs gnuplot (runs on CI)"))
    func writesEveryScenarioWithFiguresAndBothIndexes() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "b.yaml": ReportTestSupport.minute]) { root in
            let out = try CLIRunner.run(["report", "Scenarios", "--out", "Reports"], in: root)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.contains("ok    five-minute"))
            #expect(out.stdout.contains("4 of 4 plots drawn"))
            let reports = root.appendingPathComponent("Reports")
            for name in [
                "index.html", "index.md", "five-minute/summary.csv", "five-minute/budget-clock.svg", "five-minute/budget-clock.png",
                "five-minute/budget-clock.gp", "five-minute/age-clock.png", "five-minute/charged-per-day.png",
                "five-minute/freshness-clock.png", "minute-entries/age-clock.svg",
            ] {
                #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent(name).path), "\(name)")
            }
            let png = reports.appendingPathComponent("five-minute/budget-clock.png")
            #expect(ReportTestSupport.pngSize(png).map { $0 == (960, 480) } == true)
            let html = try String(contentsOf: reports.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(html.contains("<img src=\"five-minute/budget-clock.svg\""))
            #expect(html.contains("typically at 05:50"))
            let md = try String(contentsOf: reports.appendingPathComponent("index.md"), encoding: .utf8)
            #expect(md.contains("![five-minute · clock") || md.contains("](five-minute/budget-clock.png)"))
        }
    }

    @Test func aBrokenScenarioIsReportedAndTheOthersStillRun() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "b.yaml": ReportTestSupport.broken]) { root in
            let out = try CLIRunner.run(
                ["report", "--out", "Reports"], in: root, environment: ["PATH": ReportTestSupport.pathWithoutGnuplot])
            #expect(out.status == 1)
            #expect(out.stderr.contains("error: 1 of 2 scenarios failed; see Reports/index.html"))
            #expect(out.stdout.contains("FAIL  b"))
            let html = try String(contentsOf: root.appendingPathComponent("Reports/index.html"), encoding: .utf8)
            #expect(html.contains("unknown key &#39;spacng&#39;"))
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Reports/five-minute/summary.csv").path))
        }
    }

    @Test func withoutGnuplotTheDataAndPagesAreStillWritten() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let out = try CLIRunner.run(
                ["report", "--out", "Reports"], in: root, environment: ["PATH": ReportTestSupport.pathWithoutGnuplot])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(
                out.stderr.contains(
                    "warning: plots skipped: gnuplot not found on PATH: install gnuplot (Debian/Ubuntu: sudo apt-get install gnuplot-nox"))
            let folder = root.appendingPathComponent("Reports/five-minute")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(files.contains("summary.csv") && files.contains("budget-clock.gp") && files.contains("budget-clock.csv"))
            #expect(!files.contains { $0.hasSuffix(".png") || $0.hasSuffix(".svg") })
            let html = try String(contentsOf: root.appendingPathComponent("Reports/index.html"), encoding: .utf8)
            #expect(html.contains("Plot not drawn:"))
            #expect(html.contains("apt-get install gnuplot-nox"))
        }
    }

    @Test func requirePlotsFailsBeforeWritingAnything() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let out = try CLIRunner.run(
                ["report", "--out", "Reports", "--require-plots"], in: root,
                environment: ["PATH": ReportTestSupport.pathWithoutGnuplot])
            #expect(out.status == 3)
            #expect(out.stderr.split(separator: "\n").count == 1)
            #expect(out.stderr.hasPrefix("error: --require-plots: gnuplot not found on PATH"))
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Reports").path))
        }
    }

    @Test(arguments: [
        (["--gnuplot", "/no/such/gnuplot"], "error: --gnuplot /no/such/gnuplot: no such file", Int32(1)),
        (["--day", "0"], "error: --day must be 1 or more (got 0)", Int32(64)),
    ])
    func badPlotOptionsAreOneLine(_ options: [String], _ message: String, _ status: Int32) throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let out = try CLIRunner.run(["report", "--out", "Reports"] + options, in: root)
            #expect(out.status == status)
            #expect(out.stderr == message + "\n")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Reports").path))
        }
    }

    @Test(.enabled(if: ReportTestSupport.runsGnuplot, "needs gnuplot (runs on CI)"))
    func sameScenariosGiveIdenticalBytes() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            for out in ["R1", "R2"] {
                let run = try CLIRunner.run(["report", "--out", out], in: root)
                #expect(run.status == 0, "\(run.stderr)")
            }
            let r1 = root.appendingPathComponent("R1"), r2 = root.appendingPathComponent("R2")
            let files = try FileManager.default.subpathsOfDirectory(atPath: r1.path).sorted()
            #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: r2.path).sorted()))
            #expect(files.contains("five-minute/age-clock.svg"))
            for file in files where !file.hasSuffix("five-minute") {
                #expect(
                    FileManager.default.contents(atPath: r1.appendingPathComponent(file).path)
                        == FileManager.default.contents(atPath: r2.appendingPathComponent(file).path), "\(file) differs")
            }
        }
    }
}
