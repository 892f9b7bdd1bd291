import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetLog

#if !canImport(Darwin)
    extension FileManager {
        /// Linux has no App Groups: a stand-in for the docs' calls, the temporary folder.
        func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
            temporaryDirectory.appendingPathComponent("widgetbudget-\(groupIdentifier)")
        }
    }
#endif

/// WidgetKit's names the docs use, as they print.
private struct StandInContext { var family = "systemSmall" }
private struct StandInEntry { var date: Date }

// README.md, the loop: the three lines for a widget; docs/log-format.md, the library's calls.
// In each target: the App Group's folder and the process's role (.widget or .app).
let widgetLog = WidgetLog(
    folder: FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.clock")!, role: .widget)
let appLog = WidgetLog(
    folder: FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.clock")!, role: .app)

private func readmeGetTimeline(context: StandInContext, entries: [StandInEntry]) {
    widgetLog.timeline(kind: "clock", family: "\(context.family)", dates: entries.map(\.date), policy: .atEnd)
}

/// docs/log-format.md, the library's calls.
private func logFormatCalls(entries: [StandInEntry]) {
    // Widget extension: in getTimeline, just before completion (hand WidgetKit the same policy),
    // in getSnapshot and in placeholder(in:).
    widgetLog.timeline(kind: "clock", family: "systemSmall", dates: entries.map(\.date), policy: .atEnd)
    widgetLog.snapshot(kind: "clock", family: "systemSmall")
    widgetLog.placeholder(kind: "clock", family: "systemSmall")

    // App: where a push or a fetch brings new data, just before reloadTimelines(ofKind:), when it
    // becomes active or stops being active, when the user opened it from the widget.
    appLog.change(kind: "clock", predictable: false)
    appLog.appReload(kind: "clock")
    appLog.foreground(true)
    appLog.foreground(false)
    appLog.view(kind: "clock")
}

/// The docs' calls, run: every one is a row `analyze` reads.
@Suite("Log docs")
struct LogDocsTests {
    @Test("the README's and docs/log-format.md's calls write rows analyze reads")
    func docsCalls() throws {
        let folder = widgetLog.folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let entries = [StandInEntry(date: Date()), StandInEntry(date: Date().addingTimeInterval(900))]
        readmeGetTimeline(context: StandInContext(), entries: entries)
        logFormatCalls(entries: entries.map { StandInEntry(date: $0.date + 60) })  // not the same row twice
        widgetLog.flush()
        appLog.flush()
        let files = try logFiles(in: folder)
        #expect(files.count == 2)
        let analysis = try DeviceLogReader.analyze(paths: files, timeZone: nil).analysis
        #expect(analysis.records == 9)
        // Two timelines a moment apart are two copies of the widget to `analyze` (issue #24).
        #expect(analysis.widgets.reduce(0) { $0 + $1.reloads } == 2)
        #expect(analysis.app.foregroundSessions == 1)
    }
}
