import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// The report pages: `index.html` and `index.md`, their escaping and links.
@Suite("Report pages")
struct ReportPageTests {
    static func entry(name: String = "clock <script>alert(1)</script>", plots: [PlotOutcome.Status] = [.drawn]) -> BatchEntry {
        var scenario = PlotTestSupport.scenario(name: name, widgetNames: ["w & \"quotes\"", "news"], days: 1, replications: 1)
        scenario.description = "A <b>bold</b> claim | with a pipe"
        let result = Simulator.run(scenario)
        var entry = BatchEntry(file: "Scenarios/\(name).yaml", name: name, scenario: scenario, summaries: result.summaries)
        entry.highlights = ScenarioHighlights.lines(result)
        entry.dataFiles = ["summary.csv", "days.csv"]
        entry.plots = plots.enumerated().map { i, status in
            PlotOutcome(
                kind: .budget, name: "budget-w-\(i)", caption: "budget of <w>", widget: "w & \"quotes\"", width: 960, height: 480,
                status: status,
                files: ["budget-w-\(i).csv", "budget-w-\(i).gp"] + (status == .drawn ? ["budget-w-\(i).svg", "budget-w-\(i).png"] : []))
        }
        return entry
    }

    @Test func htmlEscapesEveryNameAndLinksRelatively() {
        let html = HTMLIndex.page([Self.entry()], source: "Scenarios", plotsSkipped: nil)
        #expect(!html.contains("<script>"))
        #expect(html.contains("clock &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("w &amp; &quot;quotes&quot;"))
        #expect(html.contains("A &lt;b&gt;bold&lt;/b&gt; claim"))
        // Links are relative, to the folder named safely after the scenario (FileName.safe).
        #expect(html.contains("<img src=\"clock-script-alert-1-script/budget-w-0.svg\" width=\"960\" height=\"480\""))
        #expect(!html.contains("src=\"/"))
        #expect(!html.contains("http"))  // Self-contained: no external resource.
        #expect(html.contains("<style>"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func failedScenariosAndPlotsAreShownWithTheirErrors() {
        var failed = BatchEntry(file: "Scenarios/bad.yaml", name: "bad")
        failed.error = "Scenarios/bad.yaml:3: widgets[0].provider.spacng: unknown key 'spacng' (did you mean 'spacing'?)"
        let entry = Self.entry(
            name: "ok", plots: [.drawn, .skipped("gnuplot not found on PATH: install it"), .failed("gnuplot: x.gp line 3: oops")])
        let html = HTMLIndex.page([entry, failed], source: "Scenarios", plotsSkipped: "gnuplot not found on PATH: install it")
        #expect(html.contains("This scenario failed"))
        #expect(html.contains("unknown key &#39;spacng&#39; (did you mean &#39;spacing&#39;?)"))
        #expect(html.contains("<span class=\"bad\">1 failed</span>"))
        #expect(html.contains("Plots skipped."))
        #expect(html.contains("Plot not drawn:</strong> gnuplot not found on PATH: install it."))
        #expect(html.contains("Run <code>gnuplot budget-w-1.gp</code>"))
        #expect(html.contains("Plot failed:</strong> gnuplot: x.gp line 3: oops"))
        let md = BatchIndex.markdown([entry, failed], plotsSkipped: "gnuplot not found")
        #expect(md.contains("| bad | **failed: see below** |"))
        #expect(md.contains("![budget of \\<w\\>](ok/budget-w-0.png)"))
        #expect(md.contains("*plot not drawn:*"))
        #expect(md.contains("**plot failed:**"))
        #expect(md.contains("> **Plots skipped.**"))
    }

    @Test func markdownEscapesTableBreakers() {
        let md = BatchIndex.markdown([Self.entry(name: "a|b")])
        #expect(md.contains("[a\\|b](a-b/summary.csv)"))
        #expect(md.contains("A \\<b\\>bold\\</b\\> claim \\| with a pipe"))
    }

    @Test func codeSpansInNotesAndDescriptionsStayCode() {
        var entry = Self.entry(name: "spans")
        entry.scenario?.description = "A widget with `.never` and `<b>` | a `stray"
        entry.notes = ["Run `widgetbudget optimize a*b.yaml`, not ``."]
        let md = BatchIndex.markdown([entry])
        #expect(md.contains("A widget with `.never` and `<b>` \\| a \\`stray\n"))
        #expect(md.contains("- note: Run `widgetbudget optimize a*b.yaml`, not \\`\\`.\n"))
        let html = HTMLIndex.page([entry], source: "Scenarios", plotsSkipped: nil)
        #expect(html.contains("A widget with <code>.never</code> and <code>&lt;b&gt;</code> | a `stray</p>"))
        #expect(html.contains("Run <code>widgetbudget optimize a*b.yaml</code>, not ``.</p>"))
        #expect(WebText.markdownProse("`a\nb`") == "`a b`")
        #expect(WebText.markdownProse("`") == "\\`")
    }

    @Test func recommendationMarkdownBecomesSafeHTML() {
        let text = """
            # Recommendation

            Use **120 entries** 1m apart with `.after(1h)`: <img src=x onerror=alert(1)>

            - fresh 100%
            - needs 24 reloads/day
              (wrapped)

            | budget | policy |
            |---|---|
            | 40 | a |
            """
        let html = MarkdownLite.html(text)
        #expect(html.contains("<h4>Recommendation</h4>"))
        #expect(
            html.contains(
                "<p>Use <strong>120 entries</strong> 1m apart with <code>.after(1h)</code>: &lt;img src=x onerror=alert(1)&gt;</p>"))
        #expect(html.contains("<ul><li>fresh 100%</li><li>needs 24 reloads/day (wrapped)</li></ul>"))
        #expect(html.contains("<table><tr><th>budget</th><th>policy</th></tr><tr><td>40</td><td>a</td></tr></table>"))
        #expect(!html.contains("<img"))
    }

    @Test func highlightsSayWhenTheBudgetRunsOut() {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 6, spacing: 60, policy: .atEnd)), kind: "clock", days: 2,
            budget: .fixed(70, model: .midnight), predictable: EventProcess(.every(period: 60, offset: 0)))
        let lines = ScenarioHighlights.lines(Simulator.run(scenario))[0]
        #expect(
            lines[0]
                == "The budget ran out on 100% of days (2 of 2), typically at 05:50 (median; earliest 05:50); a reload then waited 18.2h a day on average."
        )
        #expect(lines[1].hasPrefix("Fresh 24.4% of the time; mean age"))
        let fine = TestScenarios.single(
            .fixed(FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd)),
            predictable: EventProcess(.every(period: 60, offset: 0)))
        #expect(ScenarioHighlights.lines(Simulator.run(fine))[0][0].hasPrefix("The budget never ran out: 24.0 charged reloads a day"))
    }
}
