import Foundation
import Testing
import WidgetBudgetIO

@testable import WidgetBudgetLog

/// A log starts a new file at its size limit and keeps the folder under its own.
@Suite("Log rotation")
struct LogRotationTests {
    /// Logs `count` timeline rows a minute apart.
    static func fill(_ log: WidgetLog, count: Int) {
        for n in 0..<count {
            // 5 minutes apart, as WidgetKit reloads one widget at most: closer timelines are
            // copies of the widget to `analyze` (issue #24).
            let at = monday.addingTimeInterval(Double(n) * 300)
            log.timeline(kind: "clock", family: "systemSmall", dates: [at], policy: .atEnd, at: at)
        }
        log.flush()
    }

    @Test("files end before maxFileBytes, each with its header, and together hold every row")
    func rotatesAtTheLimit() throws {
        try withLogFolder { folder in
            let log = WidgetLog(folder: folder, role: .widget, limits: WidgetLog.Limits(maxFileBytes: 2048), memoryMB: { 9 })
            Self.fill(log, count: 200)
            let files = try logFiles(in: folder)
            let line = LogRow.line(
                LogEvent(
                    name: "timeline", kind: "clock", family: "systemSmall", entries: 1, firstEntry: monday, lastEntry: monday,
                    policy: .atEnd, memoryMB: 9),
                at: monday, offset: TimeZone.current.secondsFromGMT(for: monday)
            ).utf8.count
            let perFile = (2048 - LogRow.header.utf8.count) / line
            #expect(files.count == (200 + perFile - 1) / perFile)
            var rows = 0
            for file in files {
                let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
                #expect(size <= 2048)
                let (lines, whole) = try lines(of: file)
                #expect(whole && lines.first == String(LogRow.header.dropLast()))
                rows += lines.count - 1
            }
            #expect(rows == 200)
            #expect(files.contains(try #require(log.currentFile?.path)))
            let analysis = try DeviceLogReader.analyze(paths: files, timeZone: nil).analysis
            #expect(analysis.widgets.first?.reloads == 200)
        }
    }

    @Test("the oldest log files are deleted past maxFolderBytes; other files stay")
    func trimsTheFolder() throws {
        try withLogFolder { folder in
            let other = folder.appendingPathComponent("notes.csv")
            try Data(repeating: UInt8(ascii: "x"), count: 10_000).write(to: other)
            let old = folder.appendingPathComponent("app-20250101-000000-1.csv")
            try Data((LogRow.header + String(repeating: "y", count: 3000) + "\n").utf8).write(to: old)
            let limits = WidgetLog.Limits(maxFileBytes: 1024, maxFolderBytes: 4096)
            let log = WidgetLog(folder: folder, role: .widget, limits: limits)
            Self.fill(log, count: 300)
            #expect(FileManager.default.fileExists(atPath: other.path))
            #expect(!FileManager.default.fileExists(atPath: old.path))
            let files = try logFiles(in: folder).filter { !$0.hasSuffix("notes.csv") }
            let sizes = try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0 }
            #expect(sizes.reduce(0, +) <= 4096 + 1024)
            let current = try #require(log.currentFile?.path)
            #expect(files.contains(current))
            // The newest rows survive: the last one logged is in the folder.
            let last = try lines(of: current).lines.last ?? ""
            #expect(
                last.hasPrefix(LogRow.isoTime(monday.addingTimeInterval(299 * 300), offset: TimeZone.current.secondsFromGMT(for: monday))))
        }
    }

    @Test("a log starting a hundred files in one second drops nothing")
    func manyFilesASecond() throws {
        try withLogFolder { folder in
            let log = WidgetLog(
                folder: folder, role: .widget,
                limits: WidgetLog.Limits(maxFileBytes: 1024, maxFolderBytes: 64 << 20, maxPendingRows: 10_000))
            Self.fill(log, count: 1500)
            #expect(log.droppedRows == 0)
            let files = try logFiles(in: folder)
            #expect(files.count > 150)
            #expect(try files.reduce(0) { $0 + (try lines(of: $1).lines.count - 1) } == 1500)
        }
    }

    @Test("a header left hidden by a process killed while starting a file is deleted by the next log")
    func staleTemporary() throws {
        try withLogFolder { folder in
            let stale = folder.appendingPathComponent(".widget-20250101-000000-1.csv.tmp")
            let ours = folder.appendingPathComponent(".widget-20250101-000000-\(ProcessInfo.processInfo.processIdentifier).csv.tmp")
            for file in [stale, ours] { try Data(LogRow.header.utf8).write(to: file) }
            let log = WidgetLog(folder: folder, role: .app)
            log.view(kind: "clock")
            log.flush()
            #expect(!FileManager.default.fileExists(atPath: stale.path))
            #expect(FileManager.default.fileExists(atPath: ours.path))  // this process's own: maybe being written
            #expect(try logFiles(in: folder).count == 1)
        }
    }

    @Test("file names: role, UTC start, process id; only such names are ever deleted")
    func names() {
        #expect(LogFile.stamp(Date(timeIntervalSince1970: 1_767_601_845.9)) == "20260105-083045")
        #expect(LogFile.stamp(ofFileName: "widget-20260105-083045-4242.csv") == "20260105-083045-000000")
        #expect(LogFile.stamp(ofFileName: "app-20260105-083045-4242-03.csv") == "20260105-083045-000003")
        #expect(LogFile.stamp(ofFileName: "app-20260105-083045-4242-100.csv") == "20260105-083045-000100")
        for other in [
            "notes.csv", "widget-log.csv", "widget-2026-083045-1.csv", "widget-20260105-083045-42.txt", "widget-20260105-083045-42-3.csv",
            "-20260105-083045-1.csv",
        ] {
            #expect(LogFile.stamp(ofFileName: other) == nil, "\(other)")
        }
        #expect(WidgetLog.Role("my intents/ext").name == "my_intents_ext")
    }
}
