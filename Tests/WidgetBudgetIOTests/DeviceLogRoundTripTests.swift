import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Simulate → device log → analyze: the estimators must recover the parameters the simulation used.
///
/// The widget returns 20-minute timelines (3 entries 10 min apart, `.atEnd`); WidgetKit adds a
/// uniform 0–3 min delay; the app calls `reloadTimelines(ofKind:)` 2 times an hour (Poisson). That is
/// about 96 reload requests a day against a budget of 45, so the budget runs out every day. The
/// log starts at 07:00 local time so that the three budget models give budget back at different
/// instants.
@Suite("Device log round trip")
struct DeviceLogRoundTripTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var model: BudgetModel
        var timeZone: String
        /// Whether the delay can be measured: under a token bucket every policy reload after the
        /// first day waits for a token, so only a handful show WidgetKit's own delay.
        var delayMeasurable: Bool
        var testDescription: String { "\(model.rawValue), \(timeZone)" }
    }

    static let cases: [Case] = [
        Case(model: .rolling24h, timeZone: "Europe/Paris", delayMeasurable: true),
        Case(model: .midnight, timeZone: "America/New_York", delayMeasurable: true),
        Case(model: .tokenBucket, timeZone: "Asia/Tokyo", delayMeasurable: false),
    ]

    static func scenario(_ model: BudgetModel, timeZone: String, days: Int = 28, seed: UInt64 = 7) -> Scenario {
        let zone = TimeZone(identifier: timeZone)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.date(from: DateComponents(year: 2026, month: 1, day: 5, hour: 7))!
        return Scenario(
            name: "round-trip", start: start, timeZone: zone, days: days, seed: seed, budget: .fixed(45, model: model),
            system: SystemSettings(reloadDelay: .uniform(0, 180)),
            widgets: [WidgetSpec(kind: "clock", provider: .fixed(FixedProvider(entries: 3, spacing: 600, policy: .atEnd)))],
            app: AppActivity(reloads: [.init(target: .kind("clock"), trigger: .process(EventProcess(.poisson(perHour: 2))))]))
    }

    /// Simulates, writes the device log as CSV, reads it back and analyses it.
    static func analyse(_ scenario: Scenario, in folder: String) throws -> DeviceLogReader.Outcome {
        let result = Simulator.run(scenario, events: .reloads)
        let path = folder + "/device-log.csv"
        try DeviceLogWriter.document(DeviceLogExporter.records(result)).write(to: path)
        return try DeviceLogReader.analyze(paths: [path], timeZone: nil)
    }

    @Test("recovers the budget (±3), the model, the delay median (±15 s) and the app rate (±10 %)", arguments: cases)
    func recoversTheParameters(_ c: Case) throws {
        let outcome = try withCSVScratch { dir in try Self.analyse(Self.scenario(c.model, timeZone: c.timeZone), in: dir.path) }
        #expect(outcome.warnings.isEmpty)
        let a = outcome.analysis
        try #require(a.widgets.count == 1)
        let w = a.widgets[0]
        #expect(w.kind == "clock")
        #expect(w.budget.model == c.model)
        #expect(!w.budget.undecided)
        let b = try #require(w.budget.daily)
        #expect(abs(b - 45) <= 3)
        let fit = try #require(w.budget.fits.first)
        #expect(fit.interval.contains(45))
        #expect(fit.stallsExplained == fit.stalls)
        if c.delayMeasurable {
            let median = try #require(w.reloadDelay.median)
            #expect(abs(median - 90) <= 15, "delay median \(median) s")
            guard case let .uniform(lo, hi)? = w.reloadDelay.fitted else {
                Issue.record("fitted \(String(describing: w.reloadDelay.fitted)), expected uniform")
                return
            }
            #expect(lo <= 20 && abs(hi - 180) <= 20)
        }
        let app = try #require(a.app.reloads.first)
        #expect(app.kind == "clock")
        #expect(isApproximatelyEqual(app.overallPerHour, 2, relativeTolerance: 0.10), "app rate \(app.overallPerHour)/h")
        // Local days follow the scenario's zone: 28 days from 07:00 on Monday 5 January.
        #expect(w.days.first?.date == "2026-01-05")
        #expect(w.days.last?.date == "2026-02-02")
    }

    @Test("the emitted scenario loads, and simulating it gives back the same budget and model")
    func emittedScenarioCalibrates() throws {
        try withCSVScratch { dir in
            let outcome = try Self.analyse(Self.scenario(.rolling24h, timeZone: "Europe/Paris"), in: dir.path)
            let written = try AnalysisOutput.write(
                outcome, to: dir.file("analysis"), scenarioPath: dir.file("calibrated.yaml"), timeZone: nil)
            #expect(written.paths.contains(dir.file("calibrated.yaml")))
            let file = try ScenarioLoader.load(path: dir.file("calibrated.yaml"))
            let s = file.scenario
            #expect(s.budget.model == .rolling24h)
            #expect(s.budget.dailyMin == 45 && s.budget.dailyMax == 45)
            guard case let .uniform(lo, hi) = s.system.reloadDelay else {
                Issue.record("reload_delay \(s.system.reloadDelay), expected uniform")
                return
            }
            #expect(lo <= 20 && abs(hi - 180) <= 20)
            #expect(s.widgets.map(\.kind) == ["clock"])
            #expect(s.widgets[0].provider == .fixed(FixedProvider(entries: 3, spacing: 600, policy: .atEnd)))
            #expect(s.days == 28)
            #expect(s.timeZone.secondsFromGMT(for: s.start) == 3600)
            guard case let .process(process) = s.app.reloads.first?.trigger, case let .poisson(rate) = process.pattern else {
                Issue.record("app reloads \(s.app.reloads), expected one Poisson stream")
                return
            }
            #expect(isApproximatelyEqual(rate, 2, relativeTolerance: 0.10))

            // Measure → calibrate → simulate → measure again: the calibrated scenario's own log
            // gives the same budget and model.
            var again = s
            again.replications = 1
            let second = try Self.analyse(again, in: dir.path)
            #expect(second.analysis.widgets[0].budget.model == .rolling24h)
            #expect(second.analysis.widgets[0].budget.daily == 45)
        }
    }

    @Test("the analysis is deterministic: same log, byte-identical files")
    func deterministicOutput() throws {
        try withCSVScratch { dir in
            let outcome = try Self.analyse(Self.scenario(.midnight, timeZone: "Europe/Paris", days: 7), in: dir.path)
            // With gnuplot (always in CI) the figures are compared too.
            let renderer = try PlotRenderer.locate()
            let first = try AnalysisOutput.write(
                outcome, to: dir.file("one"), scenarioPath: dir.file("one.yaml"), timeZone: nil, renderer: renderer)
            let again = try DeviceLogReader.analyze(paths: [dir.file("device-log.csv")], timeZone: nil)
            let second = try AnalysisOutput.write(
                again, to: dir.file("two"), scenarioPath: dir.file("two.yaml"), timeZone: nil, renderer: renderer)
            #expect(first.paths.count == second.paths.count)
            for (a, b) in zip(first.paths, second.paths) {
                #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b), "\(a)")
            }
            // Three figures per widget (the log has memory_mb), linked from analysis.md when drawn.
            #expect(first.plots.map(\.kind) == [.logReloads, .logHours, .logMemory])
            let report = try String(contentsOfFile: dir.file("one/analysis.md"), encoding: .utf8)
            #expect(report.contains("## Figures"))
            if renderer.isAvailable {
                #expect(first.plots.allSatisfy { $0.status == .drawn })
                #expect(report.contains("](\(first.plots[0].name).svg)"))
                #expect(first.paths.contains(dir.file("one/\(first.plots[1].name).png")))
            } else {
                #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI installs gnuplot")
            }
        }
    }

    @Test("a killed timeline shows as a likely kill; memory per timeline size is reported")
    func killsAreSuspected() throws {
        let scenario = Scenario(
            name: "kills", days: 1, budget: .fixed(70),
            widgets: [WidgetSpec(kind: "photos", provider: .fixed(FixedProvider(entries: 400, spacing: 60, policy: .atEnd)))])
        let outcome = try withCSVScratch { dir in try Self.analyse(scenario, in: dir.path) }
        let w = outcome.analysis.widgets[0]
        // 400 entries take 6 + 400 × 64 / 1024 = 31 MB > 30: every reload is killed and retried after 15 min.
        #expect(w.memory.map(\.entries) == [400])
        #expect(isApproximatelyEqual(w.memory[0].peakMB ?? 0, 31, absoluteTolerance: 0.01))
        #expect(w.likelyKillCount == w.reloads)
        #expect(w.likelyKills.first?.reason == .placeholder)
        #expect(w.placeholders >= 1)
    }
}
