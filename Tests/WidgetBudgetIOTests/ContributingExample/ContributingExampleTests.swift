import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// CONTRIBUTING.md's worked examples run: a scenario that names the hourly cap is loaded,
/// simulated and searched for its needed budget, and the backoff provider is replayed, against
/// hand-computed times.
@Suite("CONTRIBUTING worked examples")
struct ContributingExampleTests {
    /// One entry, a reload requested 10 minutes after each: 6 requests an hour against a cap of
    /// ⌈48 / 24⌉ = 2 an hour.
    static let yaml = """
        name: hourly-cap-example
        days: 1
        budget: {daily: 48, model: hourly-cap}
        widgets:
          - kind: feed
            provider: {type: fixed, entries: 1, policy: {after: 10m}}
        """

    /// The loader given the example's model.
    static func load() throws -> Scenario {
        try ScenarioLoader.parse(yaml: yaml, file: "hourly.yaml", budgetModels: BudgetModel.allCases + [.hourlyCap]).scenario
    }

    @Test("a scenario naming hourly-cap loads only with the model given to the loader")
    func loaderEntry() throws {
        #expect(try Self.load().budget.model == .hourlyCap)
        #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(yaml: Self.yaml, file: "hourly.yaml") }
    }

    /// Each hour: grants at :00 and :10; the request at :20 waits for the next hour (the rule's
    /// `nextRecovery`, the next local hour), so 48 grants a day, all charged.
    @Test("hourly-cap grants two reloads an hour, at :00 and :10")
    func simulated() throws {
        let run = Simulator.run(try Self.load(), events: .reloads).run()
        let expected = (0..<24).flatMap { h in [Double(h) * 3_600, Double(h) * 3_600 + 600] }
        #expect(run.grantTimes == expected)
        #expect(run.days[0].charged == 48)
    }

    /// Three charges in one hour need ⌈B / 24⌉ ≥ 3, B ≥ 49; two an hour need B ≥ 25. A search
    /// capped at B = n (3, or 48 for the simulated day) would answer 3 and 48.
    @Test("the needed-budget search uses the model's own bound: 49 for three charges in an hour")
    func neededBudget() throws {
        let clock = LocalClock.utc()
        #expect(NeededBudget.minimum(chargeTimes: [0, 600, 1_200], model: .hourlyCap, clock: clock) == 49)
        #expect(!HourlyCapBudget.grantsEvery([0, 600, 1_200], daily: 48, clock: clock))
        #expect(HourlyCapBudget.grantsEvery([0, 600, 1_200], daily: 49, clock: clock))
        let grants = Simulator.run(try Self.load(), events: .reloads).run().grantTimes
        #expect(NeededBudget.minimum(chargeTimes: grants, model: .hourlyCap, clock: clock) == 25)
        #expect(NeededBudget.minimumBySearch(chargeTimes: grants, model: .hourlyCap, clock: clock) == 25)
    }

    /// Waits of 15 min, 30 min, 1 h, then 2 h: reloads at 0, 900, 2,700 and 6,300 s, then every
    /// 7,200 s from 6,300 to 85,500 s (15 a day, within the default budget).
    @Test("the backoff provider reloads after 15 min, 30 min, 1 h, then every 2 h")
    func backoffReplayed() throws {
        let scenario = try ScenarioLoader.parse(
            yaml: """
                name: backoff-example
                days: 1
                widgets:
                  - kind: feed
                    provider: never
                """, file: "backoff.yaml"
        ).scenario
        let result = try Simulator.run(scenario, replacing: "feed", with: BackoffProvider(), events: .reloads)
        let expected: [SimTime] = [0, 900, 2_700] + (0..<12).map { 6_300 + Double($0) * 7_200 }
        #expect(result.run().grantTimes == expected)
    }
}
