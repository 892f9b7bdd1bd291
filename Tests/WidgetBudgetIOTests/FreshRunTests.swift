import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The engine's fast paths against its event-by-event path, on randomised scenarios (a seeded
/// property test): entries counted in fresh runs and `every` changes computed on demand
/// (`--events none`) must print the same `summary.csv` and `days.csv` as every entry visited and
/// the changes drawn as a list (`--events all`, the process given as its list of instants).
@Suite("Fresh runs and periodic changes against the event-by-event engine")
struct FreshRunTests {
    /// A random scenario: a fixed provider, `every` predictable content, maybe unpredictable
    /// changes, views, delays, a tight budget, and sometimes a daylight-saving change.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let period: Double = pick([30, 60, 60, 300, 900, 3_600])
        let offset: Double = pick([0, 0, 15, 0.5, 7.25])
        let provider = FixedProvider(
            entries: pick([1, 2, 6, 12, 30, 61, 120]), spacing: pick([30, 60, 60, 90, 300, 900]),
            firstOffset: pick([0, 2, 0.37]), align: pick([.none, .minute]),
            policy: pick([.atEnd, .atEnd, .after(900), .after(3_600), .never]))
        let paris = TimeZone(identifier: "Europe/Paris")!
        // Saturday 28 March 2026, 00:00 in Paris: clocks go forward on the 29th.
        let springStart = Date(timeIntervalSince1970: 1_774_652_400)
        let (start, zone) = pick([(TestScenarios.mondayUTC, TestScenarios.utc), (springStart, paris)])
        let system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120)]), renderDelay: pick([.zero, .zero, .constant(1.5), .uniform(0, 5)]),
            minReloadInterval: pick([0, 300]), lowPower: pick([[], [], [TimeWindow(start: 3_600, end: 7_200)]]))
        var app = AppActivity()
        app.reloads = pick([
            [],
            [AppActivity.Reloads(target: AppActivity.Target.all, trigger: AppActivity.Trigger.process(EventProcess(.poisson(perHour: 1))))],
        ])
        return TestScenarios.single(
            .fixed(provider), days: 2, replications: 2, seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick([6, 20, 70]), model: pick([.rolling24h, .midnight])), system: system,
            app: app, predictable: EventProcess(.every(period: period, offset: offset)),
            unpredictable: pick([.none, .none, EventProcess(.poisson(perHour: 0.5))]),
            views: EventProcess(.poisson(perHour: 6)))
    }

    /// The same scenario with the predictable changes given as the list of their instants.
    static func asList(_ scenario: Scenario) -> Scenario {
        var listed = scenario
        let calendar = SimulationCalendar(scenario: scenario)
        var g = SeededGenerator(seed: 0)
        let times = scenario.widgets[0].predictable.generate(horizon: calendar.horizon, clock: calendar.clock, generator: &g)
        listed.widgets[0].predictable = EventProcess(.times(times.times))
        return listed
    }

    static func printed(_ result: SimulationResult) -> [[String]] {
        result.summaries.map(SimulationTables.summaryRow) + SimulationTables.dayRows(result)
    }

    @Test("60 random scenarios print the same summary and days either way")
    func fastPathsMatchEventByEvent() {
        var g = SeededGenerator(seed: 2026)
        for i in 0..<60 {
            let scenario = Self.randomScenario(&g)
            let fast = Simulator.run(scenario, events: .none)
            let exact = Simulator.run(Self.asList(scenario), events: .all)
            let a = Self.printed(fast), b = Self.printed(exact)
            #expect(a == b, "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system)")
            // Counts are exact whatever the path.
            #expect(fast.runs.map { $0[0].days.map(\.renders) } == exact.runs.map { $0[0].days.map(\.renders) })
        }
    }

    /// A random scenario whose entries fall on the ticks of its `every` changes (aligned to the
    /// period and spaced by it), so fresh runs follow the ticks by arithmetic: and sometimes not
    /// quite (spaced by twice or half the period, a half-minute offset, a render delay), cut by
    /// unpredictable changes, reloads at random delays, the horizon, or a daylight-saving change.
    static func gridScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let (period, align): (Double, EntryAlignment) = pick([(60, .minute), (60, .minute), (900, .quarterHour), (3_600, .hour)])
        let provider = FixedProvider(
            entries: pick([2, 3, 6, 61, 120]), spacing: period * pick([1, 1, 1, 2, 0.5]), firstOffset: pick([0, 2, 2]), align: align,
            policy: pick([.atEnd, .atEnd, .after(3_600), .never]))
        let newYork = TimeZone(identifier: "America/New_York")!
        // Saturday 31 October 2026, 00:00 in New York: clocks go back on 1 November.
        let autumnStart = Date(timeIntervalSince1970: 1_793_419_200)
        let paris = TimeZone(identifier: "Europe/Paris")!
        let springStart = Date(timeIntervalSince1970: 1_774_652_400)
        let (start, zone) = pick([(TestScenarios.mondayUTC, TestScenarios.utc), (springStart, paris), (autumnStart, newYork)])
        let system = SystemSettings(
            reloadDelay: pick([.zero, .constant(90), .uniform(0, 120)]), renderDelay: pick([.zero, .zero, .zero, .constant(1)]),
            minReloadInterval: pick([0, 300]))
        return TestScenarios.single(
            .fixed(provider), days: pick([1, 2]), replications: 2, seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick([6, 40, 70]), model: pick([.rolling24h, .midnight])), system: system,
            predictable: EventProcess(.every(period: period, offset: pick([0, 0, 0, 30]))),
            unpredictable: pick([.none, .none, EventProcess(.poisson(perHour: 0.5))]),
            views: EventProcess(.poisson(perHour: 6)))
    }

    @Test("60 random scenarios with entries on the change ticks print the same either way")
    func gridRunsMatchEventByEvent() {
        var g = SeededGenerator(seed: 1212)
        for i in 0..<60 {
            let scenario = Self.gridScenario(&g)
            let fast = Simulator.run(scenario, events: .none)
            let exact = Simulator.run(Self.asList(scenario), events: .all)
            #expect(Self.printed(fast) == Self.printed(exact), "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system)")
            #expect(fast.runs.map { $0[0].days.map(\.renders) } == exact.runs.map { $0[0].days.map(\.renders) })
        }
    }

    /// A fixed provider whose timelines list every entry one by one, as a custom provider's do (the
    /// built-in one keeps its evenly spaced entries as three numbers: `ReplayTimeline.appendEntries`).
    struct ListedFixedProvider: ReplayProvider, Sendable {
        var provider: FixedProvider

        mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
            provider.getTimeline(in: context, into: &timeline)
            timeline = ReplayTimeline(entries: timeline.entries, policy: timeline.policy)
        }
    }

    @Test("60 random scenarios print the same with entries listed one by one, at either event level")
    func listedEntriesMatchSpaced() throws {
        var g = SeededGenerator(seed: 1_261)
        for i in 0..<60 {
            let scenario = i.isMultiple(of: 2) ? Self.randomScenario(&g) : Self.gridScenario(&g)
            guard case let .fixed(provider) = scenario.widgets[0].provider else { continue }
            let listed = ListedFixedProvider(provider: provider)
            for events in [EventLevel.none, .all] {
                let spaced = Simulator.run(scenario, events: events)
                let oneByOne = try Simulator.run(scenario, replacing: scenario.widgets[0].name, with: listed, events: events)
                #expect(Self.printed(spaced) == Self.printed(oneByOne), "scenario \(i) \(events): \(provider) \(scenario.system)")
                #expect(spaced.runs.map { $0[0].days } == oneByOne.runs.map { $0[0].days })
                #expect(spaced.runs.map { $0[0].events } == oneByOne.runs.map { $0[0].events })
            }
        }
    }

    /// Seed 002's clock: 61 minute entries an hour against a change every minute, with a reload
    /// delay of 90 s. The start's timeline has entries at 2 s, 60 s, …, 3,600 s; `.atEnd` reloads
    /// 90 s after the last, at 3,690 s, whose first entry renders at 3,692 s and the next on 3,720 s:
    /// stale from 3,660 s to 3,692 s (32 s). Every later timeline ends 3,540 s after its aligned
    /// second entry, so reloads come every 3,660 s (3,690 + 3,660 (k − 1), k = 1…23 in the day),
    /// each after 32 stale seconds. Renders: 61 for each of the first 23 timelines, and for the one
    /// at 84,210 s its first entry plus 84,240 … 86,340 s (36): the entry at 86,400 s is the next day's.
    /// Before the very first render, at 2 s, the widget shows nothing: stale from 0 (age 0 → 2 s).
    @Test("the minute clock: renders, fresh seconds and age by hand")
    func minuteClock() {
        let clock = TestScenarios.single(
            .fixed(FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd)), days: 1,
            system: SystemSettings(reloadDelay: .constant(90)), predictable: EventProcess(.every(period: 60, offset: 0)))
        for events in [EventLevel.none, .all] {
            let day = Simulator.run(clock, events: events).day(0)
            #expect(day.renders == 61 * 23 + 37)
            #expect(day.reloads == 24)
            let stale: Double = 23 * 32 + 2
            let ageIntegral: Double = 23 * (32 * 32 / 2) + 2 * 2 / 2
            #expect(day.freshSeconds == 86_400 - stale)
            #expect(day.ageIntegral == ageIntegral)
            #expect(day.maxAge == 32)
        }
    }
}
