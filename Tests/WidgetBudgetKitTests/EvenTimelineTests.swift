import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A built-in provider's timeline as numbers (`EvenTimeline`, issue #26 engine-2 `deliver`): the
/// engine checks and delivers it without building it, where any other provider's is built by
/// `getTimeline` first. Against `getTimeline` itself: the same timeline, stored the same way, and
/// the same answer to the delivery's check; and runs of random scenarios against the same runs
/// with the provider behind `.custom` (which the engine builds with `getTimeline`).
@Suite("Built-in providers' timelines as numbers against getTimeline")
struct EvenTimelineTests {
    /// The same entries to the bit, stored the same way (what the render paths read of them), and
    /// the same policy.
    static func sameStorage(_ a: ReplayTimeline, _ b: ReplayTimeline) -> Bool {
        guard GrantPathTests.same(a, b) else { return false }
        return (0...a.count).allSatisfy { k in
            let x = a.evenDates(from: k), y = b.evenDates(from: k)
            let sameEven =
                x?.first.bitPattern == y?.first.bitPattern && x?.spacing.bitPattern == y?.spacing.bitPattern
                && x?.offset == y?.offset
            return sameEven && a.exactSpacing(from: k)?.bitPattern == b.exactSpacing(from: k)?.bitPattern
        }
    }

    static func randomFixed(_ g: inout SeededGenerator) -> FixedProvider {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        return FixedProvider(
            entries: pick([1, 1, 2, 3, 12, 61, 120]), spacing: pick([0.5, 1, 1.5, 30, 60, 60, 900, 0, -60, 1e300]),
            firstOffset: pick([0, 2, 2, 0.25, -90, 59.5]), align: pick([.none, .minute, .minute, .quarterHour]),
            policy: pick([.atEnd, .after(600), .after(0.5), .never]))
    }

    /// A timeline holding something else first: what the engine's timeline holds before a delivery.
    static func previous(_ g: inout SeededGenerator) -> ReplayTimeline {
        var timeline = ReplayTimeline()
        for i in 0..<Int(g.next() % 4) { timeline.append(date: Double(i) * 7) }
        if g.next() % 2 == 0 { timeline.appendEntries(from: 100, spacing: 3, count: 5) }
        timeline.policy = .after(-1)
        return timeline
    }

    /// `getTimeline`'s timeline and the delivery's check of it, against `even` delivered into a
    /// timeline that held another: the same (when there is one); how many there were.
    static func check(
        _ even: EvenTimeline?, built: ReplayTimeline, into old: ReplayTimeline, minSpacing: Double, _ label: String
    ) -> Int {
        var built = built
        let close = built.sortForDelivery(minSpacing: minSpacing)
        guard let even else { return 0 }
        var delivered = old
        delivered.replace(with: even)
        #expect(sameStorage(delivered, built), "\(label)")
        #expect(even.count == built.count, "\(label)")
        #expect(even.closeEntries(minSpacing: minSpacing) == close, "\(label)")
        return 1
    }

    @Test("20,000 random reloads of fixed and windowed providers: the timeline getTimeline builds")
    func sameTimelines() {
        var g = SeededGenerator(seed: 26_815)
        let zones = [GridScenarios.utc, GridScenarios.parisSpring, GridScenarios.parisAutumn]
        var (asNumbers, reloads) = (0, 0)
        for i in 0..<20_000 {
            let (start, zone) = zones[i % zones.count]
            let clock = LocalClock(start: start, timeZone: zone, horizon: 4 * Seconds.day)
            let now = i % 5 == 0 ? GrantPathTests.randomNumber(&g) : g.unit() * 3 * Seconds.day
            let fixed = Self.randomFixed(&g)
            let windowed = WindowsProvider(
                windows: [
                    (TimeWindow("07:00-23:00")!, fixed),
                    (TimeWindow("23:30-01:00")!, Self.randomFixed(&g)),
                ], clock: clock, horizon: 4 * Seconds.day)
            let minSpacing = [2, 0, -1, 0.5, 60, 1.5][i % 6]
            let context = ReplayContext(now: now, clock: clock)
            let label = "\(i): now \(now) \(fixed) min spacing \(minSpacing)"
            for provider in [BuiltInProvider.fixed(fixed), .windows(windowed)] {
                var built = ReplayTimeline()
                var p = provider
                p.getTimeline(in: context, into: &built)
                let even = provider.evenTimeline(at: now, clock: clock)
                asNumbers += Self.check(even, built: built, into: Self.previous(&g), minSpacing: minSpacing, label)
                reloads += 1
            }
        }
        // Most reloads return numbers (the others: two entries, dates not kept as three numbers).
        #expect(asNumbers > reloads * 3 / 5, "\(asNumbers) of \(reloads)")
    }

