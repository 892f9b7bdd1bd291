import Testing
import WidgetBudgetIO
import WidgetBudgetKit

/// `recommendation.md` and `optimize`'s summary propose a self-updating view in words.
@Suite("Optimize: a self-updating view in words")
struct SelfUpdatingAdviceTextTests {
    /// Seed 002's minute clock over one day, B = 70, the space its own policy. Self-updating with
    /// one `.never` entry: fresh all the time (mean age 0 s), one charged reload (the first) in the
    /// day. The policy: 61 entries a minute apart from the next whole minute, `.atEnd` one hour
    /// after each reload: 24 charged reloads in the day.
    @Test("seed 002's minute clock: the proposal with its numbers, in recommendation.md and the summary")
    func minuteClock() throws {
        let yaml =
            OptimizeSectionTests.base + """
                optimize:
                  spacing: [1m]
                  entries: [61]
                  align: [minute]
                  policy: [at-end]
                  objective: mean-age
                  constraints: {budgets: "70...70"}
                  replications: 1
                """
        let outcome = try OptimizationRun.run(file: try ScenarioLoader.parse(yaml: yaml, file: "s.yaml"))
        let md = RecommendationReport.markdown(outcome)
        #expect(md.contains("## A self-updating view"))
        #expect(md.contains("mean age 0s (fresh 100.0% of the time) with 1.0 charged reloads a day (needs 1) and 1 entry per timeline"))
        #expect(md.contains("for the recommended policy, with 24.0 charged reloads a day and 61 entries."))
        #expect(SelfUpdatingAdviceText.summary(outcome).contains("changes every 1m, like a clock or a countdown"))
    }

    @Test("no proposal for a self-updating view already")
    func alreadySelfUpdating() throws {
        let yaml =
            OptimizeSectionTests.base.replacingOccurrences(of: "{every: 1m}", with: "{every: 1m, self_updating: true}")
            + "optimize:\n  spacing: [1m]\n  entries: [61]\n  align: [minute]\n  policy: [at-end]\n  replications: 1\n"
        let outcome = try OptimizationRun.run(file: try ScenarioLoader.parse(yaml: yaml, file: "s.yaml"))
        #expect(outcome.manifest["self_updating_period_s"].isEmpty)
        #expect(!RecommendationReport.markdown(outcome).contains("self-updating view"))
    }
}
