import Foundation
import Testing
import WidgetBudgetTestSupport

/// `analyze` on a log of many kinds: figures for the busiest only, and a work limit (issue #27,
/// item 4).
@Suite("Analyze bounds")
struct AnalyzeBoundsTests {
    /// A log of `kinds` kinds; kind `k-i` reloads `i + 1` times (so the busiest are the last).
    static func log(kinds: Int) -> String {
        var log = "time,event,kind,family,entries,policy\n"
        for i in 0..<kinds {
            for r in 0...(i % 40) {
                // The next day after 24 reloads: two identical timelines of one file at one
                // instant are copies of the widget (issue #24), not one reload.
                let day = 5 + r / 24
                log +=
                    "2026-01-0\(day)T\(String(format: "%02d", r % 24)):\(String(format: "%02d", i % 60)):00+01:00,timeline,k-\(i),small,1,never\n"
            }
        }
        return log
    }

    @Test("figures for the 20 busiest widgets of 30, the others named in analysis.md")
    func busiest() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.log(kinds: 30).write(to: folder.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["analyze", "log.csv", "--out", "out"], in: folder, environment: ["PATH": "/nonexistent"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try String(contentsOf: folder.appendingPathComponent("out/analysis.md"), encoding: .utf8)
        // Kinds 10…29 reload 11…30 times; 0…9 reload 1…10 times and are left out.
        let left = (0..<10).map { "k-\($0) (small)" }.joined(separator: ", ")
        #expect(report.contains("Figures are drawn for the 20 busiest widgets of 30"))
        #expect(report.contains("Left without figures: \(left)."))
        let skipped = report.split(separator: "\n").filter { $0.hasPrefix("- `log-") }
        #expect(skipped.count == 40, "two figures for each of the 20 busiest")
        #expect(!report.contains("`log-reloads-k-9-small`") && report.contains("`log-reloads-k-10-small`"))
        let none = try CLIRunner.run(
            ["analyze", "log.csv", "--out", "out0", "--plot-widgets", "0"], in: folder, environment: ["PATH": "/nonexistent"])
        #expect(none.status == 0, "\(none.stderr)")
        let bare = try String(contentsOf: folder.appendingPathComponent("out0/analysis.md"), encoding: .utf8)
        #expect(bare.contains("Figures are drawn for the 0 busiest widgets of 30"))
    }

    @Test("a log of more than 1000 widgets is refused in one line unless --force")
    func tooManyWidgets() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var log = "time,event,kind\n"
        for i in 0..<1001 { log += "2026-01-05T10:00:00+01:00,timeline,k\(i)\n" }
        try log.write(to: folder.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["analyze", "log.csv", "--out", "out"], in: folder, environment: ["PATH": "/nonexistent"])
        #expect(run.status != 0)
        #expect(
            run.stderr
                == "error: log.csv: 1001 widgets (kinds and families) is past the limit of 1000 widgets (docs/limits.md); "
                + "analyse the rows of fewer kinds, or analyze --force\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let forced = try CLIRunner.run(
            ["analyze", "log.csv", "--out", "out", "--force"], in: folder, environment: ["PATH": "/nonexistent"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        // analysis.md, 9 tables, the manifest, and a data file and a script for each of the two
        // figures of the 20 busiest widgets (gnuplot is not found here): not 4 files per kind.
        #expect(files.count == 11 + 20 * 2 * 2)
    }
}
