import Foundation
import Testing
import WidgetBudgetTestSupport

/// The figures of real scenarios, drawn by gnuplot and measured in headless Chromium: no text of an
/// SVG reaches past the image's edges (each `<text>`'s box as the browser lays it out), and no
/// PNG has ink in its two leftmost or two rightmost pixel columns (what a title cut at both sides
/// leaves). The scenarios are the bundled ones whose titles were cut (`age-greedy` of
/// `observed-01-daily-budget`, `age-clock` of `clock-minute-entries`) and the two cell maps
/// (`clock-minute-entries`' objective map, `news-commute-schedule`'s segment map); the cells'
/// fills gnuplot wrote into the SVG are the ones the label colours were chosen against.
@Suite("plot images in Chromium")
struct PlotImageChromiumTests {
    static let scenarios = ["observed/01-daily-budget.yaml", "clock-minute-entries.yaml", "news-commute-schedule.yaml"]

    /// A page that measures the images named in `files` (paths relative to it) and writes, as JSON
    /// into `#out`, per SVG its width and the texts whose boxes leave it, and per PNG the first and
    /// last column holding a pixel darker than 200 in any channel.
    static func harness(_ files: [String]) -> String {
        let list = String(decoding: try! JSONSerialization.data(withJSONObject: files), as: UTF8.self)
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>images</title></head>
            <body>
            <pre id="out">pending</pre>
            <script>
            const files = \(list);
            const result = {};
            function ink(img) {
              const c = document.createElement('canvas');
              c.width = img.naturalWidth; c.height = img.naturalHeight;
              const x = c.getContext('2d');
              x.drawImage(img, 0, 0);
              const d = x.getImageData(0, 0, c.width, c.height).data;
              const columns = [];
              for (let col = 0; col < c.width; col++) {
                let n = 0;
                for (let r = 0; r < c.height; r++) {
                  const i = (r * c.width + col) * 4;
                  if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) { n++; }
                }
                columns.push(n);
              }
              return {width: c.width, first: columns.findIndex(n => n > 0), last: c.width - 1 - columns.slice().reverse().findIndex(n => n > 0)};
            }
            function svg(frame) {
              const d = frame.contentDocument;
              const root = d.documentElement;
              const width = parseFloat(root.getAttribute('width')), height = parseFloat(root.getAttribute('height'));
              const outside = Array.from(d.querySelectorAll('text')).filter(t => t.textContent.trim() !== '').map(t => {
                const b = t.getBoundingClientRect();
                return {text: t.textContent.trim(), left: b.left, right: b.right, top: b.top, bottom: b.bottom};
              }).filter(b => b.left < -0.5 || b.right > width + 0.5 || b.top < -0.5 || b.bottom > height + 0.5);
              return {width, outside};
            }
            async function measure(file) {
              if (file.endsWith('.png')) {
                const img = new Image();
                await new Promise((ok, fail) => { img.onload = ok; img.onerror = fail; img.src = file; });
                return ink(img);
              }
              const frame = document.createElement('iframe');
              frame.width = 1200; frame.height = 1100;
              document.body.appendChild(frame);
              await new Promise(ok => { frame.onload = ok; frame.src = file; });
              const out = svg(frame);
              frame.remove();
              return out;
            }
            (async () => {
              for (const file of files) {
                try { result[file] = await measure(file); } catch (e) { result[file] = {error: String(e)}; }
              }
              document.getElementById('out').textContent = JSON.stringify(result);
            })();
            </script>
            </body></html>
            """
    }

    @Test(.enabled(if: ReportChromiumTests.runs, "needs Chromium and gnuplot (run on CI)"))
    func noTextIsCutAtAnImagesEdge() throws {
        let package = CLIRunner.packageRoot.appendingPathComponent("Scenarios")
        var files: [String: String] = [:]
        for name in Self.scenarios {
            files[URL(fileURLWithPath: name).lastPathComponent] = try String(
                contentsOf: package.appendingPathComponent(name), encoding: .utf8)
        }
        try ReportTestSupport.withScenarios(files) { root in
            let report = try CLIRunner.run(["report", "--out", "Reports"], in: root)
            #expect(report.status == 0, "\(report.stderr)")
            let reports = root.appendingPathComponent("Reports")
            let images = (FileManager.default.enumerator(atPath: reports.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".svg") || $0.hasSuffix(".png") }.sorted()
            // Every figure of the three scenarios, the optimizer's two maps among them.
            #expect(images.contains { $0.hasSuffix("clock-minute-entries/optimize/objective-map.png") }, "\(images)")
            #expect(images.contains { $0.hasSuffix("news-commute-schedule/optimize/segment-map.svg") }, "\(images)")
            #expect(images.contains { $0.hasSuffix("observed-01-daily-budget/age-greedy.png") }, "\(images)")
            try Self.harness(images).write(to: reports.appendingPathComponent("images.html"), atomically: true, encoding: .utf8)
            let dump = try ReportChromiumTests.chromium(
                [
                    "--allow-file-access-from-files", "--virtual-time-budget=60000", "--dump-dom",
                    reports.appendingPathComponent("images.html").absoluteString,
                ], profile: root.appendingPathComponent("chromium-profile"), timeout: 300)
            #expect(dump.status == 0, "\(dump.stderr.suffix(2000))")
            let json = try #require(ReportChromiumTests.output(of: dump.stdout), "no result in: \(dump.stdout.suffix(1000))")
            #expect(json.count == images.count, "measured \(json.count) of \(images.count)")
            for file in images {
                let m = try #require(json[file] as? [String: Any], "\(file): \(json[file] ?? "missing")")
                #expect(m["error"] == nil, "\(file): \(m)")
                if file.hasSuffix(".png") {
                    let width = m["width"] as? Int ?? 0
                    // Text cut at an edge leaves ink in the edge's columns.
                    #expect((m["first"] as? Int ?? 0) >= 2, "\(file): ink in column \(m["first"] ?? "?") at the left edge")
                    #expect(
                        (m["last"] as? Int ?? .max) <= width - 3, "\(file): ink in column \(m["last"] ?? "?") of \(width) at the right edge"
                    )
                } else {
                    #expect((m["outside"] as? [Any] ?? [0]).isEmpty, "\(file): text outside the image: \(m["outside"] ?? "?")")
                }
            }
            try Self.expectFillsAsComputed(reports.appendingPathComponent("clock-minute-entries/optimize"), map: "objective-map")
            try Self.expectFillsAsComputed(reports.appendingPathComponent("news-commute-schedule/optimize"), map: "segment-map")
        }
    }

    /// The cells' fills in the map's SVG, as gnuplot computed them from the palette, are the
    /// `fill_rgb` colours of its data file (the ones the labels were chosen against), within one
    /// step of 255 per channel; gnuplot writes each filled box as `fill = 'rgb(r, g, b)'`.
    static func expectFillsAsComputed(_ folder: URL, map: String) throws {
        let svg = try String(contentsOf: folder.appendingPathComponent(map + ".svg"), encoding: .utf8)
        let drawn = Set(
            svg.components(separatedBy: "rgb(").dropFirst().compactMap { part -> [Int]? in
                let numbers = part.prefix { $0 != ")" }.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                return numbers.count == 3 ? numbers : nil
            })
        let csv = try String(contentsOf: folder.appendingPathComponent(map + ".csv"), encoding: .utf8)
        let lines = csv.split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        let fill = try #require(header.firstIndex(of: "fill_rgb")), feasible = try #require(header.firstIndex(of: "feasible"))
        var checked = 0
        for line in lines.dropFirst() {
            // The schedule column may hold quoted commas: read the fill from the end when it does.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let offset = fields.count - header.count
            guard fields[feasible] == "1" else { continue }
            let value = Int(fields[fill + offset], radix: 16) ?? -1
            let rgb = [(value >> 16) & 255, (value >> 8) & 255, value & 255]
            #expect(drawn.contains { zip($0, rgb).allSatisfy { abs($0 - $1) <= 1 } }, "\(map): no cell drawn in \(fields[fill + offset])")
            checked += 1
        }
        #expect(checked > 0, "\(map): no feasible cell")
    }
}
