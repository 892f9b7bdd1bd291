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

    /// The built-in provider types' names, in the loader's order.
    static let typeNames = ProviderSpec.builtInTypes.map { $0.typeName }

    /// Each provider type reads its own example into a spec whose description is of that type
    /// (``ProviderDescription/spec`` and ``ProviderSpec/payload`` agree), and the spec keeps it.
    @Test("every provider type reads its example", arguments: typeNames)
    func providerExamples(name: String) throws {
        let type = try #require(ProviderSpec.builtInTypes.first { $0.typeName == name })
        let spec = try ScenarioLoader.parse(yaml: Self.scenario(provider: type.example), file: "c.yaml").scenario.widgets[0].provider
        #expect(spec.typeName == name)
        #expect(Swift.type(of: spec.payload) == type)
        #expect(spec.payload.spec == spec)
        #expect(!type.keys.contains("type"))
    }

    /// Every built-in provider has its own case of `ProviderSpec` (so its runnable form is called
    /// directly), not `.custom`.
    @Test("no built-in provider is held as .custom", arguments: typeNames)
    func builtInsHaveTheirOwnCase(name: String) throws {
        let type = try #require(ProviderSpec.builtInTypes.first { $0.typeName == name })
        let spec = try ScenarioLoader.parse(yaml: Self.scenario(provider: type.example), file: "c.yaml").scenario.widgets[0].provider
        if case .custom = spec { Issue.record("\(name) is held as .custom") }
    }

    /// The type names are unique (the loader takes the first of a name).
    @Test("provider type names are unique")
    func uniqueNames() {
        #expect(Set(Self.typeNames).count == Self.typeNames.count)
    }

    /// The keys a provider mapping may hold before its type is known are every type's own keys,
    /// in the order the loader listed them by hand before (so its hints read as before).
    @Test("the provider keys are the union of each type's keys")
    func providerKeyUnion() {
        #expect(
            ScenarioReader.providerKeys(ProviderSpec.builtInTypes) == [
                "type", "entries", "spacing", "first_offset", "align", "policy", "level", "rate_per_hour", "full", "on_change",
                "windows", "segments",
            ])
    }

    /// Issue #26 provider: the readers moved from the loader into the provider types
    /// (`ProviderDescription.read`, through `ScenarioValue`); each message, line and key is the
    /// one main's build (3b67a31) printed for the same input.
    @Test(
        "the provider types' own readers keep the loader's messages",
        arguments: [
            (
                "{type: fixed, entries: 6, policy: at-end}",
                "widgets[0].provider.spacing: missing required key 'spacing' (6 entries need a spacing) (the time between entries, e.g. 1m)"
            ),
            (
                "{type: fixed, entries: 6, spacing: 1m, align: minutes}",
                "widgets[0].provider.align: unknown alignment 'minutes' (did you mean 'minute'?)"
            ),
            (
                "{type: fixed, entries: 6, spacing: 1m, policy: after 5m}",
                "widgets[0].provider.policy: write the `after` policy as {after: 30m}"
            ),
            (
                "{type: until-full, level: 140, rate_per_hour: 10, spacing: 30m}",
                "widgets[0].provider.level: must be between 0 and full (100)"
            ),
            (
                "{type: until-full, level: 40, rate_per_hour: 0.0001, spacing: 1s}",
                "widgets[0].provider.spacing: the timeline until full would exceed 100000 entries (use a wider spacing)"
            ),
            (
                #"{type: windows, windows: [{during: ["09:00-10:00", "11:00-12:00"], entries: 2, spacing: 5m}]}"#,
                "widgets[0].provider.windows[0].during: give one window per item"
            ),
            (
                #"{type: schedule, segments: [{during: "07:00-20:00"}]}"#,
                "widgets[0].provider.segments: segment 07:00-20:00 does not end where the next one (07:00-20:00) starts: the segments must "
                    + #"cover the day (e.g. segments "07:00-23:00" and "23:00-07:00")"#
            ),
        ])
    func providerMessages(provider: String, message: String) {
        #expect {
            try ScenarioLoader.parse(yaml: Self.scenario(provider: provider), file: "c.yaml")
        } throws: { error in
            "\(error)" == "c.yaml:4: " + message
        }
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
