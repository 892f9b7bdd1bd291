import Foundation
import Testing
import WidgetBudgetTestSupport

/// `export-log` writes its device log as the replication runs (issue #26, item 1): its peak memory
/// does not grow with the log.
@Suite("export-log memory")
struct ExportLogMemoryTests {
    /// 120 days of the minute clock: a log of 187,258 rows, 11.1 MiB. Before the log streamed, the
    /// peak RSS grew by 6.5 times the log over a 1-day export (a debug build: 72.6 MiB more, the
    /// records, their sort, the fields and the document held at once). Streamed it grows by about
    /// 1 MiB: the run's per-day results and stale stretches (a kilobyte a day) and the drawn
    /// inputs. The bound is the log's own size: any copy of the log held whole passes it.
    @Test("the peak RSS of a 120-day export grows by less than the log's size over a 1-day one")
    func memoryDoesNotGrowWithTheLog() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = CLIRunner.packageRoot.appendingPathComponent("Scenarios/clock-minute-entries.yaml").path
        func export(days: Int) throws -> (rss: Double, bytes: Double) {
            let log = folder.appendingPathComponent("log-\(days).csv").path
            let run = try AnalyzeCommandTests.runMeasured(["export-log", scenario, "--days", "\(days)", "--out", log])
            #expect(run.status == 0)
            let size = try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int ?? 0
            return (run.maxRSSMegabytes, Double(size) / 1_048_576)
        }
        let day = try export(days: 1)
        let long = try export(days: 120)
        #expect(long.bytes > 10, "the log is \(long.bytes) MB")
        #expect(
            long.rss - day.rss < long.bytes,
            "peak RSS \(day.rss) MB for 1 day, \(long.rss) MB for 120 days, for a log of \(long.bytes) MB")
    }

    /// The log is written for as long as the merge takes: Ctrl-C then must not leave its
    /// temporary file (nor any part: those are unlinked as soon as they are open).
    @Test("Ctrl-C while the log is written leaves nothing beside it")
    func interruptLeavesNothing() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = [
            "export-log", CLIRunner.packageRoot.appendingPathComponent("Scenarios/clock-minute-entries.yaml").path, "--days", "120",
            "--out", out.appendingPathComponent("log.csv").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the temporary log to appear (the run is over by then; the merge is under way).
        var seen = false
        for _ in 0..<600 where !seen {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
            seen = names.contains { $0.hasPrefix(".log.csv.tmp-") }
            if !seen { usleep(50_000) }
        }
        process.interrupt()
        process.waitUntilExit()
        #expect(seen, "the temporary log appeared")
        #expect(process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
    }
}
