import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetLog
import WidgetBudgetTestSupport

/// A day logged through WidgetBudgetLog by a widget and its app comes back from `analyze` with
/// every count exact.
@Suite("Log round trip")
struct LogRoundTripTests {
    /// Logs a day: the widget's rows through one log, the app's through another, in one folder.
    /// The rows' counts: 96 timelines, 3 snapshots, 2 placeholders, 8 app reloads of the kind and
    /// 1 of every kind, 5 foreground sessions, 10 changes (3 predictable), 4 views; each log's
    /// rows in time order, as a process writes them.
    static func logDay(in folder: URL) {
        let widget = WidgetLog(folder: folder, role: .widget, memoryMB: { 14.2 })
        let app = WidgetLog(folder: folder, role: .app)
        let minute = 60.0
        for i in 0..<96 {
            let at = monday.addingTimeInterval(Double(i) * 15 * minute + 0.125)
            let dates = (0..<4).map { at.addingTimeInterval(Double($0) * 5 * minute) }
            widget.timeline(kind: "clock", family: "systemSmall", dates: dates, policy: .after(at.addingTimeInterval(15 * minute)), at: at)
            if i % 40 == 3 { widget.snapshot(kind: "clock", family: "systemSmall", at: at.addingTimeInterval(30)) }
            if i % 50 == 7 { widget.placeholder(kind: "clock", family: "systemSmall", at: at.addingTimeInterval(40)) }
        }
        // The app's rows, in time order as an app writes them.
        var appRows: [(at: Date, write: () -> Void)] = []
        for session in 0..<5 {
            let start = monday.addingTimeInterval(Double(session) * 4 * 3600 + 3000)
            appRows.append((start, { app.foreground(true, at: start) }))
            appRows.append((start + 120, { app.foreground(false, at: start + 120) }))
        }
        for n in 0..<10 {
            let at = monday.addingTimeInterval(Double(n) * 2 * 3600 + 600)
            appRows.append((at, { app.change(kind: "clock", predictable: n < 3, at: at) }))
            if n < 8 { appRows.append((at + 1, { app.appReload(kind: "clock", at: at + 1) })) }
        }
        let all = monday.addingTimeInterval(23 * 3600)
        appRows.append((all, { app.appReload(kind: nil, at: all) }))
        for n in 0..<4 {
            let at = monday.addingTimeInterval(Double(n) * 5 * 3600 + 77)
            appRows.append((at, { app.view(kind: "clock", at: at) }))
        }
        for row in appRows.sorted(by: { $0.at < $1.at }) { row.write() }
        widget.flush()
        app.flush()
        #expect(widget.droppedRows == 0 && app.droppedRows == 0)
    }

    @Test("a day of rows from a widget and an app is analysed with every count exact")
    func dayThroughAnalyze() throws {
        try withLogFolder { folder in
            Self.logDay(in: folder)
            let files = try logFiles(in: folder)
            #expect(files.count == 2)
            let outcome = try DeviceLogReader.analyze(paths: files, timeZone: nil)
            let analysis = outcome.analysis
            #expect(analysis.records == 96 + 3 + 2 + 10 + 10 + 9 + 4)
            #expect(analysis.anomalies.isEmpty, "\(analysis.anomalies)")
            let widget = try #require(analysis.widgets.first)
            #expect(analysis.widgets.count == 1)
            #expect((widget.kind, widget.family) == ("clock", "systemSmall"))
            #expect(widget.reloads == 96)
            #expect(widget.snapshots == 3)
            #expect(widget.placeholders == 2)
            #expect(widget.views == 4)
            #expect(widget.changes == 7)  // unpredictable ones
            #expect(widget.predictableChanges == 3)
            #expect(widget.appReloads.requests == 9)
            #expect(widget.appReloads.reloadAll == 1)
            #expect(analysis.app.foregroundSessions == 5)
            #expect(widget.memory.allSatisfy { $0.peakMB == 14.2 }, "\(widget.memory)")
            #expect(widget.memory.reduce(0) { $0 + $1.timelines } == 96)
            #expect(!widget.memory.isEmpty)
        }
    }

    @Test("the CLI's analyze takes the widget's and the app's files together")
    func dayThroughCLI() throws {
        try withLogFolder { folder in
            Self.logDay(in: folder)
            let out = folder.appendingPathComponent("out").path
            let result = try CLIRunner.run(["analyze"] + (try logFiles(in: folder)) + ["--out", out, "--timezone", "UTC"])
            #expect(result.status == 0, "\(result.stderr)")
            let report = try String(contentsOfFile: out + "/analysis.md", encoding: .utf8)
            #expect(report.contains("clock"))
        }
    }
}
