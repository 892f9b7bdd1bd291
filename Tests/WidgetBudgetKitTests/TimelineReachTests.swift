import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The claim the optimizer's shared unconstrained runs rest on (`UnconstrainedRuns`): a run of `n`
/// entries whose timelines reached no further than `reach` (``WidgetRunResult/reach``) is, in every
/// field but its peak memory, the run of any other count above `reach + 1` whose timelines meet the
/// same fate (``DeliveryFate``). Each admitted count is run directly and compared bit for bit.
@Suite("Engine: a run's reach stands for other entry counts")
struct TimelineReachTests {
    /// A random scenario of a fixed or windowed provider: random spacing (below and above the
    /// render spacing), alignment, first offset, policy, entries, delays, views, `unseen_after`,
    /// memory near the limit, budgets tight and unlimited.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let fixed = FixedProvider(
            entries: pick([2, 3, 4, 6, 12, 30, 61, 120]), spacing: pick([1, 3, 30, 60, 300, 900]),
            firstOffset: pick([0, 2, 0.5, 45]), align: pick([.none, .minute]),
            policy: pick([.atEnd, .after(600), .after(900), .after(1_000), .never]))
        let provider: ProviderSpec = pick([
            .fixed(fixed), .windows([WindowedPolicy(window: TimeWindow("07:00-23:00")!, provider: fixed)]),
        ])
        var system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120), .exponential(mean: 30)]), renderDelay: pick([.zero, .uniform(0, 5)]),
            minReloadInterval: pick([300, 900]))
        system.minRenderSpacing = pick([2, 0, 5])
        system.maxEntries = pick([400, 100, 20])
        system.unseenAfter = pick([.infinity, .infinity, 3_600])
        var app = AppActivity()
        app.reloads = pick([[], [AppActivity.Reloads(target: .all, trigger: .process(EventProcess(.poisson(perHour: 3))))]])
        let (start, zone) = pick([GridScenarios.utc, GridScenarios.parisSpring])
        // A limit of 7 MB kills over 16 entries, 8 MB over 32 (6 MB and 64 KB an entry).
        return TestScenarios.single(
            provider, days: pick([1, 2]), seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick([4, 70, 1 << 30]), model: pick(BudgetModel.allCases)),
            memory: MemorySettings(limitMB: pick([7, 8, 30])), system: system, app: app,
            predictable: pick([.none, EventProcess(.every(period: 60, offset: 0)), EventProcess(.every(period: 900, offset: 30))]),
            unpredictable: pick([.none, EventProcess(.poisson(perHour: 0.5))]),
            views: pick([.none, EventProcess(.poisson(perHour: 4))]))
    }

    /// `spec` with `entries` entries in its fixed provider (in every window).
    static func spec(_ spec: ProviderSpec, entries: Int) -> ProviderSpec {
        switch spec {
        case var .fixed(p):
            p.entries = entries
            return .fixed(p)
        case let .windows(list):
            return .windows(
                list.map {
                    WindowedPolicy(
                        window: $0.window,
                        provider: FixedProvider(
                            entries: entries, spacing: $0.provider.spacing, firstOffset: $0.provider.firstOffset,
                            align: $0.provider.align, policy: $0.provider.policy))
                })
        default: preconditionFailure("a fixed or windowed provider")
        }
    }

    /// `scenario`'s widget run with `entries` entries under `detail`, measuring its reach.
    static func run(_ scenario: Scenario, entries: Int, detail: RunDetail) -> WidgetRunResult {
        var detail = detail
        detail.reach = true
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        let provider = spec(scenario.widgets[0].provider, entries: entries).makeProvider(
            clock: calendar.clock, horizon: calendar.horizon)
        var simulation = WidgetSimulation(
            provider: provider, inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
            budgetModel: scenario.budget.model, family: scenario.widgets[0].family, detail: detail)
        var run = simulation.run()
        run.reach = simulation.measuredReach()
        return run
    }

    /// Every field of a run as bits, but its days' peak memory.
    static func bits(_ run: WidgetRunResult) -> [UInt64] {
        var out: [UInt64] = []
        for var day in run.days {
            day.peakMemoryMB = 0
            out += dayBits(day)
        }
        out.append(UInt64.max)
        out += run.chargeTimes.map(\.bitPattern)
        out.append(UInt64.max)
        for s in run.ageSegments { out += [s.start.bitPattern, s.from.bitPattern, s.to.bitPattern] }
        out.append(UInt64.max)
        out += run.ageShapes.runs.flatMap { [UInt64($0.count), $0.from.bitPattern, $0.to.bitPattern] }
        return out
    }

    @Test("400 random scenarios: every count the reach admits runs to the same bits")
    func admittedCountsRunTheSame() {
        var g = SeededGenerator(seed: 14_026)
        var seen = (admitted: 0, rejected: 0, differed: 0, killed: 0, bounded: 0)
        for i in 0..<400 {
            let scenario = Self.randomScenario(&g)
            let details: [RunDetail] = [.full, .optimization, .unconstrained(for: .meanAge), .unconstrained(for: .p95Age)]
            let detail = details[i % details.count]
            let spec = scenario.widgets[0].provider
            let n = spec.maxEntries
            let run = Self.run(scenario, entries: n, detail: detail)
            let store = UnconstrainedRuns(memory: scenario.memory, system: scenario.system)
            let kept = UnconstrainedRuns.Run(entries: n, reach: run.reach, result: run, needed: 0)
            if run.reach + 1 < n { seen.bounded += 1 }
            let reach = run.reach
            var counts = [n + 1, 2 * n, n - 1, reach + 2, reach + 3, 17, 33, 101, reach + 1, reach, 1]
            counts.append(reach + 2 + Int(g.next() % 200))
            for m in Set(counts) where m >= 1 && m != n {
                let label = "scenario \(i) \(spec) \(scenario.system) \(scenario.memory): \(n) entries, reach \(reach), against \(m)"
                let other = Self.run(scenario, entries: m, detail: detail)
                let same = Self.bits(other) == Self.bits(run)
                if store.stands(kept, for: m) {
                    seen.admitted += 1
                    if DeliveryFate(entries: m, memory: scenario.memory, system: scenario.system) != .delivered { seen.killed += 1 }
                    #expect(same, "\(label)")
                    #expect(other.reach == run.reach, "\(label)")
                } else {
                    seen.rejected += 1
                    if !same { seen.differed += 1 }
                }
            }
        }
        // Not vacuous: many counts admitted (some of them killed or rejected alike), many runs
        // bounded, and the counts refused often differ.
        #expect(seen.admitted > 500 && seen.killed > 20 && seen.bounded > 150 && seen.differed > 200, "\(seen)")
    }

    @Test("the fate of a count is checkFootprint's: the run's kills and rejections")
    func fateIsTheEngines() {
        var g = SeededGenerator(seed: 2_614)
        var fates: [DeliveryFate: Int] = [:]
        for _ in 0..<60 {
            let scenario = Self.randomScenario(&g)
            let n = scenario.widgets[0].provider.maxEntries
            let run = Self.run(scenario, entries: n, detail: .optimization)
            let fate = DeliveryFate(entries: n, memory: scenario.memory, system: scenario.system)
            fates[fate, default: 0] += 1
            let kills = run.days.map(\.kills).reduce(0, +), rejections = run.days.map(\.rejections).reduce(0, +)
            let reloads = run.days.map(\.reloads).reduce(0, +)
            // A fixed provider's every timeline has `n` entries; a windowed one's outside its window one.
            if case .fixed = scenario.widgets[0].provider, reloads > 0 {
                #expect((kills > 0) == (fate == .killed) && (rejections > 0) == (fate == .rejected), "\(n) \(scenario.memory)")
            }
        }
        #expect(fates.count == 3, "\(fates)")
    }

    @Test("the reach is measured only where the detail asks for it")
    func onlyWhereAsked() {
        // 96 reloads a day under a budget of 200: none waits.
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 12, spacing: 60, policy: .after(900))), days: 1, budget: .fixed(200))
        let calendar = SimulationCalendar(scenario: scenario)
        var simulation = WidgetSimulation(
            provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
            inputs: WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0), calendar: calendar,
            memory: scenario.memory, system: scenario.system, budgetModel: scenario.budget.model, detail: .optimization)
        #expect(simulation.run().reach == .max && simulation.measuredReach() == .max)
        // Reloaded every 15 minutes: entries 0 to 15 (entry 15, 15 minutes on, renders before the
        // reload at its date; entry 16 is a minute past the render spacing after it).
        #expect(Self.run(scenario, entries: 12, detail: .optimization).reach == 11)
        #expect(Self.run(scenario, entries: 40, detail: .optimization).reach == 15)
    }
}
