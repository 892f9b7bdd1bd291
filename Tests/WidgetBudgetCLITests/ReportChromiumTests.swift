import Foundation
import Testing
import WidgetBudgetTestSupport

/// `Reports/index.html` opened in headless Chromium: it renders the tables and every figure, with no
/// console message; a screenshot of the page is kept as a test artifact
/// (`$WIDGETBUDGET_TEST_ARTIFACTS`, default `.build/test-artifacts/report-index.png`).
@Suite("report in Chromium")
struct ReportChromiumTests {
    /// Chromium: `$CHROMIUM`, or `chromium`, `chromium-browser` or `google-chrome` on `PATH`, or
    /// on a Mac the Chromium or Google Chrome app (Scripts/bootstrap.sh installs one).
    static var chromium: String? {
        if let explicit = ProcessInfo.processInfo.environment["CHROMIUM"] { return explicit }
        let apps = [
            "/Applications/Chromium.app/Contents/MacOS/Chromium", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ]
        return ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(ReportTestSupport.onPath).first
            ?? apps.first(where: FileManager.default.isExecutableFile)
    }

    /// Runs on CI always (Chromium and gnuplot are installed there); elsewhere when both are.
    static var runs: Bool { ReportTestSupport.isCI || (chromium != nil && ReportTestSupport.runsGnuplot) }

    /// Where the screenshot goes.
    static var artifacts: URL {
        if let folder = ProcessInfo.processInfo.environment["WIDGETBUDGET_TEST_ARTIFACTS"] { return URL(fileURLWithPath: folder) }
        return CLIRunner.packageRoot.appendingPathComponent(".build/test-artifacts")
    }

    /// A page that loads the report in a frame and writes what it finds as JSON into `#out`:
    /// tables, headings, and for each image whether it loaded and its size.
    static let harness = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>harness</title></head>
        <body>
        <iframe id="report" src="index.html" width="1280" height="900"></iframe>
        <pre id="out">pending</pre>
        <script>
        document.getElementById('report').addEventListener('load', () => {
          const d = document.getElementById('report').contentDocument;
          const images = Array.from(d.images).map(i => ({src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0,
                                                          width: i.naturalWidth, height: i.naturalHeight}));
          document.getElementById('out').textContent = JSON.stringify({
            title: d.title, tables: d.querySelectorAll('table').length, rows: d.querySelectorAll('tbody tr').length,
            headings: Array.from(d.querySelectorAll('h2')).map(h => h.textContent), images,
            height: d.documentElement.scrollHeight});
        });
        </script>
        </body></html>
        """

    /// Runs Chromium headless with `arguments`; kills it after `timeout` seconds.
    static func chromium(_ arguments: [String], profile: URL, timeout: Double = 120) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium, "Chromium is not installed (bash Scripts/bootstrap.sh --test)"))
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=" + profile.path, "--hide-scrollbars",
            ] + arguments
        // Standard error goes to a file, so neither pipe can fill up while the other is read.
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let errFile = profile.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let err = try FileHandle(forWritingTo: errFile)
        defer { try? err.close() }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let errData = (try? Data(contentsOf: errFile)) ?? Data()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test(.enabled(if: runs, "needs Chromium and gnuplot (run on CI)"))
    func indexRendersTablesAndImagesWithoutConsoleErrors() throws {
        try ReportTestSupport.withScenarios([
            "a.yaml": ReportTestSupport.clock, "b.yaml": ReportTestSupport.minute, "c.yaml": ReportTestSupport.broken,
        ]) { root in
            let report = try CLIRunner.run(["report", "--out", "Reports"], in: root)
            #expect(report.status == 1)  // the broken scenario; the page shows it
            let reports = root.appendingPathComponent("Reports")
            try Self.harness.write(to: reports.appendingPathComponent("harness.html"), atomically: true, encoding: .utf8)
            let profile = root.appendingPathComponent("chromium-profile")

            let dump = try Self.chromium(
                [
                    "--allow-file-access-from-files", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=15000",
                    "--dump-dom", reports.appendingPathComponent("harness.html").absoluteString,
                ], profile: profile)
            #expect(dump.status == 0, "\(dump.stderr.suffix(2000))")
            let json = try #require(Self.output(of: dump.stdout), "no result in: \(dump.stdout.suffix(1000))")
            #expect(json["title"] as? String == "WidgetBudget report")
            #expect((json["tables"] as? Int ?? 0) >= 3)  // the overview and one per simulated scenario
            #expect((json["rows"] as? Int ?? 0) >= 5)
            let headings = json["headings"] as? [String] ?? []
            // "c" is the broken file, shown by its name.
            #expect(headings.contains("Overview") && headings.contains("five-minute") && headings.contains("c"))
            let images = json["images"] as? [[String: Any]] ?? []
            #expect(images.count == 8, "\(images.map { $0["src"] ?? "" })")  // 4 figures per scenario
            for image in images {
                #expect(image["ok"] as? Bool == true, "not rendered: \(image["src"] ?? "")")
                #expect((image["width"] as? Int ?? 0) >= 900)
            }
            let console = dump.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
            #expect(console.isEmpty, "console messages: \(console)")

            // The screenshot, as tall as the page.
            let height = min(max(json["height"] as? Int ?? 4000, 1000), 16000)
            try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
            let shot = Self.artifacts.appendingPathComponent("report-index.png")
            try? FileManager.default.removeItem(at: shot)
            let screenshot = try Self.chromium(
                ["--screenshot=" + shot.path, "--window-size=1280,\(height)", reports.appendingPathComponent("index.html").absoluteString],
                profile: profile)
            #expect(screenshot.status == 0, "\(screenshot.stderr.suffix(2000))")
            #expect(ReportTestSupport.pngSize(shot).map { $0 == (1280, height) } == true, "screenshot at \(shot.path)")
        }
    }

    /// The harness's JSON from Chromium's DOM dump.
    static func output(of dom: String) -> [String: Any]? {
        guard let start = dom.range(of: "<pre id=\"out\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        let text = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(
                of: "&amp;", with: "&")
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}
