import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// gnuplot run for real on small data: every figure comes out as a valid PNG and SVG of the
/// script's size. Runs on CI always; elsewhere only where gnuplot is installed.
@Suite("Plot rendering", .enabled(if: PlotTestSupport.runsGnuplot, "needs gnuplot (runs on CI)"))
struct PlotRenderTests {
    @Test func everyScenarioFigureIsDrawn() throws {
        try PlotTestSupport.withFolder { folder in
            let result = Simulator.run(PlotTestSupport.scenario(), events: .reloads)
            let specs = ScenarioPlots.specs(try ScenarioPlotInput(result: result))
            #expect(Set(specs.map(\.kind)) == [.budget, .age, .chargedPerDay, .freshness])
            #expect(specs.count == 7)  // charged per day, then 3 per widget
            let outcomes = try PlotTestSupport.renderer.render(specs, in: folder)
            for outcome in outcomes {
                PlotTestSupport.expectImages(outcome, in: folder)
                for file in outcome.files { #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)") }
            }
            // Only the finished files are left: no staging folder, no temporary file.
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names.allSatisfy { !$0.hasPrefix(".") }, "\(names)")
            #expect(Set(names) == Set(outcomes.flatMap(\.files)))
        }
    }

    @Test func drawingIsDeterministic() throws {
        let result = Simulator.run(PlotTestSupport.scenario(), events: .reloads)
        let specs = ScenarioPlots.specs(try ScenarioPlotInput(result: result))
        let first = try PlotTestSupport.withFolder { folder -> [String: Data] in
            let outcomes = try PlotTestSupport.renderer.render(specs, in: folder)
            return Dictionary(
                uniqueKeysWithValues: outcomes.flatMap(\.files).map { ($0, FileManager.default.contents(atPath: folder + "/" + $0)!) })
        }
        try PlotTestSupport.withFolder { folder in
            let outcomes = try PlotTestSupport.renderer.render(specs, in: folder)
            for file in outcomes.flatMap(\.files) {
                #expect(FileManager.default.contents(atPath: folder + "/" + file) == first[file], "\(file) differs between runs")
            }
        }
    }

    @Test func comparisonFiguresAreDrawn() throws {
        var b = PlotTestSupport.scenario(name: "other")
        b.widgets[0].provider = .fixed(FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd))
        let comparison = try ScenarioComparison([PlotTestSupport.scenario(), b])
        try PlotTestSupport.withFolder { folder in
            let specs = ComparisonPlots.specs(comparison, ageDay: 0)
            #expect(specs.map(\.name) == ["compare-metrics-clock", "compare-age-clock", "compare-metrics-news", "compare-age-news"])
            for outcome in try PlotTestSupport.renderer.render(specs, in: folder) { PlotTestSupport.expectImages(outcome, in: folder) }
        }
    }

    @Test func optimizerFiguresAreDrawnFromTheirCSVFiles() throws {
        try PlotTestSupport.withFolder { folder in
            try PlotOptimizationTests.writeCandidates(into: folder)
            let specs = try OptimizationPlots.specs(folder: folder, scenarioName: "clock", objective: .meanAge)
            #expect(specs.map(\.kind) == [.paretoFront, .objectiveMap])
            for outcome in try PlotTestSupport.renderer.render(specs, in: folder) { PlotTestSupport.expectImages(outcome, in: folder) }
        }
    }

    @Test func theSegmentMapIsDrawnFromTheCSVFiles() throws {
        try PlotTestSupport.withFolder { folder in
            let specs = try PlotOptimizationTests.scheduleSpecs(in: folder)
            #expect(specs.map(\.kind) == [.paretoFront, .segmentMap])
            for outcome in try PlotTestSupport.renderer.render(specs, in: folder) { PlotTestSupport.expectImages(outcome, in: folder) }
        }
    }

    @Test func aGnuplotErrorNamesTheScriptLine() throws {
        try PlotTestSupport.withFolder { folder in
            var script = GnuplotScript(name: "broken", purpose: "A figure with a mistake on purpose.", dataFiles: [])
            script.add("set title 'fine'")
            script.add("plot nosuchfunction(x) title 'x'")
            let spec = PlotSpec(kind: .budget, caption: "broken", script: script, data: [])
            let outcome = try #require(try PlotTestSupport.renderer.render([spec], in: folder).first)
            // Line 20 of the script: the header (8 lines), the terminal block (7), the preamble (3), then ours.
            let line = script.text.split(separator: "\n").firstIndex { $0.contains("nosuchfunction") }! + 1
            #expect(outcome.status == .failed("gnuplot: broken.gp line \(line): undefined function: nosuchfunction"))
            // The script stays for the user to fix; no image is left behind.
            #expect(FileManager.default.fileExists(atPath: folder + "/broken.gp"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/broken.svg"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/broken.png"))
        }
    }
}

/// Legends stay inside the image: no SVG coordinate reaches its right edge.
@Suite("Plot legends", .enabled(if: PlotTestSupport.runsGnuplot, "needs gnuplot (runs on CI)"))
struct PlotLegendTests {
    @Test func noSwatchTouchesTheRightEdge() throws {
        try PlotTestSupport.withFolder { folder in
            // The news example: its age figure has four legend entries (charged and free reloads).
            let file = CLIRunner.packageRoot.appendingPathComponent("Scenarios/news-app-driven.yaml").path
            let result = Simulator.run(try ScenarioLoader.load(path: file).scenario, events: .reloads)
            let outcomes = try PlotTestSupport.renderer.render(ScenarioPlots.specs(try ScenarioPlotInput(result: result)), in: folder)
            for outcome in outcomes {
                let path = folder + "/" + outcome.svgFile
                let svg = PlotTestSupport.svgText(path)
                let width = try #require(PlotTestSupport.svgSize(path)).width
                // Path coordinates ("M x,y" / "L x,y") of every drawn line, sample and swatch.
                let xs = svg.split(whereSeparator: { $0 == "M" || $0 == "L" }).dropFirst().compactMap { Double($0.prefix { $0 != "," }) }
                #expect((xs.max() ?? 0) < Double(width) - 2, "\(outcome.svgFile): something is drawn at x = \(xs.max() ?? 0) of \(width)")
            }
        }
    }
}
