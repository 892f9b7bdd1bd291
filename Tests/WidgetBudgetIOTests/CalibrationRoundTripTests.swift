import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// The loop the README sells, end to end: a truth scenario → `export-log` (with change rows) →
/// `analyze --emit-scenario` → `simulate` and `optimize` the emitted scenario, which must give the
/// truth's own answers: charged reloads a day, kills (5 % relative), exhausted days, freshness and
/// view freshness (2 points), the same recommended policy; and from the 28-day log the budget
/// exactly, the model, and WidgetKit's delay median within 15 s where the log shows it.
@Suite("Calibration round trip")
struct CalibrationRoundTripTests {
    struct Truth: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var budget: Int
        var model: BudgetModel
        /// The median of the truth's `reload_delay`, when policy reloads show it.
        var delayMedian: Double?
        var testDescription: String { name }
    }

    /// A small search space, the same for truth and emitted scenario.
    static let optimize = """
        optimize:
          spacing: [10m]
          entries: [1, 3, 6]
          align: [none]
          policy: [at-end]
          objective: freshness
          constraints: {max_exhausted_day_fraction: 1}
          replications: 2
        """

    static let truths: [Truth] = [
        Truth(
            name: "rolling 45, Paris across the spring DST change, uniform delay, app and foreground",
            yaml: """
                name: t1
                start: 2026-03-16T07:00:00
                timezone: Europe/Paris
                days: 28
                seed: 5
                budget: {daily: 45, model: rolling-24h}
                system: {reload_delay: {uniform: [0s, 3m]}}
                widgets:
                  - kind: clock
                    provider: {type: fixed, entries: 3, spacing: 10m, policy: at-end}
                    content:
                      unpredictable: {poisson: {per_hour: 2}, during: "07:00-23:00"}
                    views:
                      - {poisson: {per_hour: 20}, during: "07:00-09:00"}
                      - {poisson: {per_hour: 1}, during: "09:00-17:00"}
                app:
                  reloads:
                    - {kind: clock, poisson: {per_hour: 2}}
                  foreground: {poisson: {per_hour: 0.3}, duration: 5m, during: "07:00-23:00"}
                """, budget: 45, model: .rolling24h, delayMedian: 90),
        Truth(
            name: "midnight 38, New York, exponential delay",
            yaml: """
                name: t2
                start: 2026-01-05T07:00:00
                timezone: America/New_York
                days: 28
                seed: 6
                budget: {daily: 38, model: midnight}
                system: {reload_delay: {exponential: 1m}}
                widgets:
                  - kind: weather
                    provider: {type: fixed, entries: 4, spacing: 15m, policy: at-end}
                    content:
                      unpredictable: {poisson: {per_hour: 1}}
                    views: {poisson: {per_hour: 3}, during: "07:00-22:00"}
                app:
                  reloads:
                    - {kind: weather, poisson: {per_hour: 1}}
                """, budget: 38, model: .midnight, delayMedian: 60 * log(2)),
        Truth(
            name: "token bucket 60, Tokyo, predictable and unpredictable content",
            yaml: """
                name: t3
                start: 2026-01-05T07:00:00
                timezone: Asia/Tokyo
                days: 28
                seed: 7
                budget: {daily: 60, model: token-bucket}
                system: {reload_delay: {uniform: [0s, 2m]}}
                widgets:
                  - kind: scores
                    provider: {type: fixed, entries: 2, spacing: 10m, policy: {after: 15m}}
                    content:
                      predictable: {every: 30m}
                      unpredictable: {poisson: {per_hour: 0.5}}
                    views: {poisson: {per_hour: 2}}
                app:
                  reloads:
                    - {kind: scores, poisson: {per_hour: 2}}
                """, budget: 60, model: .tokenBucket, delayMedian: nil),
        Truth(
            name: "rolling 45, a widget killed for memory",
            yaml: """
                name: t4
                start: 2026-01-05T07:00:00
                timezone: UTC
                days: 28
                seed: 8
                budget: {daily: 45, model: rolling-24h}
                memory: {per_entry_kb: 800}
                widgets:
                  - kind: photos
                    provider: {type: fixed, entries: 48, spacing: 15m, policy: at-end}
                    content:
                      unpredictable: {poisson: {per_hour: 1}}
                    views: {poisson: {per_hour: 1}}
                """, budget: 45, model: .rolling24h, delayMedian: nil),
        // 2.5 stories an hour for 17.5 h (43.75 a day against B = 60): the budget runs out on a
        // day in 28 for some draws only, and `analyze` reads B from the log only when it does.
        // Seed 34 does (two exhausted days in 28) with the windowed draws of issue #26 (the
        // ziggurat); seed 11 did before them (one day) and gives none now, as seed 9 stopped with
        // issue #23 items 2 and 3. Of seeds 9-40, 6 show an exhausted day now (24, 31, 34, 37, 39,
        // 40: `simulate` of this truth, `exhausted_at` in days.csv); of those, `analyze` of the
        // CLI's exported log reads B = 60 exactly for 34, 39 and 40 (31 and 37 show one stall and
        // leave a range, 24 none).
        Truth(
            name: "rolling 60, London, push-driven news reloaded by the app",
            yaml: """
                name: t5
                start: 2026-01-05T07:00:00
                timezone: Europe/London
                days: 28
                seed: 34
                budget: {daily: 60, model: rolling-24h}
                system: {app_reload_delay: {uniform: [2s, 30s]}}
                widgets:
                  - kind: headlines
                    provider: {type: never}
                    content:
                      unpredictable: {poisson: {per_hour: 2.5}, during: "06:00-23:30"}
                    views: {poisson: {per_hour: 5}, during: "07:00-23:00"}
                app:
                  reloads:
                    - {kind: headlines, on_change: true}
                  foreground: {poisson: {per_hour: 0.5}, duration: {exponential: 4m}, during: "07:00-23:00"}
                """, budget: 60, model: .rolling24h, delayMedian: nil),
    ]

    /// Simulates `scenario` with 150 replications. A replication's views are not independent
    /// draws (the morning's views share its budget and reloads): the Paris truth's view freshness
    /// varies by 3.7 to 4.2 points from replication to replication (40 replications of the truth
    /// and of its emitted scenario, 2026-11-27), so the standard error of a difference between
    /// two runs of n replications is 4.2·√(2/n) points: 1.9 at the 10 replications used before
    /// (which passed by luck: 3.2 points apart with the streams of #26 windows, 0.05 apart at
    /// 40), 0.49 at 150, where the 2 points asked are 4 standard errors.
    static func summary(_ scenario: Scenario) -> WidgetSummary {
        var s = scenario
        s.replications = 150
        return Simulator.run(s).summaries[0]
    }

    @Test("export-log → analyze → emitted scenario gives the truth's answers", arguments: truths)
    func roundTrip(_ truth: Truth) throws {
        try withCSVScratch { dir in
            let truthFile = try ScenarioLoader.parse(yaml: truth.yaml + "\n" + Self.optimize, file: dir.file("truth.yaml"))
            var logged = truthFile.scenario
            logged.replications = 1
            let path = dir.file("log.csv")
            try DeviceLogWriter.document(DeviceLogExporter.records(Simulator.run(logged, events: .reloads))).write(to: path)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            let w = try #require(a.widgets.first)
            #expect(w.budget.model == truth.model)
            #expect(w.budget.daily == truth.budget)
            if let median = truth.delayMedian {
                let measured = try #require(w.reloadDelay.median)
                #expect(abs(measured - median) <= 15, "delay median \(measured) s, truth \(median) s")
            }

            let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
            try (yaml + Self.optimize + "\n").write(toFile: dir.file("emitted.yaml"), atomically: true, encoding: .utf8)
            let emittedFile = try ScenarioLoader.load(path: dir.file("emitted.yaml"))
            let t = Self.summary(truthFile.scenario)
            let e = Self.summary(emittedFile.scenario)
            #expect(
                abs(e.chargedPerDay - t.chargedPerDay) <= 0.05 * t.chargedPerDay, "charged/day \(e.chargedPerDay) vs \(t.chargedPerDay)")
            #expect(abs(Double(e.kills - t.kills)) <= 0.05 * Double(t.kills), "kills \(e.kills) vs \(t.kills)")
            #expect(
                abs(e.exhaustedDayFraction - t.exhaustedDayFraction) <= 0.02,
                "exhausted \(e.exhaustedDayFraction) vs \(t.exhaustedDayFraction)")
            #expect(abs(e.freshness - t.freshness) <= 0.02, "freshness \(e.freshness) vs \(t.freshness)")
            #expect(
                abs((e.viewFreshness ?? -1) - (t.viewFreshness ?? -1)) <= 0.02,
                "view freshness \(String(describing: e.viewFreshness)) vs \(String(describing: t.viewFreshness))")

            let truthBest = try OptimizationRun.run(file: truthFile).recommended?.record.candidate
            let emittedBest = try OptimizationRun.run(file: emittedFile).recommended?.record.candidate
            #expect(truthBest != nil)
            #expect(emittedBest == truthBest)
        }
    }

    /// Issue #28: "433 view rows in 167.5 h" stood beside rates per hour of a 07–23 window. Each
    /// window's count and hours are now in the comment, and the rate is their quotient.
    @Test("a windowed rate's comment says what it was counted over")
    func windowedRateComment() throws {
        try withCSVScratch { dir in
            var scenario = try ScenarioLoader.parse(yaml: Self.truths[4].yaml, file: "t5.yaml").scenario
            scenario.days = 7
            let path = dir.file("log.csv")
            try DeviceLogWriter.document(DeviceLogExporter.records(Simulator.run(scenario, events: .reloads))).write(to: path)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
            let line = try #require(yaml.split(separator: "\n").first { $0.contains("views:") && $0.contains("each rate is per hour") })
            let items = line.matches(of: /per_hour: ([0-9.]+)\}, during: "([0-9:]+)-([0-9:]+)"/)
            let counted = line.matches(of: /(\d\d:\d\d)-(\d\d:\d\d): (\d+) in ([0-9.]+) h/)
            // Views only 07:00–23:00: one window with views (the night's are empty and not listed).
            #expect(!items.isEmpty && items.count == counted.count, "\(line)")
            for (item, count) in zip(items, counted) {
                #expect(item.output.2 == count.output.1 && item.output.3 == count.output.2, "\(line)")
                let rate = Double(count.output.3)! / Double(count.output.4)!
                // The comment's hours are rounded to 0.1 h; the printed rate to 3 significant digits.
                #expect(abs(Double(item.output.1)! - rate) <= 0.01 * rate + 0.001, "\(line)")
            }
        }
    }

    @Test("without change rows the emitted scenario says freshness cannot be judged, and optimize refuses it")
    func withoutChanges() throws {
        try withCSVScratch { dir in
            var scenario = try ScenarioLoader.parse(yaml: Self.truths[1].yaml, file: "t2.yaml").scenario
            scenario.days = 3
            scenario.replications = 1
            let records = DeviceLogExporter.records(Simulator.run(scenario, events: .reloads)).filter { $0.event != .change }
            let path = dir.file("log.csv")
            try DeviceLogWriter.document(records).write(to: path)
            let a = try DeviceLogReader.analyze(paths: [path], timeZone: nil).analysis
            let yaml = CalibratedScenario.yaml(a, files: [path], timeZone: nil, name: "emitted")
            #expect(yaml.contains("# FRESHNESS CANNOT BE JUDGED"))
            #expect(yaml.contains("content_logged: false"))
            #expect(AnalysisOutput.summary(a).contains("FRESHNESS CANNOT BE JUDGED"))
            try (yaml + Self.optimize + "\n").write(toFile: dir.file("emitted.yaml"), atomically: true, encoding: .utf8)
            let file = try ScenarioLoader.load(path: dir.file("emitted.yaml"))
            #expect {
                try OptimizationRun.run(file: file)
            } throws: { error in
                let text = String(describing: error)
                return text.contains("calibration.content_logged") && text.contains("WidgetLog.change()") && !text.contains("\n")
            }
        }
    }
}
