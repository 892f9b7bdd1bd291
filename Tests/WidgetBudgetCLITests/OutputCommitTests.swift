import Foundation
import Testing
import WidgetBudgetTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Issue #27's output items end to end: the commit is one switch that a `kill -9` cannot split,
/// Ctrl-C after it says the output landed, a figure cut short fails the report, `report` keeps a
/// user's file in a scenario's folder, and a second run into a folder in use is refused at once.
@Suite("Output commit")
struct OutputCommitTests {
    static let valid = BadInputTests.valid

    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// #27 item 8: `report` keeps a user's file inside a scenario's folder on the next run.
    @Test func reportKeepsAUsersFileInAScenariosFolder() throws {
        let folder = try Self.folder(["Scenarios/a.yaml": Self.valid.replacingOccurrences(of: "name: t", with: "name: weather-hourly")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let env = ["PATH": "/nonexistent-widgetbudget-path"]
        #expect(try CLIRunner.run(["report", "Scenarios", "--out", "Reports"], in: folder, environment: env).status == 0)
        let notes = folder.appendingPathComponent("Reports/weather-hourly/my-notes.txt")
        try "mine\n".write(to: notes, atomically: true, encoding: .utf8)
        let again = try CLIRunner.run(["report", "Scenarios", "--out", "Reports"], in: folder, environment: env)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/weather-hourly/summary.csv").path))
    }

    /// #27 item 7: a gnuplot that exits 0 with a PNG cut short (no IEND chunk, as on a full disk)
    /// fails the whole report with one line, and the previous report stays as it was.
    @Test func aFigureCutShortFailsTheReportAndKeepsThePreviousOne() throws {
        let folder = try Self.folder(["Scenarios/a.yaml": Self.valid])
        defer { try? FileManager.default.removeItem(at: folder) }
        let gnuplot = folder.appendingPathComponent("full-disk-gnuplot").path
        // Writes every `set output` file gnuplot would, the PNGs cut short after their signature.
        let script = """
            #!/bin/sh
            grep -o "set output '[^']*'" "$1" | sed "s/set output '//; s/'$//" | while read -r f; do
              case "$f" in
                *.png) printf '\\211PNG\\r\\n\\032\\n\\000\\000\\000\\rIHDR' > "$f" ;;
                *) printf '<svg>\\n</svg>\\n' > "$f" ;;
              esac
            done
            exit 0

            """
        try script.write(toFile: gnuplot, atomically: true, encoding: .utf8)
        chmod(gnuplot, 0o755)
        let env = ["PATH": "/usr/bin:/bin"]
        #expect(try CLIRunner.run(["report", "Scenarios", "--out", "out", "--gnuplot", "/nonexistent"], in: folder).status != 0)
        let first = try CLIRunner.run(["report", "Scenarios", "--out", "out"], in: folder, environment: ["PATH": "/nonexistent-path"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Snapshot(folder.appendingPathComponent("out"))
        let out = try CLIRunner.run(["report", "Scenarios", "--out", "out", "--gnuplot", gnuplot], in: folder, environment: env)
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains("no IEND chunk"), "\(out.stderr)")
        #expect(
            out.stderr.contains("cannot write out/t/charged-per-day.png") || out.stderr.contains("cannot write out/t/"), "\(out.stderr)")
        #expect(try Snapshot(folder.appendingPathComponent("out")) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["Scenarios", "full-disk-gnuplot", "out"], "\(names)")
    }

    /// #27 item 11: a run into a folder another run is still computing for is refused at once
    /// (the lock is taken at the start, not only to write), so no two runs both say "wrote".
    @Test func aSecondRunIntoAFolderInUseIsRefusedBeforeItWorks() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let slow = Process()
        slow.executableURL = CLIRunner.executable
        slow.currentDirectoryURL = CLIRunner.packageRoot
        slow.arguments = ["optimize", "Scenarios/clock-minute-entries.yaml", "--replications", "64", "--out", out.path]
        slow.standardOutput = FileHandle.nullDevice
        slow.standardError = FileHandle.nullDevice
        try slow.run()
        let lock = root.appendingPathComponent(".out.widgetbudget-lock").path
        for _ in 0..<60 where !FileManager.default.fileExists(atPath: lock) { usleep(50_000) }
        let fast = try CLIRunner.run([
            "optimize", "Scenarios/clock-minute-entries.yaml", "--replications", "1", "--days", "1", "--entries", "1,61", "--out", out.path,
        ])
        let stillRunning = slow.isRunning
        slow.interrupt()
        slow.waitUntilExit()
        #expect(stillRunning, "the slow run ended before the test could overlap it")
        #expect(fast.status != 0, "the second run said: \(fast.stdout)")
        #expect(fast.stderr.contains("another widgetbudget run is writing there"), "\(fast.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// #27 item 6: Ctrl-C once the output is in place says so. The child's standard output is a
    /// full pipe, so it blocks on its first print, after the commit; the signal comes then.
    @Test func ctrlCAfterTheCommitSaysTheOutputLanded() throws {
        let folder = try Self.folder(["s.yaml": Self.valid])
        defer { try? FileManager.default.removeItem(at: folder) }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let flags = fcntl(fds[1], F_GETFL)
        _ = fcntl(fds[1], F_SETFL, flags | O_NONBLOCK)
        let chunk = [UInt8](repeating: 0x2E, count: 4096)
        while write(fds[1], chunk, chunk.count) > 0 {}
        _ = fcntl(fds[1], F_SETFL, flags)
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.currentDirectoryURL = folder
        process.arguments = ["simulate", "s.yaml", "--out", "out", "--format", "json"]
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        close(fds[1])
        let manifest = folder.appendingPathComponent("out/.widgetbudget-output").path
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: manifest) { usleep(25_000) }
        #expect(FileManager.default.fileExists(atPath: manifest))
        usleep(300_000)
        process.interrupt()
        // Drain standard output so the child can finish whichever way it ends.
        let readEnd = fds[0]
        let drain = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while read(readEnd, &buffer, buffer.count) > 0 {}
        }
        drain.start()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        close(fds[0])
        #expect(!message.contains("no output written"), "\(message)")
        #expect(message.contains("after the output was written") || message.isEmpty, "\(message)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/summary.csv").path))
    }

