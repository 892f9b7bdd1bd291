import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// The three wrong answers `analyze` gave on logs of known truth (issue 10), each checked against
/// the engine's own counts for the same run.
@Suite("Device log answers")
struct DeviceLogAnswerTests {
    /// The engine's totals over every day of replication 0, widget 0.
    static func truth(_ result: SimulationResult) -> (charged: Int, exempt: Int, kills: Int) {
        let days = result.runs[0][0].days
        return (days.reduce(0) { $0 + $1.charged }, days.reduce(0) { $0 + $1.exempt }, days.reduce(0) { $0 + $1.kills })
    }

    /// The analysis of the device log `export-log` writes for `scenario`, through CSV and back.
    static func analysis(_ scenario: Scenario) throws -> (SimulationResult, DeviceLogAnalysis) {
        let result = Simulator.run(scenario, events: .reloads)
        let outcome = try withCSVScratch { dir in
            let path = dir.file("log.csv")
            try DeviceLogWriter.document(DeviceLogExporter.records(result)).write(to: path)
            return try DeviceLogReader.analyze(paths: [path], timeZone: nil)
        }
        return (result, outcome.analysis)
    }

    /// Reloads every 5 minutes (the minimum interval) and foreground sessions of exactly 5 minutes:
    /// a reload falls on each session's end. The engine's sessions are `[start, end)`, so it is
    /// charged; the log must say so too.
    @Test("a reload at the instant a foreground session ends is charged, as in the engine")
    func sessionEndIsCharged() throws {
        let scenario = Scenario(
            name: "boundary", days: 1, budget: .fixed(400),
            widgets: [WidgetSpec(kind: "w", provider: .fixed(FixedProvider(entries: 1, spacing: 0, policy: .after(300))))],
            app: AppActivity(foreground: EventProcess(.times([600, 3000, 7200])), foregroundDuration: .constant(300)))
        let (result, a) = try Self.analysis(scenario)
        let truth = Self.truth(result)
        #expect(truth.exempt == 3)  // the reloads at 600, 3000 and 7200; those at 900, 3300, 7500 are charged
        let w = try #require(a.widgets.first)
        #expect(w.exempt == truth.exempt)
        #expect(w.charged == truth.charged)
    }

    /// A budget of 4 (rolling 24 h) spent by the first reload and app calls at 1000, 2000 and
    /// 3000 s, each reaching WidgetKit 60 s later. The call at 3030 is logged before the reload at
    /// 3060 but reaches WidgetKit after it: held by the minimum interval, then for budget until the
    /// first reload turns 24 h old (86400 s). Nothing is killed.
    @Test("an app request held for budget after a reload is no kill")
    func heldForBudgetIsNoKill() throws {
        let scenario = Scenario(
            name: "held", days: 2, budget: .fixed(4),
            system: SystemSettings(appReloadDelay: .constant(60)),
            widgets: [WidgetSpec(kind: "w", provider: .fixed(FixedProvider(entries: 1, spacing: 0, policy: .never)))],
            app: AppActivity(reloads: [
                .init(target: .kind("w"), trigger: .process(EventProcess(.times([1000, 2000, 3000, 3030]))))
            ]))
        let (result, a) = try Self.analysis(scenario)
        #expect(Self.truth(result).kills == 0)
        let w = try #require(a.widgets.first)
        #expect(w.reloads == 5)
        #expect(w.likelyKillCount == 0, "\(w.likelyKills)")
        #expect(w.budget.model == .rolling24h && w.budget.daily == 4)
        // Three answered requests: the app delay rests on too few samples to trust, and says so.
        #expect(CalibratedScenario.notes(a).contains { $0.hasPrefix("uncertain: app_reload_delay rests on") })
        #expect(CalibratedScenario.yaml(a, files: ["log.csv"], timeZone: nil, name: "c").contains("app_reload_delay: 1m   # UNCERTAIN"))
    }

    /// The widget: 48 entries a quarter-hour apart at 800 KB each take 6 + 48 × 800 / 1024
    /// = 43.5 MB > 30: every reload is killed and retried 15 min later, 96 retries a day against a
    /// token bucket of 45; once it is empty each retry waits for a token (one every 32 min).
    static let killed = Scenario(
        name: "killed", days: 3, budget: .fixed(45, model: .tokenBucket), memory: MemorySettings(perEntryKB: 800),
        widgets: [WidgetSpec(kind: "photos", provider: .fixed(FixedProvider(entries: 48, spacing: 900, policy: .atEnd)))])

    @Test("waits for budget are found when every reload is killed")
    func retriesWaitForBudget() throws {
        let (result, a) = try Self.analysis(Self.killed)
        let w = try #require(a.widgets.first)
        #expect(Self.truth(result).kills == w.reloads)
        #expect(w.likelyKillCount == w.reloads)
        #expect(!w.budget.stalls.isEmpty)
        #expect(w.budget.model == .tokenBucket)
        #expect(w.budget.daily == 45)
    }

    @Test("an assumed minimum interval of 0 is written as 1s, which the emitted scenario loads with")
    func zeroMinimumIntervalLoads() throws {
        var (_, a) = try Self.analysis(Self.killed)
        a.settings.minReloadInterval = 0
        let yaml = CalibratedScenario.yaml(a, files: ["log.csv"], timeZone: nil, name: "calibrated")
        #expect(yaml.contains("min_reload_interval: 1s   # assumed (--min-interval 0s raised"))
        let emitted = try ScenarioLoader.parse(yaml: yaml, file: "calibrated.yaml").scenario
        #expect(emitted.system.minReloadInterval == 1)
    }

    @Test("the emitted scenario keeps the memory that killed every timeline")
    func emittedScenarioKills() throws {
        let (result, a) = try Self.analysis(Self.killed)
        let yaml = CalibratedScenario.yaml(a, files: ["log.csv"], timeZone: nil, name: "calibrated")
        let emitted = try ScenarioLoader.parse(yaml: yaml, file: "calibrated.yaml").scenario
        // One timeline size: the base is assumed (6 MB), the slope goes through 43.5 MB at 48 entries.
        #expect(emitted.memory.baseMB == 6)
        #expect(emitted.memory.perEntryKB == 800)
        #expect(emitted.memory.limitMB == 30)
        #expect(yaml.contains("UNCERTAIN"))
        var again = emitted
        again.replications = 1
        let rerun = Simulator.run(again)
        let truth = Self.truth(result)
        let days = rerun.runs[0][0].days
        #expect(days.reduce(0) { $0 + $1.kills } == days.reduce(0) { $0 + $1.reloads })
        #expect(days.reduce(0) { $0 + $1.reloads } > 0 && truth.kills > 0)
        #expect(days.reduce(0.0) { $0 + $1.freshSeconds } == 0)
    }
}
