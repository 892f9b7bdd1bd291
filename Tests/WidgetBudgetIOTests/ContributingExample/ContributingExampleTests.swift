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

    /// A widget whose provider is the worked example's, as a scenario names it.
    static let backoffYAML = """
        name: backoff-example
        days: 1
        widgets:
          - kind: feed
            provider: {type: backoff, first: 15m, cap: 2h}
        """

    /// The loader given the example's provider type (its loader entry, as a built-in one's is its
    /// line in `ProviderSpec.builtInTypes`).
    static func loadBackoff(_ yaml: String = backoffYAML) throws -> Scenario {
        try ScenarioLoader.parse(yaml: yaml, file: "backoff.yaml", providerTypes: ProviderSpec.builtInTypes + [BackoffProvider.self])
            .scenario
    }

    /// Waits of 15 min, 30 min, 1 h, then 2 h: reloads at 0, 900, 2,700 and 6,300 s, then every
    /// 7,200 s from 6,300 to 85,500 s (15 a day, within the default budget).
    static let backoffGrants: [SimTime] = [0, 900, 2_700] + (0..<12).map { 6_300 + Double($0) * 7_200 }

    @Test("a scenario naming type: backoff loads only with the type given to the loader, and reads its keys")
    func backoffLoaderEntry() throws {
        let provider = try Self.loadBackoff().widgets[0].provider
        #expect(provider == .custom(CustomProvider(BackoffProvider(first: 900, cap: 7_200))))
        #expect(provider.typeName == "backoff")
        #expect(provider.summary == "backoff: one entry, reload after 15m, doubling up to 2h")
        #expect(provider.maxEntries == 1)
        #expect(try Self.loadBackoff(Self.backoffYAML.replacingOccurrences(of: "cap: 2h", with: "cap: 1h")).widgets[0].provider != provider)
        #expect {
            try ScenarioLoader.parse(yaml: Self.backoffYAML, file: "backoff.yaml")
        } throws: { error in
            "\(error)"
                == "backoff.yaml:5: widgets[0].provider.type: unknown provider type 'backoff' (use fixed, until-full, windows, schedule, never)"
        }
        // Its own keys only, and its own checks, with the file, line and key.
        #expect {
            try Self.loadBackoff(Self.backoffYAML.replacingOccurrences(of: "cap: 2h", with: "entries: 2"))
        } throws: { error in
            "\(error)".hasPrefix("backoff.yaml:5: widgets[0].provider.entries: unknown key 'entries'")
        }
        #expect {
            try Self.loadBackoff(Self.backoffYAML.replacingOccurrences(of: "cap: 2h", with: "cap: 10m"))
        } throws: { error in
            "\(error)" == "backoff.yaml:5: widgets[0].provider.cap: the cap 10m is below first (give a cap of at least 15m)"
        }
    }

    @Test("the backoff provider, named by a scenario, reloads after 15 min, 30 min, 1 h, then every 2 h")
    func backoffSimulated() throws {
        let scenario = try Self.loadBackoff()
        let run = Simulator.run(scenario, events: .reloads).run()
        #expect(run.grantTimes == Self.backoffGrants)
        // The same logic replayed in place of a `provider: never` widget gives the same reloads.
        var never = scenario
        never.widgets[0].provider = .never
        #expect(
            try Simulator.run(never, replacing: "feed", with: BackoffProvider(), events: .reloads).run().grantTimes == Self.backoffGrants)
    }

    /// A scenario holding the provider survives JSON when the decoder is handed its type, and
    /// says which type it lacks when not.
    @Test("a scenario with the backoff provider round-trips through JSON given its type")
    func backoffCodable() throws {
        let scenario = try Self.loadBackoff()
        // Infinities (an unlimited `unseen_after`) as strings, as `CodableRoundTripTests` does.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(scenario)
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        #expect(throws: DecodingError.self) { try decoder.decode(Scenario.self, from: data) }
        decoder.userInfo[.providerTypes] = ProviderSpec.builtInTypes + [BackoffProvider.self]
        #expect(try decoder.decode(Scenario.self, from: data) == scenario)
        #expect(String(decoding: data, as: UTF8.self).contains(#""provider":{"custom":{"_0":{"type":"backoff","value":{"#))
    }
}