    /// #27 item 5: `kill -9` of `simulate` at random moments while it replaces an earlier output
    /// (bounded: 24 kills). After each, the folder holds one run's output whole — never one run's
    /// `summary.csv` beside another's `events.csv` — and the next run leaves nothing beside it.
    @Test func killNineAtRandomMomentsNeverMixesTwoOutputs() throws {
        let random = Self.valid + "\n    views: {poisson: {per_hour: 30}}\nsystem: {reload_delay: {uniform: [0s, 2m]}}\n"
        let folder = try Self.folder(["s.yaml": random.replacingOccurrences(of: "days: 1", with: "days: 3")])
        defer { try? FileManager.default.removeItem(at: folder) }
        var references: [Snapshot] = []
        for seed in 1...2 {
            #expect(try CLIRunner.run(["simulate", "s.yaml", "--seed", "\(seed)", "--out", "ref-\(seed)"], in: folder).status == 0)
            references.append(try Snapshot(folder.appendingPathComponent("ref-\(seed)")))
        }
        #expect(try CLIRunner.run(["simulate", "s.yaml", "--seed", "1", "--out", "out"], in: folder).status == 0)
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<24 {
            let seed = trial % 2 == 0 ? 2 : 1
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.currentDirectoryURL = folder
            process.arguments = ["simulate", "s.yaml", "--seed", "\(seed)", "--out", "out"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 20_000...400_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let left = try Snapshot(folder.appendingPathComponent("out"))
            let which = references.firstIndex(of: left)
            #expect(which != nil, "trial \(trial): out/ is no single run's output")
            // The next run repairs whatever the kill left beside the folder.
            #expect(try CLIRunner.run(["simulate", "s.yaml", "--seed", "1", "--out", "out"], in: folder).status == 0)
            let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(beside == ["out", "ref-1", "ref-2", "s.yaml"], "trial \(trial): leftovers \(beside)")
        }
    }
}
