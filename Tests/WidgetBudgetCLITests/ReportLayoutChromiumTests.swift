import Foundation
import Testing
import WidgetBudgetTestSupport

/// `Reports/index.html` at a phone's width and at wide desktop widths, in headless Chromium: the
/// page never scrolls sideways on a phone (the overview becomes one card per row), and no table is
/// cut off at 1400 or 1920 px (the recommendation table included). Figures are not needed here,
/// so the report runs without gnuplot.
@Suite("report layout in Chromium")
struct ReportLayoutChromiumTests {
    static var runs: Bool { ReportTestSupport.isCI || ReportChromiumTests.chromium != nil }

    /// Loads the report in one frame per width; for each, the page's width, the overview's right
    /// edge, and every table that reaches past its container's right edge (its class, or its
    /// container's). At a phone's width a table may scroll inside its container (`overflow-x:
    /// auto`); at desktop widths every table must show whole.
    static let harness = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>layout</title></head>
        <body>
        <iframe id="w420" src="index.html" width="420" height="800"></iframe>
        <iframe id="w1400" src="index.html" width="1400" height="800"></iframe>
        <iframe id="w1920" src="index.html" width="1920" height="800"></iframe>
        <pre id="out">pending</pre>
        <script>
        const widths = [420, 1400, 1920];
        let loaded = 0;
        const result = {};
        function measure(width) {
          const d = document.getElementById('w' + width).contentDocument;
          const cut = Array.from(d.querySelectorAll('table')).filter(t => {
            const parent = t.parentElement;
            const scrolls = ['auto', 'scroll'].includes(getComputedStyle(parent).overflowX);
            if (width < 600 && scrolls) { return false; }
            return t.getBoundingClientRect().right > Math.min(parent.getBoundingClientRect().right, width) + 1;
          }).map(t => t.className || t.parentElement.className);
          const overview = d.querySelector('table.overview').getBoundingClientRect().right;
          return {page: d.documentElement.scrollWidth, cut, overview,
                  recommendations: d.querySelectorAll('.recommendation table').length};
        }
        for (const width of widths) {
          document.getElementById('w' + width).addEventListener('load', () => {
            result[width] = measure(width);
            if (++loaded === widths.length) { document.getElementById('out').textContent = JSON.stringify(result); }
          });
        }
        </script>
        </body></html>
        """

    /// Writes `harness` as `Reports/name` beside the report in `root`, lets headless Chromium run
    /// it, and returns the measurements it printed (by window width).
    static func measure(_ harness: String, as name: String, in root: URL) throws -> [String: Any] {
        let page = root.appendingPathComponent("Reports").appendingPathComponent(name)
        try harness.write(to: page, atomically: true, encoding: .utf8)
        let dump = try ReportChromiumTests.chromium(
            ["--allow-file-access-from-files", "--virtual-time-budget=15000", "--dump-dom", page.absoluteString],
            profile: root.appendingPathComponent("chromium-profile"))
        #expect(dump.status == 0, "\(dump.stderr.suffix(2000))")
        return try #require(ReportChromiumTests.output(of: dump.stdout), "no result in: \(dump.stdout.suffix(1000))")
    }

    @Test(.enabled(if: runs, "needs Chromium (run on CI)"))
    func phoneAndWideWindowsShowEveryTableWhole() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "t.yaml": ReportOptimizeTests.tuned]) { root in
            let report = try CLIRunner.run(
                ["report", "--out", "Reports"], in: root, environment: ["PATH": ReportTestSupport.pathWithoutGnuplot])
            #expect(report.status == 0, "\(report.stderr)")
            let json = try Self.measure(Self.harness, as: "layout.html", in: root)
            for width in [420, 1400, 1920] {
                let fit = try #require(json[String(width)] as? [String: Any], "\(json)")
                #expect((fit["page"] as? Int ?? .max) <= width, "the page scrolls sideways at \(width) px: \(fit)")
                #expect((fit["cut"] as? [String] ?? ["?"]).isEmpty, "tables cut off at \(width) px: \(fit)")
                #expect((fit["overview"] as? Double ?? .infinity) <= Double(width), "the overview is wider than \(width) px")
                #expect((fit["recommendations"] as? Int ?? 0) >= 1, "no recommendation table")
            }
        }
    }

    /// The report with its figures at a phone's 390 px and at 1400 px: for each scenario card how
    /// far its content reaches past it (`scrollWidth − clientWidth`; tables and figures scroll
    /// inside their own boxes, which the card does not count), the page's width, and the size the
    /// plots' 13 px text is shown at (13 × the image's shown width / its own).
    static let cardHarness = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>cards</title></head>
        <body>
        <iframe id="w390" src="index.html" width="390" height="800"></iframe>
        <iframe id="w1400" src="index.html" width="1400" height="800"></iframe>
        <pre id="out">pending</pre>
        <script>
        const widths = [390, 1400];
        let loaded = 0;
        const result = {};
        function measure(width) {
          const d = document.getElementById('w' + width).contentDocument;
          const cards = Array.from(d.querySelectorAll('section.scenario')).map(s => ({
            id: s.id, overflow: s.scrollWidth - s.clientWidth, right: s.getBoundingClientRect().right}));
          const text = Array.from(d.images).map(i => 13 * i.getBoundingClientRect().width / i.naturalWidth);
          return {page: d.documentElement.scrollWidth, cards, images: d.images.length, smallestText: Math.min(...text)};
        }
        for (const width of widths) {
          document.getElementById('w' + width).addEventListener('load', () => {
            result[width] = measure(width);
            if (++loaded === widths.length) { document.getElementById('out').textContent = JSON.stringify(result); }
          });
        }
        </script>
        </body></html>
        """

    @Test(.enabled(if: ReportChromiumTests.runs, "needs Chromium and gnuplot (run on CI)"))
    func noScenarioCardOverflowsOnAPhoneOrADesktop() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock, "t.yaml": ReportOptimizeTests.tuned]) { root in
            let report = try CLIRunner.run(["report", "--out", "Reports"], in: root)
            #expect(report.status == 0, "\(report.stderr)")
            let json = try Self.measure(Self.cardHarness, as: "cards.html", in: root)
            for width in [390, 1400] {
                let fit = try #require(json[String(width)] as? [String: Any], "\(json)")
                #expect((fit["page"] as? Int ?? .max) <= width, "the page scrolls sideways at \(width) px: \(fit)")
                let cards = fit["cards"] as? [[String: Any]] ?? []
                #expect(cards.count == 2, "\(fit)")
                for card in cards {
                    #expect((card["overflow"] as? Int ?? .max) <= 0, "a card overflows at \(width) px: \(card)")
                    #expect((card["right"] as? Double ?? .infinity) <= Double(width), "a card reaches past \(width) px: \(card)")
                }
                #expect((fit["images"] as? Int ?? 0) >= 6, "\(fit)")
                // Plot text no smaller than 9 px: 13 px × 720 / 960 on a phone, whole at 1400 px.
                #expect((fit["smallestText"] as? Double ?? 0) >= 9, "plot text shown at \(fit["smallestText"] ?? "?") px at \(width) px")
            }
        }
    }
}
