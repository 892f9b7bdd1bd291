import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// Issue #24 items 1–2: copies of a widget (`instances`) and widget pushes come back from the
/// device log. The truth: two copies of a widget reloading every 10 minutes against a rolling
/// budget of 45 (each copy runs out every day), content changing twice an hour, and widget pushes
/// on each change capped at 8 a day (the cap binds: about 48 changes a day).
@Suite("Device log copies and pushes")
struct DeviceLogCopiesAndPushesTests {
    static func truth(instances: Int = 2, pushes: String = "pushes: {on_change: true, budget: {daily: 8}}", days: Int = 7) -> String {
        """
        name: copies
        start: 2026-01-05T07:00:00
        timezone: Europe/Paris
        days: \(days)
        seed: 11
        budget: {daily: 45, model: rolling-24h}
        system: {reload_delay: {uniform: [0s, 2m]}}
        widgets:
          - kind: clock
            instances: \(instances)
            provider: {type: fixed, entries: 1, policy: {after: 10m}}
            content:
              unpredictable: {poisson: {per_hour: 2}}
            views: {poisson: {per_hour: 1}}
        app:
          \(pushes)
        """
    }

    static func log(_ yaml: String, in dir: CSVScratchDirectory, instanceColumn: Bool = true) throws -> (
        records: [DeviceLogRecord], path: String
    ) {
        var scenario = try ScenarioLoader.parse(yaml: yaml, file: "truth.yaml").scenario
        scenario.replications = 1
        let records = DeviceLogExporter.records(Simulator.run(scenario, events: .reloads), instanceColumn: instanceColumn)
        let path = dir.file("log.csv")
        try DeviceLogWriter.document(records).write(to: path)
        return (records, path)
    }

    @Test("the instance column: each copy fitted on its own, the budget per copy, `instances: 2` emitted")
    func instanceColumn() throws {
        try withCSVScratch { dir in
            let (records, path) = try Self.log(Self.truth(), in: dir)
            #expect(Set(records.filter { $0.event == .timeline }.map(\.instance)) == ["1", "2"])
            #expect(records.filter { $0.event == .change }.allSatisfy { $0.instance.isEmpty })
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            #expect(a.widgets.map(\.instance) == ["1", "2"])
            #expect(a.widgets.allSatisfy { !$0.instanceInferred })
            #expect(a.widgets.map(\.budget.daily) == [45, 45])
            #expect(!a.anomalies.contains { $0.kind == .duplicate })
            let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
            #expect(yaml.contains("    instances: 2   # the log's instance column names 2 (1, 2)"))
            #expect(yaml.contains("  daily: 45   #"))
            // Issue #24 item 3: the budget is the one measured at the log's rate of views, and said.
            #expect(yaml.contains("  # effective: the budget this copy had while seen "))
            #expect(!yaml.contains("by_views:"), "the measured budget is not scaled again by views")
            let emitted = try ScenarioLoader.parse(yaml: yaml, file: "emitted.yaml").scenario
            #expect(emitted.widgets.count == 2)
        }
    }

