import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// The batch report: every scenario of a folder, failures isolated, clean re-runs, the optimizer's
/// files plotted when present.
@Suite("Batch report")
struct ReportBatchTests {
    static let clock = """
        name: clock
        days: 2
        budget: {daily: 70, model: midnight}
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
            content:
              predictable: {every: 1m}
        """

    static let news = """
        name: news
        days: 2
        replications: 2
        widgets:
          - kind: headlines
            provider: {type: never}
            content:
              unpredictable: {poisson: {per_hour: 2}}
        app:
          reloads:
            - {kind: headlines, on_change: true}
        """

    static func folder(_ files: [String: String], _ body: (String) throws -> Void) throws {
        try PlotTestSupport.withFolder { root in
            for (name, text) in files { try AtomicFile.write(text, to: root + "/Scenarios/" + name) }
            try body(root)
        }
    }

    static let noGnuplot = PlotRenderer(gnuplot: .missing("gnuplot not found on PATH: " + PlotRenderer.installHint))

    @Test func oneBadScenarioDoesNotStopTheOthers() throws {
        try Self.folder(["a-clock.yaml": Self.clock, "b-broken.yaml": "name: broken\nwidgets: [", "c-news.yaml": Self.news]) { root in
            var log: [String] = []
            let outcome = try BatchReport.run(
                directory: root + "/Scenarios", out: root + "/Reports", settings: ReportSettings(renderer: Self.noGnuplot)
            ) { log.append($0) }
            #expect(outcome.total == 3)
            #expect(outcome.failures == 1)
            #expect(outcome.plotsSkipped?.contains("apt-get install gnuplot-nox") == true)
            #expect(log.filter { $0.hasPrefix("FAIL") }.count == 1)
            let reports = try FileManager.default.contentsOfDirectory(atPath: root + "/Reports").sorted()
            #expect(reports == [".widgetbudget-output", "clock", "index.html", "index.md", "news"])
            // Without gnuplot every CSV, script and data file is there, no image.
            let clock = try FileManager.default.contentsOfDirectory(atPath: root + "/Reports/clock")
            for name in [
                "summary.csv", "days.csv", "events.csv", "budget-clock.gp", "budget-clock.csv", "age-clock.gp", "charged-per-day.gp",
                "freshness-clock.gp",
            ] {
                #expect(clock.contains(name), "\(name)")
            }
            #expect(!clock.contains { $0.hasSuffix(".png") || $0.hasSuffix(".svg") })
            let html = try String(contentsOfFile: root + "/Reports/index.html", encoding: .utf8)
            #expect(html.contains("b-broken.yaml"))
            #expect(html.contains("malformed YAML"))
            #expect(html.contains("Plots skipped."))
        }
    }

    @Test func rerunningLeavesNoStaleFile() throws {
        try Self.folder(["clock.yaml": Self.clock, "news.yaml": Self.news]) { root in
            let settings = ReportSettings(renderer: Self.noGnuplot)
            _ = try BatchReport.run(directory: root + "/Scenarios", out: root + "/Reports", settings: settings) { _ in }
            #expect(FileManager.default.fileExists(atPath: root + "/Reports/clock/budget-clock.gp"))
            // The widget is renamed and the news scenario removed.
            try AtomicFile.write(
                Self.clock.replacingOccurrences(of: "  - kind: clock", with: "  - kind: clock\n    name: minute hand"),
                to: root + "/Scenarios/clock.yaml")
            try FileManager.default.removeItem(atPath: root + "/Scenarios/news.yaml")
            _ = try BatchReport.run(directory: root + "/Scenarios", out: root + "/Reports", settings: settings) { _ in }
            let clock = try FileManager.default.contentsOfDirectory(atPath: root + "/Reports/clock")
            #expect(!clock.contains { $0.contains("budget-clock") }, "\(clock)")
            #expect(clock.contains("budget-minute-hand.gp"))
            #expect(!FileManager.default.fileExists(atPath: root + "/Reports/news"))
            let reports = try FileManager.default.contentsOfDirectory(atPath: root + "/Reports")
            #expect(!reports.contains { $0.contains("staging") || $0.contains(".old-") }, "\(reports)")
        }
    }

    @Test func aDayPastTheEndShowsTheLastDay() throws {
        try Self.folder(["clock.yaml": Self.clock]) { root in
            _ = try BatchReport.run(
                directory: root + "/Scenarios", out: root + "/Reports", settings: ReportSettings(renderer: Self.noGnuplot, ageDay: 9)
            ) { _ in }
            let html = try String(contentsOfFile: root + "/Reports/index.html", encoding: .utf8)
            #expect(html.contains("--day 9 is past this scenario&#39;s 2 days: day 2 is shown."))
            let script = try String(contentsOfFile: root + "/Reports/clock/age-clock.gp", encoding: .utf8)
            #expect(script.contains("day 2 of 2"))
        }
    }

    @Test func theOptimizersFilesArePlottedAndItsRecommendationShown() throws {
        try Self.folder(["clock.yaml": Self.clock]) { root in
            let settings = ReportSettings(
                renderer: PlotTestSupport.renderer,
                beforePlots: { _, _, folder in
                    try PlotOptimizationTests.writeCandidates(into: folder + "/optimize")
                    try AtomicFile.write(
                        "# Recommendation\n\nUse **60 entries** a minute apart.\n", to: folder + "/optimize/recommendation.md")
                },
                objective: { _ in .meanAge })
            let outcome = try BatchReport.run(directory: root + "/Scenarios", out: root + "/Reports", settings: settings) { _ in }
            #expect(outcome.plotFailures == 0)
            let optimize = try FileManager.default.contentsOfDirectory(atPath: root + "/Reports/clock/optimize")
            #expect(optimize.contains("pareto-front.gp"))
            #expect(optimize.contains("objective-map.gp"))
            let html = try String(contentsOfFile: root + "/Reports/index.html", encoding: .utf8)
            #expect(html.contains("<h3>Optimizer</h3>"))
            #expect(html.contains("Use <strong>60 entries</strong> a minute apart."))
            if PlotTestSupport.renderer.isAvailable {
                #expect(html.contains("src=\"clock/optimize/pareto-front.svg\""))
                #expect(optimize.contains("pareto-front.png"))
            }
        }
    }
}
