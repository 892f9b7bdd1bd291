import Foundation
import Testing
import WidgetBudgetTestSupport

/// Input files that are not regular files, or not readable, end to end (issue #27, items 2 and
/// 13): a FIFO named as a trace, a scenario, a device log or a shard's `candidates.csv` is one line
/// at once (it blocked `open` for ever), a folder given as a scenario says it is a folder, a file
/// the user may not read says "Permission denied", and a negative `--days` says it must be
/// positive. Each run is under `timeout`, so a hang fails the test instead of the suite.
@Suite("Input files that are not regular files")
struct InputFileCommandTests {
    static let valid = BadInputTests.valid

    /// Runs `widgetbudget` under `timeout 30` in `folder` (exit 124 when it hangs).
    static func run(_ arguments: [String], in folder: URL, prefix: [String] = []) throws -> CLIRunner.Output {
        try CLIRunner.run(
            program: URL(fileURLWithPath: "/usr/bin/timeout"), ["30"] + prefix + [CLIRunner.executable.path] + arguments, in: folder)
    }

    static func expectOneLine(_ out: CLIRunner.Output, _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(out.status != 0 && out.status != 124, "exit \(out.status)", sourceLocation: sourceLocation)
        #expect(out.stderr.split(separator: "\n").count == 1, "expected one line, got: \(out.stderr)", sourceLocation: sourceLocation)
        for f in fragments { #expect(out.stderr.contains(f), "'\(f)' not in: \(out.stderr)", sourceLocation: sourceLocation) }
    }

    @Test("a FIFO as a trace, a scenario or a device log: one line at once, nothing written")
    func fifoInputs() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o600) == 0)
        try Self.valid.replacingOccurrences(of: "{every: 1m}", with: "{trace: pipe}").write(
            to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        try (Self.valid + "\n    views: {trace: pipe}\n").write(
            to: folder.appendingPathComponent("views.yaml"), atomically: true, encoding: .utf8)
        Self.expectOneLine(
            try Self.run(["simulate", "trace.yaml", "--out", "out"], in: folder), ["pipe: it is a FIFO, not a regular file"])
        Self.expectOneLine(try Self.run(["simulate", "views.yaml", "--out", "out"], in: folder), ["views.trace", "it is a FIFO"])
        Self.expectOneLine(try Self.run(["simulate", "pipe", "--out", "out"], in: folder), ["pipe: this is a FIFO, not a regular file"])
        Self.expectOneLine(try Self.run(["analyze", "pipe", "--out", "out"], in: folder), ["pipe: it is a FIFO, not a regular file"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("a shard whose candidates.csv is a FIFO: merge refuses it at once")
    func fifoShard() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sweep = MergeCommandTests.sweep.map { $0.hasPrefix("Scenarios/") ? CLIRunner.packageRoot.path + "/" + $0 : $0 }
        for k in [1, 2] {
            let run = try CLIRunner.run(["optimize"] + sweep + ["--shard", "\(k)/2", "--out", "s\(k)"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let candidates = folder.appendingPathComponent("s2/candidates.csv").path
        try FileManager.default.removeItem(atPath: candidates)
        #expect(mkfifo(candidates, 0o600) == 0)
        Self.expectOneLine(try Self.run(["merge", "s1", "s2", "--out", "merged"], in: folder), ["s2/candidates.csv: it is a FIFO"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("merged").path))
    }

    @Test("a folder given to simulate as the scenario says it is a folder")
    func folderAsScenario() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        Self.expectOneLine(
            try Self.run(["simulate", "Scenarios", "--out", "out"], in: folder),
            ["error: Scenarios: this is a folder, not a scenario file", "`report` takes a folder"])
    }

    /// Root reads any file; without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (dropped from the
    /// bounding set by `setpriv`, so the child never gets them) it respects the mode as anyone.
    @Test("a scenario the user may not read says 'Permission denied'")
    func permissionDenied() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.yaml").path
        try Self.valid.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0) == 0)
        var prefix: [String] = []
        if getuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            try #require(FileManager.default.isExecutableFile(atPath: setpriv), "setpriv (util-linux) is needed to test as root")
            prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search"]
        }
        let out = try Self.run(["simulate", "s.yaml", "--out", "out"], in: folder, prefix: prefix)
        Self.expectOneLine(out, ["error: s.yaml: cannot read the file: Permission denied (check its permissions)"])
        #expect(!out.stderr.contains("UTF-8"))
    }

    @Test("--days -3 and --replications -1 say the number must be positive")
    func negativeNumbers() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.valid.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        Self.expectOneLine(
            try Self.run(["simulate", "s.yaml", "--days", "-3", "--out", "out"], in: folder),
            ["--days must be a positive number of days, 1 to 3660 (got -3)"])
        Self.expectOneLine(
            try Self.run(["simulate", "s.yaml", "--replications", "-1", "--out", "out"], in: folder),
            ["--replications must be a positive number, 1 to 100000 (got -1)"])
        Self.expectOneLine(
            try Self.run(["export-log", "s.yaml", "--replication", "-2", "--out", "log.csv"], in: folder),
            ["--replication must be between 1 and 1 (got -2)"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
