import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// A schedule chosen over a January week must also hold on the zone's clock-change days (issue
/// #22 item 5): on the spring-forward day a rolling 24 hours holds 25 hours of the wall clock, so
/// a schedule that spends the whole budget in 24 wall hours runs out.
@Suite("Optimization: daylight-saving days")
struct OptimizationDaylightSavingTests {
    /// Five segments in Europe/Paris (spring forward 2026-03-29, fall back 2026-10-25), 40 a day.
    static let yaml = """
        name: dst-paris
        start: 2026-01-05T00:00:00
        timezone: Europe/Paris
        days: 7
        replications: 4
        seed: 29
        budget: {daily: 40, model: rolling-24h}
        system: {min_reload_interval: 5m}
        widgets:
          - kind: headlines
            provider: {type: fixed, entries: 1, policy: {after: 36m}}
            content:
              unpredictable:
                - {poisson: {per_hour: 6}, during: "06:00-09:00"}
                - {poisson: {per_hour: 1}, during: "09:00-17:00"}
                - {poisson: {per_hour: 2}, during: "17:00-21:00"}
                - {poisson: {per_hour: 1}, during: "21:00-23:00"}
                - {poisson: {per_hour: 0.2}, during: "23:00-06:00"}
            views: {poisson: {per_hour: 4}, during: "06:00-23:00"}
        optimize:
          entries: [1]
          max_replications: 4
          schedule:
            segments: ["06:00-09:00", "09:00-17:00", "17:00-21:00", "21:00-23:00", "23:00-06:00"]
            after: [10m, 15m, 20m, 30m, 45m, 1h, 2h, 4h, never]
          constraints:
            budgets: "40"
        """

    static func file() throws -> ScenarioFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-dst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("dst-paris.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return try ScenarioLoader.load(path: path)
    }

    /// The scenario with `candidate` written in, starting at local midnight of `start` for `days`.
    static func replay(_ scenario: Scenario, _ candidate: PolicyCandidate, start: String, days: Int) -> WidgetSummary {
        var s = scenario
        s.widgets[0].provider = candidate.providerSpec(firstOffset: 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = s.timeZone
        let parts = start.split(separator: "-").map { Int($0)! }
        s.start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
        s.days = days
        return Simulator.run(s).summaries[0]
    }

    @Test("the naive choice runs out on the spring-forward day and is not recommended")
    func springForward() throws {
        let file = try Self.file()
        let outcome = try OptimizationRun.run(file: file)
        let scenario = file.scenario
        let rec = try #require(outcome.recommended).record.candidate
        // The recommendation holds over the horizon and over the days of both clock changes
        // (each with the day before), replayed by `simulate`.
        #expect(Self.replay(scenario, rec, start: "2026-01-05", days: 7).exhaustedDayFraction == 0)
        #expect(Self.replay(scenario, rec, start: "2026-03-28", days: 2).exhaustedDayFraction == 0)
        #expect(Self.replay(scenario, rec, start: "2026-10-24", days: 2).exhaustedDayFraction == 0)
        // The naive choice, what `optimize` recommended before it judged these days: it holds over
        // the January week (40 a day, 39.1 charged) but the hour 06:20-07:20 counts twice in the
        // 24 hours before 07:20 on 2026-03-29, so it runs out that morning.
        let space = ScheduleSpace(
            segments: ["06:00-09:00", "09:00-17:00", "17:00-21:00", "21:00-23:00", "23:00-06:00"].map { TimeWindow($0)! },
            afters: [600, 900, 1_200, 1_800, 2_700, 3_600, 7_200, 14_400, nil])
        let naive = space.candidate([3, 3, 2, 3, 8])
        #expect(naive != rec)
        #expect(Self.replay(scenario, naive, start: "2026-01-05", days: 7).exhaustedDayFraction == 0)
        #expect(Self.replay(scenario, naive, start: "2026-03-28", days: 2).exhaustedDayFraction > 0)
        let problem = try OptimizationRun.prepare(file: file)
        #expect(problem.evaluate(naive).violations == [.daylightSaving(day: "spring forward 2026-03-29", budget: 40)])
        // recommendation.md says which days were judged.
        let md = RecommendationReport.markdown(outcome)
        #expect(
            md.contains(
                "the clock-change days of Europe/Paris in the coming year were judged too (spring forward 2026-03-29; fall back 2026-10-25)"
            ))
        // Some schedules the search visited ran out there, and the line counts them.
        let out = outcome.rows.filter { !$0.record.feasible && $0.record.exhaustedDayFraction == 0 && $0.record.kills == 0 }.count
        #expect(out > 0)
        #expect(md.contains("(\(out) of the \(outcome.rows.count) evaluated did)"))
    }

