import Foundation
import Testing
import WidgetBudgetTestSupport

/// `Scripts/floor/floor.c`, the closed-form floor `Scripts/perf-scenarios.sh` measures beside the
/// engine (docs/design/floor.md): compiled as the script compiles it, its day sums for two tiny
/// widget-days against sums worked out by hand, stretch by stretch, below.
@Suite("Closed-form floor")
struct FloorProgramTests {
    /// Compiles the floor with `Scripts/floor/build.sh` (the script's command: `cc`, else the toolchain's `clang`) into a scratch folder and
    /// runs it with `arguments`; its `day N:` lines.
    private static func days(_ arguments: [String]) throws -> [String] {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("floor")
        let script = CLIRunner.packageRoot.appendingPathComponent("Scripts/floor/build.sh")
        let build = try CLIRunner.run(program: URL(fileURLWithPath: "/usr/bin/env"), ["bash", script.path, program.path])
        try #require(build.status == 0, "\(build.stderr)")
        let run = try CLIRunner.run(program: program, arguments + ["--per-day"])
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("day ") }
    }

    /// Days of 1,000 s, ticks every 100 s, timelines of 4 entries 200 s apart, fetched at 0 and
    /// 950, one unpredictable change at 1,250, views at 130, 700 and 1,700.
    ///
    /// The first timeline (u = 1,250): entry 0 at 0 to the tick at 100, fresh; entries 1 and 2
    /// (100, 300) alike: fresh 100, then stale 100 (ages 0…100) each; entry 3 (500, the last)
    /// fresh to 600 and stale to the next fetch at 950 (ages 0…350). The second (u = 1,250):
    /// entry 0 from 950 to the tick at 1,000, fresh (day 1); entry 1 (1,000) fresh 100 and stale
    /// 100; entry 2 (1,200) goes stale at u = 1,250 before its tick at 1,300, and entry 3 shares
    /// u: stale from 1,250 to the day's end (ages 0…750).
    ///
    /// Day 1: fresh 100 + 2 × 100 + 100 + 50 = 450 s; age integral 2 × 100²/2 + 350²/2 = 71,250;
    /// max 350; p95: older than q for 5 % (50 s) of the day: 350 − q = 50, q = 300. Views: 130
    /// shows entry 1 (stale at 200): fresh; 700 shows entry 3 (stale at 600): age 100.
    /// Day 2: fresh 100 + 50 = 150 s; integral 100²/2 + 750²/2 = 286,250; max 750; p95:
    /// 750 − q = 50, q = 700. The view at 1,700 sees entry 3, stale since 1,250: age 450.
    @Test func unpredictableChangeCutsTheAlikeEntries() throws {
        let lines = try Self.days([
            "--days", "2", "--day", "1000", "--period", "100", "--entries", "4", "--spacing", "200",
            "--fetch", "0,950", "--change", "1250", "--view", "130,700,1700",
        ])
        #expect(
            lines == [
                "day 1: fresh 450.000 s, age integral 71250.000 s2, max age 350.000 s, p95 300.000 s, "
                    + "views 2, fresh views 1, view age 100.000 s",
                "day 2: fresh 150.000 s, age integral 286250.000 s2, max age 750.000 s, p95 700.000 s, "
                    + "views 1, fresh views 0, view age 450.000 s",
            ])
    }

    /// One timeline at 0 of 12 entries 200 s apart on ticks every 100 s, over two days of 1,000 s:
    /// entries 1…9 (100…1,700) alike (fresh 100, stale 100), the one at 900 across midnight
    /// (fresh to 1,000 on day 1, stale 1,000…1,100 on day 2); entry 10 (1,900) fresh to the end.
    ///
    /// Day 1: fresh 100 (entry 0) + 4 × 100 + 100 = 600; integral 4 × 100²/2 = 20,000; p95:
    /// 4 (100 − q) = 50, q = 87.5. Day 2: fresh 4 × 100 + 100 = 500; integral 5 × 5,000 = 25,000;
    /// p95: 5 (100 − q) = 50, q = 90.
    @Test func alikeEntriesAcrossMidnight() throws {
        let lines = try Self.days([
            "--days", "2", "--day", "1000", "--period", "100", "--entries", "12", "--spacing", "200", "--fetch", "0",
        ])
        #expect(
            lines == [
                "day 1: fresh 600.000 s, age integral 20000.000 s2, max age 100.000 s, p95 87.500 s, "
                    + "views 0, fresh views 0, view age 0.000 s",
                "day 2: fresh 500.000 s, age integral 25000.000 s2, max age 100.000 s, p95 90.000 s, "
                    + "views 0, fresh views 0, view age 0.000 s",
            ])
    }
}
