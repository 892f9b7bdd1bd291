import Foundation
import Testing
import WidgetBudgetTestSupport

/// Hostile widget kinds in every CSV `simulate` and `analyze` write, and on the terminal (issue
/// #27, item 9).
@Suite("Spreadsheet and terminal safety")
struct SpreadsheetSafetyTests {
    static let scenario = #"""
        name: evil
        days: 1
        widgets:
          - kind: "=HYPERLINK(\"http://x\",\"x\")"
            provider: {type: fixed, entries: 6, spacing: 10m, policy: at-end}
            views: {every: 1h}
          - kind: "+cmd|' /c calc'!A0"
            provider: {type: fixed, entries: 6, spacing: 10m, policy: at-end}
          - kind: "@SUM(1+1)\e[2J"
            provider: {type: fixed, entries: 6, spacing: 10m, policy: at-end}
        """#

    /// The first cell of every record of the CSV text `csv` that names a widget, raw.
    static func cells(_ csv: String, column: Int) -> [String] {
        csv.split(separator: "\n").dropFirst().map { line in
            // The widget column: the kinds above hold no comma outside quotes but the HYPERLINK one.
            var fields: [String] = []
            var field = ""
            var quoted = false
            for c in line {
                if c == "\"" { quoted.toggle() }
                if c == "," && !quoted {
                    fields.append(field)
                    field = ""
                } else {
                    field.append(c)
                }
            }
            fields.append(field)
            return fields[column]
        }
    }

    @Test("simulate: summary.csv, days.csv and events.csv start no cell with = + - @, the terminal gets no ESC")
    func simulate() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("evil.yaml"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["simulate", "evil.yaml", "--events", "all", "--out", "out"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}"), "no escape sequence on the terminal")
        #expect(run.stdout.contains("@SUM(1+1)\u{FFFD}[2J"))
        for (file, column) in [("summary.csv", 0), ("days.csv", 2), ("events.csv", 3)] {
            let text = try String(contentsOf: folder.appendingPathComponent("out/" + file), encoding: .utf8)
            #expect(!text.contains("\u{1B}"), "\(file)")
            let widgets = Set(Self.cells(text, column: column))
            #expect(
                widgets == ["\"'=HYPERLINK(\"\"http://x\"\",\"\"x\"\")\"", "'+cmd|' /c calc'!A0", "'@SUM(1+1)\u{FFFD}[2J"], "\(file)")
        }
    }

    @Test("analyze: widgets.csv and the other tables prefix a formula kind; stdout has no ESC")
    func analyze() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var log = "time,event,kind,family,entries,first_entry,last_entry,policy\n"
        for h in 0..<6 {
            log += "2026-01-05T0\(h):00:00+01:00,timeline,@SUM(1+1),systemSmall,1,2026-01-05T0\(h):00:00+01:00,"
            log += "2026-01-05T0\(h):00:00+01:00,at-end\n"
            log += "2026-01-05T0\(h):00:00+01:00,timeline,\"=1+2\u{1B}[31m\",systemSmall,1,,,never\n"
        }
        try log.write(to: folder.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["analyze", "log.csv", "--out", "out"], in: folder, environment: ["PATH": "/nonexistent"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"))
        let widgets = try String(contentsOf: folder.appendingPathComponent("out/widgets.csv"), encoding: .utf8)
        #expect(Set(Self.cells(widgets, column: 0)) == ["'@SUM(1+1)", "'=1+2\u{FFFD}[31m"])
        let days = try String(contentsOf: folder.appendingPathComponent("out/days.csv"), encoding: .utf8)
        #expect(!days.contains("\n@") && !days.contains(",@") && !days.contains(",=") && !days.contains("\u{1B}"))
    }
}