    /// Views on weekdays only, and both of Paris's clock changes fall on a Sunday: a weekend
    /// replayed on its own sees no view, so under `by_views` it would give B = max(1, 0) = 1. The
    /// widget keeps the horizon's budget (the optimizer's bug until round fourteen: an hourly
    /// policy was rejected for a weekend it holds on).
    static let weekdayYAML = """
        name: dst-weekday-views
        start: 2026-01-05T00:00:00
        timezone: Europe/Paris
        days: 7
        replications: 2
        seed: 3
        budget: {daily: 40, model: rolling-24h, by_views: true, full_at_views: 10}
        system: {min_reload_interval: 5m}
        widgets:
          - kind: headlines
            provider: {type: fixed, entries: 1, policy: {after: 1h}}
            content: {unpredictable: {every: 30m}}
            views: {every: 1h, during: "weekdays 07:00-23:00"}
        optimize:
          entries: [1]
          policy: [{after: 1h}]
          constraints: {budgets: "40", max_exhausted_day_fraction: 0}
        """

    @Test("a replayed clock-change day keeps the horizon's views a day")
    func replayKeepsTheHorizonsBudget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-dst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("dst-weekday-views.yaml").path
        try Self.weekdayYAML.write(toFile: path, atomically: true, encoding: .utf8)
        let problem = try OptimizationRun.prepare(file: try ScenarioLoader.load(path: path))
        #expect(problem.daylightSavingDays.map(\.label) == ["spring forward 2026-03-29", "fall back 2026-10-25"])
        // Over the horizon: 16 views on each of 5 weekdays in 7 days, 11.4 a day ≥ 10, so B = 40;
        // hourly reloads need 24 a day (25 in the 25 wall hours of a spring-forward window).
        let after1h = PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .after(3_600))
        let evaluation = problem.evaluate(after1h)
        // The days of the clock changes (weekends, no view) are judged at the horizon's B = 40.
        #expect(evaluation.violations.isEmpty)
        #expect(evaluation.worstBudget == 40)
        // Replayed afresh (the replay's own views), the same policy runs out on the
        // spring-forward weekend: B = max(1, round(40 × 0 / 10)) = 1.
        var s = problem.scenario
        s.start = try #require(Calendar.paris.date(from: DateComponents(year: 2026, month: 3, day: 28)))
        s.days = 2
        s.widgets[0].provider = after1h.providerSpec(firstOffset: 0)
        #expect(Simulator.run(s).summaries[0].exhaustedDayFraction > 0)
    }

    @Test("a zone without daylight saving says so")
    func noDaylightSaving() throws {
        var s = try Self.file().scenario
        s.timeZone = TimeZone(identifier: "UTC")!
        let settings = OptimizationSettings(
            space: SearchSpace(spacings: [0], entries: [1], aligns: [.none], policies: [.after(3_600)]),
            constraints: OptimizationConstraints(budgets: 40...40, maxExhaustedDayFraction: 0, memoryMargin: 0.2),
            replications: 1)
        #expect(OptimizationProblem(scenario: s, settings: settings).daylightSavingDays.isEmpty)
        s.timeZone = TimeZone(identifier: "Europe/Paris")!
        let days = OptimizationProblem(scenario: s, settings: settings).daylightSavingDays
        #expect(days.map(\.label) == ["spring forward 2026-03-29", "fall back 2026-10-25"])
        #expect(days.allSatisfy { !$0.inHorizon })
    }
}

extension Calendar {
    /// The Gregorian calendar in Europe/Paris.
    fileprivate static var paris: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "Europe/Paris")!
        return c
    }
}
