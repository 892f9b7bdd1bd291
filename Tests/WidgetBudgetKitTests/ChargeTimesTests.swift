import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The optimizer's runs (`RunDetail.optimization`, no events, the charge times kept as plain
/// times) against the event path (`--events reloads`, every detail), on randomised scenarios (a
/// seeded property test): the charge times must be the times of the charged grant events, and
/// the days and stale stretches the same.
@Suite("Charge times without events")
struct ChargeTimesTests {
    /// A provider of the grant path's scenarios: a fixed one (drawn first), the same in a window
    /// or a two-part schedule, or an until-full one; and, with `never`, a provider that never
    /// reloads.
    static func provider(_ g: inout SeededGenerator, never: Bool = false) -> ProviderSpec {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let fixed = FixedProvider(
            entries: pick([1, 2, 12, 61, 200]), spacing: pick([30, 60, 300, 900]), firstOffset: pick([0, 2]),
            align: pick([.none, .minute]), policy: pick([.atEnd, .after(600), .after(3_600), .never]))
        let providers: [ProviderSpec] = [
            .fixed(fixed),
            .fixed(fixed),
            .windows([WindowedPolicy(window: TimeWindow("07:00-23:00")!, provider: fixed)]),
            .schedule([
                WindowedPolicy(window: TimeWindow("06:00-12:00")!, provider: fixed),
                WindowedPolicy(window: TimeWindow("12:00-06:00")!, provider: FixedProvider(entries: 4, spacing: 900)),
            ]),
            .untilFull(UntilFullProvider(level: 20, ratePerHour: 10, spacing: 600, onChange: .set(25))),
        ]
        return pick(never ? providers + [.never] : providers)
    }

    /// A random one-widget scenario that exercises the grant path: tight budgets of each model,
    /// a learning period, a minimum reload interval, foreground sessions, App Intents, app reloads,
    /// memory kills, and fixed, windowed and until-full providers.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let provider = Self.provider(&g)
        var app = AppActivity()
        app.reloads = pick([
            [],
            [AppActivity.Reloads(target: .all, trigger: .process(EventProcess(.poisson(perHour: 3))))],
        ])
        app.foreground = pick([.none, EventProcess(.poisson(perHour: 0.5))])
        app.intents = pick([[], [AppActivity.Intents(kind: "widget", process: EventProcess(.poisson(perHour: 1)))]])
        // A minimum reload interval of 0 would let an `.atEnd` timeline of one entry dated now
        // reload at the same instant forever inside a foreground session.
        let system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120)]), minReloadInterval: pick([300, 1_800]))
        let budget = BudgetSettings(
            dailyMin: pick([1, 4, 12, 70]), model: pick(BudgetModel.allCases))
        let memory = MemorySettings(limitMB: pick([12, 1_000]))
        let (start, zone) = pick([GridScenarios.utc, GridScenarios.parisSpring])
        return TestScenarios.single(
            provider, days: pick([1, 3]), seed: g.next(), start: start, timeZone: zone, budget: budget,
            memory: memory, system: system, app: app,
            unpredictable: pick([.none, EventProcess(.poisson(perHour: 0.5))]),
            views: EventProcess(.poisson(perHour: 4)))
    }

    @Test("200 random scenarios: the charge times are those of the charged grant events")
    func chargeTimesMatchGrantEvents() {
        var g = SeededGenerator(seed: 12)
        var charged = 0
        for i in 0..<200 {
            let scenario = Self.randomScenario(&g)
            let fast = WidgetRunResult.engine(scenario, events: .none, detail: .optimization)
            let exact = WidgetRunResult.engine(scenario, events: .reloads, detail: .full)
            let grants = exact.events.filter { $0.kind == .grant && $0.charged == true }.map(\.time)
            #expect(fast.chargeTimes == grants, "scenario \(i): \(scenario.widgets[0].provider)")
            #expect(fast.events.isEmpty && exact.chargeTimes.isEmpty)
            // The per-day age quantile is off in the optimizer's runs; everything else is the same.
            var days = Array(exact.days)
            for d in days.indices { days[d].p95Age = 0 }
            #expect(Array(fast.days) == days, "scenario \(i)")
            // The optimizer keeps the stretches as shapes: the same ones, in the same order.
            let shape = { (s: AgeSegment) in [s.from.bitPattern, s.to.bitPattern] }
            #expect(fast.ageShapes.map(shape) == exact.ageSegments.map(shape), "scenario \(i)")
            charged += grants.count
        }
        #expect(charged > 1_000)
    }
}
