import Foundation
import Testing
import WidgetBudgetTestSupport

/// The work estimate counts events: a run that would write millions of rows is refused in one
/// line before it starts (issue #27, item 3).
@Suite("Work limit on events")
struct EventWorkLimitTests {
    /// 100 instances viewed every second for 2 days: 200 widget-days, 17 million views.
    static let scenario = """
        name: many
        days: 2
        widgets:
          - kind: clock
            instances: 100
            provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
            views: {every: 1s}
        """

    @Test("--events all past 10,000,000 rows is refused in one line, nothing written; --force or fewer events run")
    func refused() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("many.yaml"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["simulate", "many.yaml", "--events", "all", "--out", "out"], in: folder)
        #expect(run.status != 0)
        #expect(
            run.stderr
                == "error: 2 days × 1 replication × 100 widgets = 200 widget-days with up to 17449200 events written to "
                + "events.csv (about 2 GB) is past the limit of 10000000 rows (docs/limits.md); use fewer days or "
                + "replications, --events reloads or none, or --force\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // Reload events only: a few thousand rows.
        let reloads = try CLIRunner.run(["simulate", "many.yaml", "--days", "1", "--out", "out"], in: folder)
        #expect(reloads.status == 0, "\(reloads.stderr)")
    }

    @Test("export-log of a device log past 10,000,000 rows (views every second for 200 days) is refused in one line")
    func exportLogRefused() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = """
            name: viewed
            days: 200
            widgets:
              - kind: clock
                provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
                views: {every: 1s}
            """
        try scenario.write(to: folder.appendingPathComponent("viewed.yaml"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["export-log", "viewed.yaml", "--out", "log.csv"], in: folder)
        #expect(run.status != 0)
        #expect(
            run.stderr
                == "error: 200 days × 1 replication × 1 widget = 200 widget-days with up to 17448012 events written to the "
                + "device log (about 2 GB) is past the limit of 10000000 rows (docs/limits.md); use fewer days, or --force\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("log.csv").path))
    }
}
