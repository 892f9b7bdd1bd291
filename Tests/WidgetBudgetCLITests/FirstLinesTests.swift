import Foundation
import Testing
import WidgetBudgetTestSupport

/// What `simulate` says first (issue #28): a widget without content is not "fresh 100 %", the
/// JSON numbers are the CSV's, and UTC is called UTC.
@Suite("First lines")
struct FirstLinesTests {
    /// A widget asking every 5 minutes (288 a day) against 70: out of budget every day, and no
    /// `content`, so nothing ever makes it stale.
    static let noContent = """
        name: no-content
        days: 2
        budget: {daily: 70, model: midnight}
        widgets:
          - kind: greedy
            provider: {type: fixed, entries: 1, policy: {after: 5m}}
        """

    @Test("a widget without content: n/a in the table, said first in the findings and the JSON")
    func noContentIsNotFresh() throws {
        try ReportTestSupport.withScenarios(["a.yaml": Self.noContent]) { root in
            let text = try CLIRunner.run(["simulate", "Scenarios/a.yaml", "--out", "sim"], in: root)
            #expect(text.status == 0, "\(text.stderr)")
            let lines = text.stdout.split(separator: "\n").map(String.init)
            let row = try #require(lines.first { $0.hasPrefix("greedy ") })
            #expect(row.hasSuffix("n/a       n/a      n/a          n/a"), "\(row)")
            #expect(!text.stdout.contains("100.0%"))
            let findings = lines.drop { !$0.hasPrefix("greedy:") }.dropFirst()
            #expect(findings.first?.hasPrefix("  • Freshness cannot be judged: the scenario gives this widget no `content`") == true)

            #expect(
                text.stdout.contains(
                    "hint: The budget ran out: `widgetbudget optimize Scenarios/a.yaml` searches entry spacings and reload policies"))
            let json = try CLIRunner.run(["simulate", "Scenarios/a.yaml", "--out", "sim2", "--format", "json"], in: root)
            let doc = try JSONOutputTests.document(json)
            let widget = try #require((doc["widgets"] as? [[String: Any]])?.first)
            #expect(widget["freshnessJudged"] as? Bool == false)
            #expect((widget["findings"] as? [String])?.first?.hasPrefix("Freshness cannot be judged") == true)
        }
    }

    @Test("a widget with content is judged")
    func contentIsJudged() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let json = try CLIRunner.run(["simulate", "Scenarios/a.yaml", "--out", "sim", "--format", "json"], in: root)
            let widget = try #require((try JSONOutputTests.document(json)["widgets"] as? [[String: Any]])?.first)
            #expect(widget["freshnessJudged"] as? Bool == true)
            // 240 charged a day fit 300: no hint to optimize.
            let text = try CLIRunner.run(["simulate", "Scenarios/a.yaml", "--out", "sim2", "--budget", "300"], in: root)
            #expect(text.status == 0 && !text.stdout.contains("hint:"), "\(text.stdout)")
        }
    }

    /// Every number of the JSON summary is the number `summary.csv` holds (no `61020.0000003929`),
    /// and the default zone is named UTC, not Foundation's GMT.
    @Test("the JSON summary's numbers are summary.csv's; UTC is UTC")
    func jsonNumbersAreTheCSVs() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let json = try CLIRunner.run(["simulate", "Scenarios/a.yaml", "--out", "sim", "--format", "json"], in: root)
            #expect(json.status == 0, "\(json.stderr)")
            let doc = try JSONOutputTests.document(json)
            #expect((doc["scenario"] as? [String: Any])?["timeZone"] as? String == "UTC")
            let summary = try #require((doc["widgets"] as? [[String: Any]])?.first?["summary"] as? [String: Any])
            let csv = try String(contentsOf: root.appendingPathComponent("sim/summary.csv"), encoding: .utf8)
            let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let cells = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
            let columns = [
                "reloadsPerDay": "reloads_per_day", "chargedPerDay": "charged_per_day", "exhaustedDayFraction": "exhausted_day_fraction",
                "exhaustedMinutesPerDay": "exhausted_minutes_per_day", "rendersPerDay": "renders_per_day",
                "peakMemoryMB": "peak_memory_mb", "freshness": "freshness", "meanAge": "mean_age_s", "p95Age": "p95_age_s",
                "maxAge": "max_age_s", "viewFreshness": "view_freshness", "freshnessCI": "freshness_ci95",
                "meanAgeCI": "mean_age_s_ci95",
            ]
            for (key, column) in columns {
                let value = try #require(summary[key] as? Double, "\(key)")
                #expect(value == Double(try #require(cells[column])), "\(key): JSON \(value), CSV \(cells[column] ?? "")")
            }
        }
    }
}
