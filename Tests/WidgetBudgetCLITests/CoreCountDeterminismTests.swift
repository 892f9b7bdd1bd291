import Foundation
import Testing
import WidgetBudgetTestSupport

/// Same scenario and seed, byte-identical output whatever the number of cores: a run pinned to one
/// core (`taskset -c 0`) against a run on all of them.
@Suite("determinism across core counts")
struct CoreCountDeterminismTests {
    static let taskset = "/usr/bin/taskset"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: taskset)))
    func oneCoreAndAllCoresWriteTheSameBytes() throws {
        let all = try CLIRunner.temporaryFolder(), one = try CLIRunner.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: all)
            try? FileManager.default.removeItem(at: one)
        }
        let arguments = ["simulate", "Scenarios/news-app-driven.yaml", "--events", "all", "--replications", "6"]
        let a = try CLIRunner.run(arguments + ["--out", all.path])
        #expect(a.status == 0, "\(a.stderr)")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.taskset)
        process.arguments = ["-c", "0", CLIRunner.executable.path] + arguments + ["--out", one.path]
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        for name in ["summary.csv", "days.csv", "events.csv"] {
            let x = try Data(contentsOf: all.appendingPathComponent(name))
            let y = try Data(contentsOf: one.appendingPathComponent(name))
            #expect(x == y, "\(name) differs between one core and all cores")
        }
    }
}
