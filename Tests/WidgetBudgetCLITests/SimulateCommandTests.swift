import Foundation
import Testing
import WidgetBudgetTestSupport

@Suite("simulate")
struct SimulateCommandTests {
    @Test func writesTheThreeFilesWithTheDocumentedColumns() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try CLIRunner.run(["simulate", "Scenarios/clock-five-minute-timelines.yaml", "--out", folder.path, "--events", "all"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("clock"))
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
        #expect(
            summary.hasPrefix(
                "widget,days,replications,reloads_per_day,charged_per_day,exempt_per_day,deferred_per_day,exhausted_day_fraction,exhausted_minutes_per_day,renders_per_day,kills,peak_memory_mb,freshness,mean_age_s,p95_age_s,max_age_s,view_freshness"
            ))
        let days = try String(contentsOf: folder.appendingPathComponent("days.csv"), encoding: .utf8)
        #expect(
            days.hasPrefix(
                "replication,day,widget,budget,requested,charged,exempt,deferred,exhausted_at,exhausted_minutes,renders,kills,peak_memory_mb,freshness,mean_age_s,p95_age_s,max_age_s,view_freshness"
            ))
        // Seed 002: the budget of 70 runs out at 05:50:00 every day.
        let dayLines = days.split(separator: "\n").dropFirst()
        #expect(dayLines.count == 3)
        for line in dayLines { #expect(line.contains("05:50:00")) }
        let events = try String(contentsOf: folder.appendingPathComponent("events.csv"), encoding: .utf8)
        #expect(events.hasPrefix("replication,time_s,clock,widget,event,source,charged,budget_left,entries,memory_mb,detail"))
        for kind in ["request", "grant", "defer", "deliver", "render", "change", "view", "budget-out", "budget-back"] {
            #expect(events.contains(",\(kind),"), "no \(kind) event")
        }
    }

    @Test func sameScenarioAndSeedGiveIdenticalBytes() throws {
        let a = try CLIRunner.temporaryFolder(), b = try CLIRunner.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: a)
            try? FileManager.default.removeItem(at: b)
        }
        for folder in [a, b] {
            let out = try CLIRunner.run([
                "simulate", "Scenarios/news-app-driven.yaml", "--out", folder.path, "--events", "all", "--days", "2",
            ])
            #expect(out.status == 0, "\(out.stderr)")
        }
        for name in ["summary.csv", "days.csv", "events.csv"] {
            let x = try Data(contentsOf: a.appendingPathComponent(name))
            let y = try Data(contentsOf: b.appendingPathComponent(name))
            #expect(x == y, "\(name) differs between runs")
            #expect(x.count > 100)
        }
    }

    @Test func eventsReloadsOmitsRendersChangesAndViews() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try CLIRunner.run([
            "simulate", "Scenarios/clock-minute-entries.yaml", "--out", folder.path, "--events", "reloads", "--replications", "1",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let events = try String(contentsOf: folder.appendingPathComponent("events.csv"), encoding: .utf8)
        #expect(events.contains(",grant,"))
        for kind in ["render", "change", "view"] { #expect(!events.contains(",\(kind),")) }
    }
}
