import Foundation
import Testing
import WidgetBudgetIO

@testable import WidgetBudgetLog

/// A writer killed mid-stream (`kill -9`, as iOS ends an extension) leaves only whole rows.
@Suite("Log killed writer")
struct LogKillTests {
    /// The `LogWriterChild` executable, next to the test bundle.
    static var child: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        let found = candidates.map { $0.appendingPathComponent("LogWriterChild") }
        return found.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? found[0]
    }

    /// Starts two children on `folder` (as the app and its extension write one folder at
    /// once), waits until both have written rows, lets them log a little longer, and kills them
    /// with SIGKILL.
    static func killChildren(after delay: Double, folder: URL) throws {
        var processes: [Process] = []
        for kind in ["clock", "weather"] {
            let process = Process()
            process.executableURL = child
            process.arguments = [folder.path, kind]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            processes.append(process)
            var said = Data()
            while !String(decoding: said, as: UTF8.self).contains("ready") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += chunk
            }
        }
        Thread.sleep(forTimeInterval: delay)
        for process in processes {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        }
    }

    @Test("two processes logging into one folder, killed with SIGKILL, leave whole rows that analyze reads", arguments: [0.05, 0.2, 0.5])
    func killedChildren(delay: Double) throws {
        try withLogFolder { folder in
            try Self.killChildren(after: delay, folder: folder)
            let files = try logFiles(in: folder)
            let pids = Set(files.map { URL(fileURLWithPath: $0).lastPathComponent.split(separator: "-")[3].prefix { $0 != "." } })
            #expect(pids.count == 2, "\(files)")
            var rows = 0
            for file in files {
                let (lines, whole) = try lines(of: file)
                #expect(whole, "\(file) ends inside a row")
                #expect(lines.first == String(LogRow.header.dropLast()))
                #expect(
                    lines.dropFirst().allSatisfy {
                        ($0.contains(",timeline,clock,systemSmall,2,") || $0.contains(",timeline,weather,systemSmall,2,"))
                            && $0.hasSuffix(",at-end,12.5,,")
                    })
                rows += lines.count - 1
            }
            #expect(rows >= 200)
            let analysis = try DeviceLogReader.analyze(paths: files, timeZone: nil).analysis
            #expect(analysis.records == rows)
            // Rows a millisecond apart are read as copies of each widget (issue #24): the kinds
            // and every row are what count here.
            #expect(Set(analysis.widgets.map(\.kind)) == ["clock", "weather"])
            #expect(analysis.widgets.reduce(0) { $0 + $1.reloads } == rows)
        }
    }

    @Test("a file cut inside its last row (a power cut) is refused with its file and line, not misread")
    func tornLastLine() throws {
        try withLogFolder { folder in
            let log = WidgetLog(folder: folder, role: .widget, memoryMB: { 12.5 })
            for n in 0..<10 { log.view(kind: "clock", at: monday.addingTimeInterval(Double(n))) }
            log.timeline(kind: "clock", family: "systemSmall", dates: [monday], policy: .atEnd, at: monday.addingTimeInterval(20))
            log.flush()
            let path = try #require(log.currentFile?.path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let cut = text.dropLast(20)
            try Data(cut.utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: CSVError.self) { try DeviceLogReader.analyze(paths: [path], timeZone: nil) }
            #expect("\(error.map { "\($0)" } ?? "")".contains(":12"), "\(String(describing: error))")
        }
    }
}