    /// Without the column (a log written before it), the two copies' interleaved rows are told
    /// apart by WidgetKit's minimum interval: no widget reloads twice within 5 minutes.
    @Test("no instance column: copies inferred from timelines closer than the minimum interval, and said")
    func inferredCopies() throws {
        for copies in [2, 3] {
            try withCSVScratch { dir in
                let (records, path) = try Self.log(Self.truth(instances: copies), in: dir, instanceColumn: false)
                #expect(records.allSatisfy { $0.instance.isEmpty })
                let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
                #expect(a.widgets.count == copies)
                #expect(a.widgets.allSatisfy { $0.instanceInferred })
                #expect(a.anomalies.contains { $0.kind == .inferredInstance })
                // Each copy's budget, not their sum (the issue's "92, unexplained"): every copy's
                // busiest 24 h reaches the truth's B = 45 and stays under 2B (two copies' reloads
                // counted as one widget's). Copies with the same provider are due at nearly the same
                // instants, so a timeline can go to the wrong copy, and one stray puts a copy's
                // busiest 24 h one over B: its stalls are then unexplained and it says B ≥ 46. With
                // the streams of issue #23 (items keyed, app delays per widget) that happens to a
                // copy of two and to all three of three on this truth, so no copy count is asserted
                // to be explained (docs/analyze.md: log the instance column); a copy that is
                // explained says 45.
                let explained = a.widgets.filter { $0.budget.explained }
                #expect(explained.allSatisfy { $0.budget.daily == 45 })
                #expect(
                    a.widgets.allSatisfy { (45..<90).contains($0.budget.maxChargedIn24h) },
                    "\(a.widgets.map { AnalysisText.budgetShort($0.budget) })")
                let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
                #expect(yaml.contains("    instances: \(copies)   # inferred: the log has no instance column"))
                let report = AnalysisReport.markdown(a, files: ["log.csv"], written: [])
                #expect(report.contains("**inferred**"))
            }
        }
    }

    @Test("a single widget is never split into copies")
    func oneWidgetStaysOne() throws {
        try withCSVScratch { dir in
            let (_, path) = try Self.log(Self.truth(instances: 1), in: dir, instanceColumn: false)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            #expect(a.widgets.count == 1)
            #expect(a.widgets[0].instance.isEmpty)
            #expect(!a.anomalies.contains { $0.kind == .inferredInstance })
        }
    }

    /// The truth's pushes: sent at each change (about 48 a day), at most 8 delivered in any 24 h.
    @Test("push rows: the cap is the busiest 24 h, the engine's push budget reproduces them, `app.pushes` emitted")
    func pushCap() throws {
        try withCSVScratch { dir in
            let (records, path) = try Self.log(Self.truth(days: 14), in: dir)
            let pushRows = records.filter { $0.event == .push }
            #expect(!pushRows.isEmpty)
            #expect(!records.contains { $0.event == .appReload })
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            let p = try #require(a.app.pushes)
            #expect(p.count == pushRows.count)
            #expect(p.onChange)
            let cap = try #require(p.cap)
            #expect(cap.daily == 8)
            #expect(cap.reproduced == p.count)
            let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
            #expect(yaml.contains("  pushes: {on_change: true, budget: {daily: 8}}   #"))
            #expect(!yaml.contains("on_change: true}   #"), "pushes must not come back as uncapped app reloads:\n\(yaml)")
            // The emitted scenario's pushes come at the truth's rate: both are held to the cap of
            // 8 in any 24 h by changes far more frequent, so the two counts differ by a push or
            // two at the edges of the log (2 % of 14 × 8).
            var emitted = try ScenarioLoader.parse(yaml: yaml, file: "emitted.yaml").scenario
            emitted.replications = 1
            let again = DeviceLogExporter.records(Simulator.run(emitted, events: .reloads)).filter { $0.event == .push }.count
            #expect(abs(again - pushRows.count) <= 3, "emitted \(again) pushes, truth \(pushRows.count)")
        }
    }

    /// A log from before the `push` row: the pushes were written as `reloadAllTimelines()` app
    /// reloads. They follow changes but stop at 8 a day: a cap, emitted as `app.pushes`.
    @Test("no push rows: a cap on app reloads after changes is found and emitted as pushes")
    func capOnAppReloads() throws {
        try withCSVScratch { dir in
            let (records, _) = try Self.log(Self.truth(days: 14), in: dir)
            let asApp = records.map { r -> DeviceLogRecord in
                var r = r
                if r.event == .push { r.event = .appReload }
                return r
            }
            let path = dir.file("old.csv")
            try DeviceLogWriter.document(asApp).write(to: path)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            #expect(a.app.pushes == nil)
            let all = try #require(a.app.reloads.first { $0.kind.isEmpty })
            #expect(all.cap?.daily == 8)
            let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
            #expect(yaml.contains("  pushes: {on_change: true, budget: {daily: 8}}   # the log has no push rows"))
            #expect(!yaml.contains("{all: true, on_change: true}"))
            _ = try ScenarioLoader.parse(yaml: yaml, file: "emitted.yaml")
        }
    }

    /// Uncapped app reloads on change stay app reloads: no cap where every change was answered.
    @Test("app reloads after every change: no cap")
    func noCapWithoutOne() throws {
        try withCSVScratch { dir in
            let yaml = Self.truth(instances: 1, pushes: "reloads: [{kind: clock, on_change: true}]")
            let (_, path) = try Self.log(yaml, in: dir)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            #expect(a.app.reloads.first?.cap == nil)
            #expect(CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "e").contains("{kind: \"clock\", on_change: true}"))
        }
    }
}

