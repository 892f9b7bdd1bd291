import Foundation
import Testing
import WidgetBudgetTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Output is all-or-nothing and only ever replaces what the tool wrote: names are data, not
/// paths; devices, FIFOs, symlinks and foreign folders are refused; a concurrent run fails with one
/// line; a signal removes the staging folder and stops gnuplot.
@Suite("Output safety")
struct OutputSafetyTests {
    static let valid = BadInputTests.valid

    static func folder(_ files: [String: String] = [:]) throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func expectOneLineFailure(_ out: CLIRunner.Output, _ fragments: [String]) {
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "expected one line, got: \(out.stderr)")
        for f in fragments { #expect(out.stderr.contains(f), "'\(f)' not in: \(out.stderr)") }
    }

    /// The runs' shapes and days go to a temporary file as they run (`ShapeSpill`): a disk that
    /// fills up then (here a file-size limit, `ulimit -f`, which makes a write past 64 KiB fail with
    /// `EFBIG`) fails the run with one line, and the output the tool wrote before is left as it was.
    @Test func aFullDiskWhileTheRunsSpillLosesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = CLIRunner.packageRoot.appendingPathComponent("Scenarios/clock-minute-entries.yaml").path
        let first = try CLIRunner.run(["simulate", scenario, "--days", "1", "--out", "out"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = folder.appendingPathComponent("out/summary.csv")
        let before = try Data(contentsOf: summary)
        // 1,000 days of two replications: their days alone are several times the limit.
        let limited = try CLIRunner.run(
            program: URL(fileURLWithPath: "/bin/bash"),
            [
                "-c", "trap '' XFSZ; ulimit -f 64 && exec \"$0\" \"$@\"", CLIRunner.executable.path, "simulate", scenario,
                "--days", "1000", "--replications", "2", "--events", "none", "--out", "out",
            ], in: folder)
        Self.expectOneLineFailure(limited, ["error: cannot write ", "/.shapes-", ": File too large (free space on that disk"])
        #expect(try Data(contentsOf: summary) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    }

    @Test func aNameWithANulNeverOverwritesAFile() throws {
        let folder = try Self.folder([
            "s.yaml": Self.valid.replacingOccurrences(of: "name: t", with: "name: \"README.md\\0\""), "Reports/README.md": "keep me\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // simulate's own folder is `<name>-simulation`: the NUL is dropped and the file is untouched.
        let out = try CLIRunner.run(["simulate", "s.yaml"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Reports/README.md"), encoding: .utf8) == "keep me\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/README.md-simulation/summary.csv").path))
        // Told to write a folder where that file is, it refuses with one line and keeps the file.
        let into = try CLIRunner.run(["simulate", "s.yaml", "--out", "Reports/README.md"], in: folder)
        Self.expectOneLineFailure(into, ["Reports/README.md", "not a folder"])
        #expect(try String(contentsOf: folder.appendingPathComponent("Reports/README.md"), encoding: .utf8) == "keep me\n")
    }

    @Test func aNameWithSeparatorsStaysInsideReports() throws {
        let folder = try Self.folder(["s.yaml": Self.valid.replacingOccurrences(of: "name: t", with: "name: \"../../-evil/..\\u0001name\"")]
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try CLIRunner.run(["simulate", "s.yaml"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Reports").path)
        #expect(made == ["evil-name-simulation"])
    }

    @Test func aNamelessDotFileDoesNotTrap() throws {
        let folder = try Self.folder([".hidden.yaml": Self.valid.replacingOccurrences(of: "name: t\n", with: "")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try CLIRunner.run(["simulate", ".hidden.yaml"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/hidden-simulation/summary.csv").path))
    }

    @Test func aScenarioNamedLikeAForeignFolderIsRefused() throws {
        let folder = try Self.folder([
            "Scenarios/a.yaml": Self.valid.replacingOccurrences(of: "name: t", with: "name: Sources"), "Sources/main.swift": "print(1)\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Snapshot(folder)
        let out = try CLIRunner.run(["report", "Scenarios", "--out", "."], in: folder)
        #expect(out.status != 0)
        #expect(out.stderr.contains("Sources: it was not written by widgetbudget"), "\(out.stderr)")
        #expect(try Snapshot(folder) == before)
    }

    @Test func devicesFIFOsAndSymlinksAreRefused() throws {
        let folder = try Self.folder(["s.yaml": Self.valid])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o644) == 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "real")
        let before = try Snapshot(folder)
        Self.expectOneLineFailure(try CLIRunner.run(["simulate", "s.yaml", "--out", "/dev/null"], in: folder), ["/dev/null", "a device"])
        Self.expectOneLineFailure(try CLIRunner.run(["simulate", "s.yaml", "--out", "fifo"], in: folder), ["fifo", "a FIFO"])
        Self.expectOneLineFailure(try CLIRunner.run(["simulate", "s.yaml", "--out", "link"], in: folder), ["link", "symbolic link"])
        Self.expectOneLineFailure(
            try CLIRunner.run(["export-log", "s.yaml", "--out", "/dev/null"], in: folder), ["/dev/null", "a device"])
        Self.expectOneLineFailure(try CLIRunner.run(["export-log", "s.yaml", "--out", "fifo"], in: folder), ["fifo", "a FIFO"])
        #expect(try Snapshot(folder) == before)
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aConcurrentRunIntoTheSameFolderFailsWithOneLine() throws {
        let folder = try Self.folder(["s.yaml": Self.valid])
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = open(folder.appendingPathComponent(".out.widgetbudget-lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        let out = try CLIRunner.run(["simulate", "s.yaml", "--out", "out"], in: folder)
        close(lock)
        Self.expectOneLineFailure(
            out, ["cannot write out: another widgetbudget run is writing there", "(lock \(folder.path)/.out.widgetbudget-lock)"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        #expect(try CLIRunner.run(["simulate", "s.yaml", "--out", "out"], in: folder).status == 0)
    }

    /// Six runs with different seeds into one folder at once (the issue's case: all exited 0 and
    /// left seed 1's summary beside seed 3's events): each writes its whole output or fails with
    /// the one lock line, and what is left is one run's output, byte for byte.
    @Test func concurrentRunsNeverMixTheirFiles() throws {
        let random = Self.valid + "\n    views: {poisson: {per_hour: 30}}\nsystem: {reload_delay: {uniform: [0s, 2m]}}\n"
        let folder = try Self.folder(["s.yaml": random.replacingOccurrences(of: "days: 1", with: "days: 3")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeds = 1...6
        var references: [Snapshot] = []
        for seed in seeds {
            #expect(try CLIRunner.run(["simulate", "s.yaml", "--seed", "\(seed)", "--out", "ref-\(seed)"], in: folder).status == 0)
            references.append(try Snapshot(folder.appendingPathComponent("ref-\(seed)")))
        }
        for i in references.indices { for j in references.indices where j > i { #expect(references[i] != references[j]) } }
        let runs = try seeds.map { seed in
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = ["simulate", "s.yaml", "--seed", "\(seed)", "--out", "out"]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            let log = folder.appendingPathComponent("stderr-\(seed)")
            #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
            return (process, log)
        }
        var succeeded: [Int] = []
        for (seed, (process, log)) in zip(seeds, runs) {
            process.waitUntilExit()
            let stderr = try String(contentsOf: log, encoding: .utf8)
            if process.terminationStatus == 0 {
                succeeded.append(seed)
            } else {
                #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
                #expect(
                    stderr.contains(
                        "cannot write out: another widgetbudget run is writing there (lock \(folder.path)/.out.widgetbudget-lock)"),
                    "\(stderr)")
            }
        }
        #expect(!succeeded.isEmpty)
        let left = try Snapshot(folder.appendingPathComponent("out"))
        #expect(succeeded.contains { references[$0 - 1] == left }, "out/ is no single run's output (runs that succeeded: \(succeeded))")
    }

    @Test func aStaleStagingFolderIsRemovedOnlyWithItsMarker() throws {
        let folder = try Self.folder([
            "s.yaml": Self.valid, ".out.widgetbudget-staging-999999/.widgetbudget-staging": "999999\n",
            ".out.widgetbudget-staging-999999/summary.csv": "half\n", ".out.widgetbudget-staging-888888/mine.txt": "not ours\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLIRunner.run(["simulate", "s.yaml", "--out", "out"], in: folder).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".out.widgetbudget-staging-888888", "out", "s.yaml"])
    }

    @Test func foreignFilesInTheOutputFolderAreKeptAndStaleOwnFilesRemoved() throws {
        let folder = try Self.folder(["s.yaml": Self.valid])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLIRunner.run(["simulate", "s.yaml", "--out", "out"], in: folder).status == 0)
        try "mine\n".write(to: folder.appendingPathComponent("out/notes.txt"), atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["simulate", "s.yaml", "--out", "out", "--events", "none"], in: folder).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
        #expect(names == [".widgetbudget-output", "days.csv", "notes.txt", "summary.csv"])
    }

    /// A gnuplot that records its process id and hangs: SIGTERM during `report` must remove the
    /// staging folder, keep the earlier report, and kill gnuplot.
    @Test func aSignalRemovesTheStagingAndStopsGnuplot() throws {
        let folder = try Self.folder(["Scenarios/a.yaml": Self.valid])
        defer { try? FileManager.default.removeItem(at: folder) }
        let gnuplot = folder.appendingPathComponent("slow-gnuplot").path
        try "#!/bin/sh\necho $$ >> \(folder.path)/pids\nexec sleep 60\n".write(toFile: gnuplot, atomically: true, encoding: .utf8)
        chmod(gnuplot, 0o755)
        #expect(try CLIRunner.run(["report", "Scenarios", "--out", "out", "--gnuplot", "/bin/true"], in: folder).status != 0)
        let before = try Snapshot(folder.appendingPathComponent("out"))
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["report", "Scenarios", "--out", "out", "--gnuplot", gnuplot]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pids = folder.appendingPathComponent("pids").path
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: pids) { usleep(50_000) }
        #expect(FileManager.default.fileExists(atPath: pids))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains("widgetbudget-staging") || $0.contains("widgetbudget-lock") }, "\(names)")
        #expect(try Snapshot(folder.appendingPathComponent("out")) == before)
        usleep(200_000)
        let children = (try String(contentsOfFile: pids, encoding: .utf8)).split(separator: "\n").compactMap { Int32($0) }
        for pid in children {
            // Gone, or a zombie waiting for a container's init to reap it.
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?.split(
                separator: " "
            ).first
            #expect(kill(pid, 0) != 0 || state == "Z", "gnuplot \(pid) still runs (\(state ?? "?"))")
        }
    }

    @Test func reportDoesNotSayOkWhenPlotsFailed() throws {
        let folder = try Self.folder(["Scenarios/a.yaml": Self.valid])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try CLIRunner.run(["report", "Scenarios", "--out", "out", "--gnuplot", "/bin/true"], in: folder)
        #expect(out.status != 0)
        #expect(out.stdout.contains("FAIL  t"), "\(out.stdout)")
        #expect(!out.stdout.contains("ok    t"), "\(out.stdout)")
    }
}
