import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// Issue #26: the loader's contracts with the providers and budget models it reads.
@Suite("Scenario reader contracts")
struct ScenarioReaderContractTests {
    static func scenario(provider: String) -> String {
        """
        name: contract
        widgets:
          - kind: feed
            provider: \(provider)
        """
    }

    /// Each provider type reads its own example into a spec of its type (`ProviderType(spec)`,
    /// an exhaustive switch, maps it back).
    @Test("every provider type reads its example", arguments: ProviderType.allCases)
    func providerExamples(type: ProviderType) throws {
        let spec = try ScenarioLoader.parse(yaml: Self.scenario(provider: type.example), file: "c.yaml").scenario.widgets[0].provider
        #expect(ProviderType(spec) == type)
        #expect(type.keys.first == "type")
    }

    /// The keys a provider mapping may hold before its type is known are every type's own keys,
    /// in the order the loader listed them by hand before (so its hints read as before).
    @Test("the provider keys are the union of each type's keys")
    func providerKeyUnion() {
        #expect(
            ProviderType.allKeys == [
                "type", "entries", "spacing", "first_offset", "align", "policy", "level", "rate_per_hour", "full", "on_change",
                "windows", "segments",
            ])
    }

    /// A key of another provider type is refused by the type's own list, with a hint from it.
    @Test("a provider refuses another type's key, naming its own")
    func providerOwnKeys() throws {
        let yaml = Self.scenario(provider: "{type: until-full, level: 40, rate_per_hour: 10, spacing: 30m, entries: 4}")
        #expect {
            try ScenarioLoader.parse(yaml: yaml, file: "c.yaml")
        } throws: { error in
            "\(error)".contains("provider.entries: unknown key 'entries'")
        }
    }

    /// Pushes sent at 0, 1, 2, 3, 4, 5, 24, 25, 28 and 29 h from 20:00, push budget 2. Under
    /// `midnight` (local midnights at 4 h and 28 h): 0 and 1 h, then 4 and 5 h, then 28 and 29 h.
    /// Under the default `rolling-24h`: 0 and 1 h, then 24 and 25 h, once each has aged 24 hours.
    @Test(
        "app.pushes.budget.model decides which pushes are delivered",
        arguments: [("midnight", [0, 1, 4, 5, 28, 29]), ("rolling-24h", [0, 1, 24, 25]), ("", [0, 1, 24, 25])])
    func pushBudgetModel(model: String, deliveredHours: [Double]) throws {
        let modelKey = model.isEmpty ? "" : ", model: \(model)"
        let yaml = """
            name: pushes
            start: 2026-01-05T20:00:00
            days: 2
            widgets:
              - kind: feed
                provider: {type: fixed, entries: 1, policy: never}
            app:
              pushes: {at: [0h, 1h, 2h, 3h, 4h, 5h, 24h, 25h, 28h, 29h], budget: {daily: 2\(modelKey)}}
            """
        let scenario = try ScenarioLoader.parse(yaml: yaml, file: "p.yaml").scenario
        #expect(scenario.app.pushes?.model == (model.isEmpty ? .rolling24h : BudgetModel(rawValue: model)))
        let events = Simulator.run(scenario, events: .all).run().events
        let pushes = events.filter { $0.kind == .request && $0.source == .appAll }.map(\.time)
        #expect(pushes == deliveredHours.map { $0 * 3_600 })
    }
}