/// Issue #24 item 4: a rate is not extrapolated from minutes of log.
@Suite("Calibrated rates from a short log")
struct ShortLogRateTests {
    @Test("5 app reloads and 3 pushes in 40 minutes are not 180 and 108 a day: the span is too short, and said")
    func fortyMinutes() throws {
        try withCSVScratch { dir in
            var text = "time,event,kind\n"
            for m in stride(from: 0, through: 40, by: 10) {
                text += "2026-01-05T10:\(m == 0 ? "00" : String(m)):00+01:00,timeline,clock\n"
                text += "2026-01-05T10:\(m == 0 ? "00" : String(m)):01+01:00,app-reload,clock\n"
            }
            for m in [5, 15, 25] { text += "2026-01-05T10:\(String(format: "%02d", m)):00+01:00,push,\n" }
            let path = try dir.write("short.csv", text)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "short")
            #expect(yaml.contains("# uncertain: the log covers only 0.7 h, too short for rates"))
            // 5 calls taken as a day's: 5 / 24 an hour, not 5 / 0.67.
            #expect(yaml.contains("{kind: \"clock\", poisson: {per_hour: 0.208}}   # UNCERTAIN: 5 calls in only 0.7 h of log"))
            #expect(yaml.contains("pushes: {poisson: {per_hour: 0.125}, budget: {daily: 3}}   # UNCERTAIN:"))
            _ = try ScenarioLoader.parse(yaml: yaml, file: "short.yaml")
        }
    }
}

/// Issue #24 item 4: predictable content on a wall-clock grid comes back as `every:`, not as a
/// Poisson rate of the same mean.
@Suite("Calibrated content on a grid")
struct ChangeGridTests {
    static func emitted(_ predictable: String) throws -> String {
        try withCSVScratch { dir in
            let yaml = """
                name: grid
                start: 2026-01-05T07:10:00
                timezone: Asia/Tokyo
                days: 3
                seed: 7
                widgets:
                  - kind: scores
                    provider: {type: fixed, entries: 2, spacing: 10m, policy: {after: 15m}}
                    content:
                      predictable: \(predictable)
                """
            var scenario = try ScenarioLoader.parse(yaml: yaml, file: "grid.yaml").scenario
            scenario.replications = 1
            let path = dir.file("log.csv")
            try DeviceLogWriter.document(DeviceLogExporter.records(Simulator.run(scenario, events: .reloads))).write(to: path)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            return CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
        }
    }

    @Test("every 30 minutes is `every: 30m`; every 2 hours is `every: 2h`")
    func grid() throws {
        #expect(try Self.emitted("{every: 30m}").contains("      predictable: {every: 30m}   # 144 predictable change rows, every one on"))
        #expect(try Self.emitted("{every: 2h}").contains("      predictable: {every: 2h}   #"))
    }

    @Test("a Poisson rate of the same mean stays a Poisson rate")
    func poisson() throws {
        let yaml = try Self.emitted("{poisson: {per_hour: 2}}")
        #expect(!yaml.contains("{every:"))
        // A Poisson rate, one for the day or one per time-of-day window when the log's hours differ.
        #expect(yaml.contains("      predictable: {poisson: {per_hour: ") || yaml.contains("      predictable: [{poisson: {per_hour: "))
    }
}

/// Issue #24 item 4: `retry_after` is measured from kill → retry pairs, not assumed 15 minutes.
@Suite("Calibrated retry after a kill")
struct KillRetryTests {
    @Test("a widget killed for memory, retried 10 minutes later: retry_after 10m", arguments: [600.0, 1500.0])
    func retryAfter(_ retry: Double) throws {
        try withCSVScratch { dir in
            let yaml = """
                name: killed
                start: 2026-01-05T07:00:00
                timezone: UTC
                days: 3
                seed: 8
                memory: {per_entry_kb: 800, retry_after: \(DurationFormat.string(retry))}
                widgets:
                  - kind: photos
                    provider: {type: fixed, entries: 48, spacing: 15m, policy: at-end}
                """
            var scenario = try ScenarioLoader.parse(yaml: yaml, file: "killed.yaml").scenario
            scenario.replications = 1
            let path = dir.file("log.csv")
            try DeviceLogWriter.document(DeviceLogExporter.records(Simulator.run(scenario, events: .reloads))).write(to: path)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            let emitted = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
            #expect(emitted.contains("  retry_after: \(DurationFormat.string(retry))   # the shortest of "), "\(emitted)")
            #expect(try ScenarioLoader.parse(yaml: emitted, file: "emitted.yaml").scenario.memory.retryAfter == retry)
        }
    }
}