    @Test("other built-in providers build their timelines with getTimeline")
    func othersBuild() {
        let clock = LocalClock.utc()
        let providers: [BuiltInProvider] = [
            .never(NeverProvider()), .untilFull(UntilFullProvider(level: 20, ratePerHour: 10, spacing: 600)),
            .custom(FixedProvider(entries: 61, spacing: 60)),
        ]
        for provider in providers { #expect(provider.evenTimeline(at: 0, clock: clock) == nil) }
    }

    /// A random scenario of a fixed or windowed provider whose reloads meet every check of a
    /// delivery: entries closer than the render spacing, a timeline too big, memory kills.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let fixed = FixedProvider(
            entries: pick([1, 2, 3, 12, 61, 200]), spacing: pick([1, 30, 60, 300]), firstOffset: pick([0, 2, 0.5]),
            align: pick([.none, .minute]), policy: pick([.atEnd, .after(600), .never]))
        let provider: ProviderSpec = pick([
            .fixed(fixed), .windows([WindowedPolicy(window: TimeWindow("07:00-23:00")!, provider: fixed)]),
        ])
        var system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120)]), renderDelay: pick([.zero, .uniform(0, 5)]),
            minReloadInterval: pick([300, 1_800]))
        system.minRenderSpacing = pick([2, 0, 5])
        system.maxEntries = pick([400, 100])
        var app = AppActivity()
        app.reloads = pick([[], [AppActivity.Reloads(target: .all, trigger: .process(EventProcess(.poisson(perHour: 3))))]])
        let (start, zone) = pick([GridScenarios.utc, GridScenarios.parisSpring])
        return TestScenarios.single(
            provider, days: pick([1, 2]), seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick([4, 70]), model: pick(BudgetModel.allCases)),
            memory: MemorySettings(limitMB: pick([12, 1_000])), system: system, app: app,
            predictable: pick([.none, EventProcess(.every(period: 60, offset: 0))]),
            unpredictable: pick([.none, EventProcess(.poisson(perHour: 0.5))]),
            views: pick([.none, EventProcess(.poisson(perHour: 4))]))
    }

    /// `scenario`'s first widget run with its built-in provider, or (`custom`) the same provider
    /// as a custom one (its timelines built by `getTimeline`), keeping `events`.
    static func run(_ scenario: Scenario, custom: Bool, events: EventLevel = .all) -> WidgetRunResult {
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        let provider = scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon)
        var simulation = WidgetSimulation(
            provider: custom ? .custom(provider) : provider, inputs: inputs, calendar: calendar,
            memory: scenario.memory, system: scenario.system, budgetModel: scenario.budget.model,
            family: scenario.widgets[0].family, events: events, detail: .full)
        return simulation.run()
    }

    @Test("150 random scenarios: the same run as with the timelines built by getTimeline")
    func sameRuns() {
        var g = SeededGenerator(seed: 15_262)
        var seen = (kills: 0, rejections: 0, reloads: 0)
        for i in 0..<150 {
            let scenario = Self.randomScenario(&g)
            let fast = Self.run(scenario, custom: false)
            let built = Self.run(scenario, custom: true)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system)"
            #expect(Array(fast.days) == Array(built.days), "\(label)")
            #expect(fast.events == built.events, "\(label)")
            #expect(fast.ageSegments == built.ageSegments, "\(label)")
            #expect(fast.chargeTimes == built.chargeTimes, "\(label)")
            for d in fast.days {
                seen.kills += d.kills
                seen.rejections += d.rejections
                seen.reloads += d.reloads
            }
        }
        #expect(seen.kills > 0 && seen.rejections > 0 && seen.reloads > 1_000, "\(seen)")
    }
}
