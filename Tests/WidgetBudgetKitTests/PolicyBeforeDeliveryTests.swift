import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// A timeline whose policy date is already past when it is delivered reloads from the delivery,
/// not from that date (`deliver`'s `max(due, t)`, written as a branch in round 12 `grant`, issue
/// #26 engine-2): grants by hand, every `delay` seconds.
@Suite("A policy date before the delivery")
struct PolicyBeforeDeliveryTests {
    /// A 90 s reload delay and no minimum interval: a timeline whose policy date is at or before
    /// its delivery at `t` reloads at `t + 90`, so the grants fall every 90 s; one dated after it
    /// (`.after(+30)`) at `t + 120`.
    @Test("the policy reload counts from the delivery when its date is past")
    func reloadFromTheDelivery() {
        let cases: [(provider: FixedProvider, step: Double)] = [
            (FixedProvider(entries: 3, spacing: 60, firstOffset: -600, policy: .atEnd), 90),
            (FixedProvider(entries: 1, spacing: 60, policy: .after(-100)), 90),
            (FixedProvider(entries: 1, spacing: 60, policy: .after(0)), 90),
            (FixedProvider(entries: 1, spacing: 60, policy: .after(-0.0)), 90),
            (FixedProvider(entries: 1, spacing: 60, policy: .after(30)), 120),
        ]
        for (provider, step) in cases {
            let scenario = TestScenarios.single(
                .fixed(provider), days: 1, budget: .fixed(10_000),
                system: SystemSettings(reloadDelay: .constant(90), minReloadInterval: 0))
            let run = Simulator.run(scenario, events: .reloads).run()
            #expect(Array(run.grantTimes.prefix(200)) == (0..<200).map { Double($0) * step }, "\(provider.policy)")
        }
    }

    /// An entry dated before its delivery renders at the delivery, not at its date (`deliver`'s
    /// first render time, `max(date + delay, t)`, written as a branch in round 12 `grant`):
    /// deliveries every 600 s, entries 30 s before, 30 s after and 90 s after each.
    @Test("the first entry renders at the delivery when its date is past")
    func firstRenderAtTheDelivery() {
        let provider = FixedProvider(entries: 3, spacing: 60, firstOffset: -30, policy: .after(600))
        let scenario = TestScenarios.single(
            .fixed(provider), days: 1, budget: .fixed(10_000), system: SystemSettings(minReloadInterval: 0))
        let run = Simulator.run(scenario, events: .all).run()
        let expected = (0..<50).flatMap { i in [0.0, 30, 90].map { Double(i) * 600 + $0 } }
        #expect(Array(run.events(.render).map(\.time).prefix(150)) == expected)
    }
}
