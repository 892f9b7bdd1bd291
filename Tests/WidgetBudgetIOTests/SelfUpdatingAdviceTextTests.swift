import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// A self-updating view is ranked with the policies only for content that is time itself
/// (`content.predictable.time_only`); when it wins it is the recommendation, in every file.
@Suite("Optimize: a self-updating view in words")
struct SelfUpdatingAdviceTextTests {
    static let space = """
        optimize:
          spacing: [1m]
          entries: [61]
          align: [minute]
          policy: [at-end]
          objective: mean-age
          constraints: {budgets: "70...70"}
          replications: 1

        """

    /// A countdown changing every second, `time_only`, over one day, B = 70. The view with one
    /// `.never` entry: fresh all the time (mean age 0 s), one charged reload (the first) in the
    /// day. The policy: 61 entries a minute apart, `.atEnd` one hour after each reload: 24 charged
    /// reloads a day, stale most of every minute (a second's content shown for a minute).
    @Test("a countdown (time_only): the self-updating view is the recommendation, its csv, md and Provider.swift")
    func countdown() throws {
        let yaml = OptimizeSectionTests.base.replacingOccurrences(of: "{every: 1m}", with: "{every: 1s, time_only: true}") + Self.space
        let outcome = try OptimizationRun.run(file: try ScenarioLoader.parse(yaml: yaml, file: "s.yaml"))
        let rec = try #require(outcome.recommended)
        #expect(rec.record.candidate.selfUpdating)
        #expect(rec.field("self_updating") == "true")
        #expect(outcome.runnerUp?.field("self_updating") == "false")
        let md = RecommendationReport.markdown(outcome)
        #expect(md.contains("## A self-updating view"))
        #expect(md.contains("It is the recommendation: mean age 0s, fresh 100.0% of the time, 1.0 charged reloads a day (needs 1)"))
        #expect(md.contains("against the best timeline policy, 61 entries 1m apart, aligned to the minute, at-end"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("su-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        try OptimizationOutput.write(outcome, to: out)
        let provider = try String(contentsOfFile: out + "/Provider.swift", encoding: .utf8)
        #expect(provider.contains("completion(Timeline(entries: [SimpleEntry(date: now, target: Self.target(now: now))], policy: .never))"))
        #expect(provider.contains("//     Text(entry.target, style: .timer)"))
        let csv = try String(contentsOfFile: out + "/recommendation.csv", encoding: .utf8).split(separator: "\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
        let row = csv[1].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "self_updating"))
        #expect(row[column] == "true")
    }

    /// A departure board changing every 15 minutes (`every: 15m`, no `time_only`): a `Text(.timer)`
    /// cannot draw it, so no self-updating view is tried or mentioned.
    @Test("a departure board (every 15m, not time_only): no self-updating view anywhere")
    func departureBoard() throws {
        let yaml = OptimizeSectionTests.base.replacingOccurrences(of: "{every: 1m}", with: "{every: 15m}") + Self.space
        let outcome = try OptimizationRun.run(file: try ScenarioLoader.parse(yaml: yaml, file: "s.yaml"))
        #expect(outcome.rows.allSatisfy { !$0.record.candidate.selfUpdating && $0.field("self_updating") == "false" })
        #expect(outcome.manifest["self_updating_period_s"].isEmpty)
        #expect(!RecommendationReport.markdown(outcome).lowercased().contains("self-updating"))
        #expect(SelfUpdatingAdviceText.summary(outcome).isEmpty)
    }

    @Test("time_only needs an every process: one line naming the key")
    func timeOnlyNeedsEvery() {
        let yaml = OptimizeSectionTests.base.replacingOccurrences(of: "{every: 1m}", with: "{poisson: {per_hour: 2}, time_only: true}")
        #expect {
            try ScenarioLoader.parse(yaml: yaml, file: "s.yaml")
        } throws: { error in
            "\(error)".contains("s.yaml:8: widgets[0].content.predictable.time_only: time_only needs an `every` process")
        }
    }

    @Test("no self-updating candidate for a view that updates itself already")
    func alreadySelfUpdating() throws {
        let yaml =
            OptimizeSectionTests.base.replacingOccurrences(of: "{every: 1m}", with: "{every: 1m, self_updating: true, time_only: true}")
            + "optimize:\n  spacing: [1m]\n  entries: [61]\n  align: [minute]\n  policy: [at-end]\n  replications: 1\n"
        let outcome = try OptimizationRun.run(file: try ScenarioLoader.parse(yaml: yaml, file: "s.yaml"))
        #expect(outcome.manifest["self_updating_period_s"].isEmpty)
        #expect(!RecommendationReport.markdown(outcome).contains("self-updating view"))
    }
}
