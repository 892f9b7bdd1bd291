import Foundation
import Testing
import WidgetBudgetIO

@testable import WidgetBudgetLog

/// Many threads and several logs (as the app and the extension are) write one folder at once:
/// every row arrives whole, once, and each file is in time order.
@Suite("Log concurrency")
struct LogConcurrencyTests {
    @Test("8 threads on each of two logs of one role: every row whole, each file in order")
    func threadsAndTwoLogs() throws {
        try withLogFolder { folder in
            let limits = WidgetLog.Limits(maxPendingRows: 100_000)
            let logs = [WidgetLog(folder: folder, role: .widget, limits: limits), WidgetLog(folder: folder, role: .widget, limits: limits)]
            let perThread = 400
            DispatchQueue.concurrentPerform(iterations: 16) { thread in
                let log = logs[thread % 2]
                // Rows at the time of the call; distinct entry dates keep every row distinct
                // (analyze counts rows repeated word for word once).
                for n in 0..<perThread {
                    let entry = monday.addingTimeInterval(Double(thread * perThread + n))
                    log.timeline(kind: "k\(thread % 4)", family: "systemSmall", dates: [entry], policy: .atEnd)
                }
            }
            for log in logs { log.flush() }
            #expect(logs.map(\.droppedRows) == [0, 0])
            let files = try logFiles(in: folder)
            #expect(files.count == 2)
            var rows = 0
            for file in files {
                let (lines, whole) = try lines(of: file)
                #expect(whole)
                #expect(lines.first == String(LogRow.header.dropLast()))
                #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 11 })
                rows += lines.count - 1
                let times = lines.dropFirst().map { Self.sortable(String($0.prefix { $0 != "," })) }
                #expect(times == times.sorted(), "\(file) is not in time order")
            }
            #expect(rows == 16 * perThread)
            let analysis = try DeviceLogReader.analyze(paths: files, timeZone: nil).analysis
            #expect(analysis.records == 16 * perThread)
            #expect(analysis.widgets.reduce(0) { $0 + $1.reloads } == 16 * perThread)
        }
    }

    /// A row's time as the log writes it (`LogRow`: milliseconds only when not whole, so
    /// `…T07:47:32Z` follows `…T07:47:31.996Z` and precedes `…T07:47:32.001Z`) with the
    /// milliseconds always written, so that the strings sort as the times do (`.` sorts before `Z`:
    /// a row written on a whole second sorted after the rows of the next millisecond).
    static func sortable(_ time: String) -> String {
        let seconds = time.index(time.startIndex, offsetBy: 19, limitedBy: time.endIndex) ?? time.endIndex
        guard seconds < time.endIndex, time[seconds] != "." else { return time }
        return String(time[..<seconds]) + ".000" + String(time[seconds...])
    }

    @Test("the writer's whole seconds sort among its milliseconds")
    func wholeSecondsSort() {
        let written = ["2026-11-27T07:47:31.996Z", "2026-11-27T07:47:32Z", "2026-11-27T07:47:32.001Z"]
        #expect(written != written.sorted())
        let times = written.map(Self.sortable)
        #expect(times == times.sorted())
        #expect(Self.sortable("2026-11-27T08:47:32+01:00") == "2026-11-27T08:47:32.000+01:00")
    }

    @Test("past maxPendingRows waiting rows, rows are dropped and counted, and the caller never waits")
    func boundedQueue() throws {
        try withLogFolder { folder in
            let log = WidgetLog(folder: folder, role: .app, limits: WidgetLog.Limits(maxPendingRows: 4))
            let gate = DispatchSemaphore(value: 0)
            log.queue.async { gate.wait() }  // the writer is busy: nothing is written meanwhile
            for n in 0..<10 { log.view(kind: "clock", at: monday.addingTimeInterval(Double(n))) }
            #expect(log.droppedRows == 6)
            gate.signal()
            log.flush()
            let files = try logFiles(in: folder)
            #expect(files.count == 1)
            let written = try lines(of: files[0]).lines.dropFirst()
            #expect(written.count == 4)
            #expect(written.first?.hasPrefix("2026-01-05T08:00:00Z,view,clock") == true)
            #expect(log.droppedRows == 6)
        }
    }

    @Test("a row that cannot be written (the folder is gone) is counted, not thrown")
    func folderGone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-log-missing-\(UUID().uuidString)")
        let log = WidgetLog(folder: folder, role: .widget)
        log.view(kind: "clock")
        log.flush()
        #expect(log.droppedRows == 1)
        #expect(log.currentFile == nil)
    }
}
