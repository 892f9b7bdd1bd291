import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// Names from scenario files reach gnuplot scripts; none may break a script or run a command.
@Suite("Plot text escaping")
struct PlotEscapingTests {
    /// Names that would break or inject into a script quoted naively.
    static let hostile = [
        #"it's a "quoted" \ back\slash\"#,
        #"x'; system("touch PWNED-system"); print 'y"#,
        "`touch PWNED-backquote`",
        "@macro {sub}_x^y &amp; <b>",
        "two\nlines\\",
        #"end with backslash\"#,
    ]

    static func scenario(_ name: String) -> Scenario {
        PlotTestSupport.scenario(name: "s " + name, widgetNames: [name, name + " (2)"], days: 1, replications: 1)
    }

    @Test(arguments: hostile)
    func scriptsQuoteEveryName(_ name: String) throws {
        let specs = ScenarioPlots.specs(try ScenarioPlotInput(result: Simulator.run(Self.scenario(name), events: .reloads)))
        for spec in specs {
            for line in spec.script.text.split(separator: "\n") {
                // Every line that mentions the name holds it only inside a '…' string, quotes doubled.
                if line.contains("touch PWNED") {
                    #expect(line.contains(GnuplotText.quoted(GnuplotText.sanitized(name)).dropFirst().dropLast()), "\(line)")
                }
                #expect(!line.hasSuffix("\\\\"), "a line ending in a backslash would join the next: \(line)")
            }
        }
    }

    @Test(.enabled(if: PlotTestSupport.runsGnuplot, "needs gnuplot (runs on CI)"), arguments: hostile)
    func hostileNamesDrawAndRunNothing(_ name: String) throws {
        try PlotTestSupport.withFolder { folder in
            let result = Simulator.run(Self.scenario(name), events: .reloads)
            let outcomes = try PlotTestSupport.renderer.render(ScenarioPlots.specs(try ScenarioPlotInput(result: result)), in: folder)
            for outcome in outcomes { PlotTestSupport.expectImages(outcome, in: folder) }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(!files.contains { $0.contains("PWNED") }, "a command ran: \(files)")
            #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/PWNED-system"))
            // The name is shown as written (line breaks as spaces) in the SVG's title.
            let budget = try #require(outcomes.first { $0.kind == .budget })
            let text = PlotTestSupport.svgText(folder + "/" + budget.svgFile)
            #expect(text.contains(GnuplotText.sanitized(name)), "\(text.prefix(300))")
        }
    }
}
