import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Reading the `optimize:` section and the rows of `candidates.csv`.
@Suite("Optimize section")
struct OptimizeSectionTests {
    static let base = """
        name: t
        days: 1
        budget: {daily: "40...70"}
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 61, spacing: 1m, first_offset: 2s, align: minute, policy: at-end}
            content:
              predictable: {every: 1m}
            views: {poisson: {per_hour: 6}}

        """

    static func settings(_ optimize: String, overrides: OptimizationOverrides = OptimizationOverrides()) throws -> OptimizationSettings {
        let file = try ScenarioLoader.parse(yaml: base + optimize, file: "s.yaml")
        return try OptimizeSection.settings(for: file, overrides: overrides)
    }

    @Test("the issue's example reads into its space, objective and constraints")
    func issueExample() throws {
        let s = try Self.settings(
            """
            optimize:
              widget: clock
              spacing: [30s, 1m, 5m, 15m, 30m, 1h]
              entries: [1, 6, 12, 30, 61, 120]
              align: [none, minute]
              policy: [at-end, {after: [15m, 30m, 1h, 2h]}, never]
              windows: [[], ["07:00-23:00"]]
              objective: p95-age
              constraints:
                budgets: "40...70"
                max_exhausted_day_fraction: 0.1
                memory_margin: 0.25
              replications: 8
            """)
        #expect(s.space.spacings == [30, 60, 300, 900, 1_800, 3_600])
        #expect(s.space.entries == [1, 6, 12, 30, 61, 120])
        #expect(s.space.policies == [.atEnd, .after(900), .after(1_800), .after(3_600), .after(7_200), .never])
        #expect(s.space.windows == [[], [TimeWindow("07:00-23:00")!]])
        // 2 windows × 6 policies × (2 aligns × 6 spacings × 5 multi-entry counts + 1 single entry).
        #expect(s.space.count == 732)
        #expect(s.space.firstOffset == 2, "the current provider's first offset")
        #expect(s.objective == .p95Age && s.replications == 8)
        // The seen tolerance defaults to the clock's minute (its predictable period).
        #expect(
            s.constraints
                == OptimizationConstraints(budgets: 40...70, maxExhaustedDayFraction: 0.1, memoryMargin: 0.25, seenTolerance: 60))
    }

    @Test("tolerance, max_replications and app_throttle; app_throttle needs an app reload stream that reaches the widget")
    func toleranceRacingThrottle() throws {
        let s = try Self.settings("optimize:\n  objective: mean-age\n  tolerance: 30s\n  max_replications: 16\n")
        #expect(s.tolerance == 30 && s.maxReplications == 16 && s.objectiveSource == "optimize.objective")
        let f = try Self.settings("optimize:\n  tolerance: 0.01\n")
        #expect(f.objective == .viewFreshness && f.tolerance == 0.01)
        do {
            _ = try Self.settings("optimize:\n  tolerance: 2\n")
            Issue.record("a fraction tolerance of 2 was accepted")
        } catch let e as ScenarioError {
            #expect("\(e)".contains("optimize.tolerance") || "\(e)".contains("tolerance"), "\(e)")
        }
        do {
            _ = try Self.settings("optimize:\n  app_throttle: [0s, 40m]\n")
            Issue.record("app_throttle without app reloads was accepted")
        } catch let e as ScenarioError {
            #expect("\(e)".contains("no app.reloads stream reaches widget"), "\(e)")
        }
        let app = "app:\n  reloads:\n    - {kind: clock, every: 1h, throttle: 15m}\n"
        let file = try ScenarioLoader.parse(yaml: Self.base + app + "optimize:\n  app_throttle: [1h, 0s, 40m, 40m]\n", file: "s.yaml")
        #expect(file.scenario.app.reloads.first?.throttle == 900)
        let t = try OptimizeSection.settings(for: file)
        #expect(t.space.appThrottles == [0, 2_400, 3_600])
        #expect(t.space.count == 732 / 2 * 3)  // the default space (one window list) × 3 throttles
    }

    @Test("absent keys take the defaults; a range of entries expands; overrides win")
    func defaultsRangesOverrides() throws {
        let s = try Self.settings("optimize:\n  entries: \"1...240\"\n")
        #expect(s.space.entries == Array(1...240))
        #expect(s.space.spacings.count == 6 && s.space.aligns == [.none, .minute] && s.space.windows == [[]])
        // The widget has views, so the default objective is what users see.
        #expect(s.objective == .viewFreshness && s.objectiveSource == "default: the widget has views")
        #expect(s.constraints.budgets == 40...70 && s.constraints.memoryMargin == 0.2)
        #expect(s.tolerance == nil && s.resolvedTolerance == 0.001 && s.maxReplications == 64)
        #expect(s.space.appThrottles == [nil])
        let o = try Self.settings(
            "optimize:\n  entries: \"1...240\"\n",
            overrides: OptimizationOverrides(
                objective: "view-freshness", budgets: "45", spacing: "1m,2m", entries: "1...3", align: "hour",
                policy: "at-end,after:90m,never", windows: ["all-day", "weekdays 09:30-16:00;weekends 10:00-12:00"], replications: 3))
        #expect(o.objective == .viewFreshness && o.constraints.budgets == 45...45 && o.replications == 3)
        #expect(o.space.spacings == [60, 120] && o.space.entries == [1, 2, 3] && o.space.aligns == [.hour])
        #expect(o.space.policies == [.atEnd, .after(5_400), .never])
        #expect(o.space.windows.count == 2 && o.space.windows[1].count == 2)
    }

    @Test("no `optimize:` section at all: the default space")
    func noSection() throws {
        let s = try Self.settings("")
        #expect(s.space.count > 100)
        #expect(s.widget == 0)
    }

    @Test("several widgets need `widget:`")
    func severalWidgets() throws {
        let yaml = Self.base + "  - kind: news\n    provider: {type: never}\n"
        let file = try ScenarioLoader.parse(yaml: yaml, file: "s.yaml")
        #expect(throws: ScenarioError.self) { try OptimizeSection.settings(for: file) }
        let chosen = try OptimizeSection.settings(for: file, overrides: OptimizationOverrides(widget: "news"))
        #expect(chosen.widget == 1)
    }

    @Test("a row of candidates.csv reads back into the record it came from")
    func rowRoundTrip() throws {
        let scenario = TestScenarios.single(
            .never, days: 1, budget: BudgetSettings(dailyMin: 40, dailyMax: 70),
            predictable: EventProcess(.every(period: 60, offset: 0)))
        let settings = OptimizationSettings(
            space: SearchSpace(spacings: [60], entries: [61], aligns: [.minute], policies: [.atEnd]),
            constraints: OptimizationConstraints(budgets: 40...70), replications: 1)
        let problem = OptimizationProblem(scenario: scenario, settings: settings)
        for c in [
            PolicyCandidate(
                spacing: 60, entries: 61, align: .minute, policy: .after(3_600),
                windows: [TimeWindow("weekdays 07:00-23:00")!, TimeWindow("weekends 09:00-22:00")!]),
            PolicyCandidate(spacing: 30, entries: 6, align: .none, policy: .atEnd),
        ] {
            let e = problem.evaluate(c)
            let fields = CandidateTable.row(e, objective: .meanAge)
            #expect(fields.count == CandidateTable.header.count)
            let row = try CandidateRow(fields: fields, where: "test")
            let direct = CandidateRecord(e)
            #expect(row.record.candidate == c)
            #expect(row.record.objective == direct.objective && row.record.chargedPerDay == direct.chargedPerDay)
            #expect(row.record.peakMemoryMB == direct.peakMemoryMB && row.record.neededBudget == direct.neededBudget)
            #expect(row.record.exhaustedDayFraction == direct.exhaustedDayFraction && row.record.feasible == direct.feasible)
        }
    }

    @Test("a bad row is one line naming the place and the column")
    func badRow() throws {
        var fields = [String](repeating: "0", count: CandidateTable.header.count)
        fields[2] = "none"
        fields[3] = "sometimes"
        #expect(throws: MergeError.self) { try CandidateRow(fields: fields, where: "c.csv:7") }
        do {
            _ = try CandidateRow(fields: fields, where: "c.csv:7")
        } catch {
            #expect("\(error)" == "c.csv:7: policy: unknown policy 'sometimes'")
        }
    }
}
