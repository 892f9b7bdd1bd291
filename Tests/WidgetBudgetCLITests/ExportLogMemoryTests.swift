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
}
