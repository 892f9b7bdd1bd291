import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// Runs without the display (`RunDetail.grantsOnly`: no timeline renders, nothing is accounted;
/// the optimizer's daylight-saving check) against runs with every detail, on random scenarios with
/// every input that makes or grants a request: the same reloads, day by day, and the same charge
/// times. docs/design/engine.md, "Which path runs".
@Suite("Runs without the display against full runs")
struct GrantsOnlyTests {
    /// A random one-widget scenario with every input that feeds the reloads: tight budgets of
    /// each model (by views or not, with a learning period or not), reload and render delays,
    /// low power, memory kills with retries and a back-off, rejected timelines, app reloads on a
    /// schedule, on changes, on foreground and on background, foreground sessions, launches from
    /// the widget, media sessions, pushes, App Intents, `unseen_after` holds, location changes,
    /// and fixed, windowed, scheduled, until-full and never providers; some over a clock change.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let provider = ChargeTimesTests.provider(&g, never: true)
        var app = AppActivity()
        app.reloads = pick([
            [],
            [AppActivity.Reloads(target: .all, trigger: .process(EventProcess(.poisson(perHour: 3))))],
            [AppActivity.Reloads(target: .kind("widget"), trigger: .onChange, throttle: pick([0, 600]))],
            [
                AppActivity.Reloads(target: .all, trigger: .onForeground),
                AppActivity.Reloads(target: .all, trigger: .onBackground),
            ],
        ])
        app.foreground = pick([.none, EventProcess(.poisson(perHour: 0.5))])
        app.launchesFromWidget = pick([.none, EventProcess(.poisson(perHour: 0.3))])
        app.sessions = pick([[], [AppActivity.Session(process: EventProcess(.poisson(perHour: 0.2)), duration: .constant(1_200))]])
        app.pushes = pick([nil, AppActivity.Pushes(trigger: .process(EventProcess(.poisson(perHour: 2))), daily: 10)])
        app.intents = pick([[], [AppActivity.Intents(kind: "widget", process: EventProcess(.poisson(perHour: 1)))]])
        // A minimum reload interval of 0 would let an `.atEnd` timeline of one entry dated now
        // reload at the same instant forever inside a foreground session.
        var system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120)]), renderDelay: pick([.zero, .zero, .uniform(0, 5)]),
            appReloadDelay: pick([.zero, .uniform(2, 30)]), minReloadInterval: pick([300, 1_800]),
            lowPower: pick([[], [TimeWindow("01:00-05:00")!]]))
        system.unseenAfter = pick([.infinity, .infinity, 3_600])
        system.locationChanges = pick([.none, .none, EventProcess(.poisson(perHour: 0.5))])
        system.maxEntries = pick([400, 400, 100])
        var budget = BudgetSettings(dailyMin: pick([1, 4, 12, 70]), model: pick(BudgetModel.allCases))
        budget.byViews = pick([false, true])
        if pick([false, true]) {
            budget.learningDays = 1
            budget.learningDaily = pick([2, 20])
        }
        var memory = MemorySettings(limitMB: pick([12, 1_000]))
        memory.retries = pick([Int.max, 2])
        memory.backoff = pick([0, 7_200])
        let paris = TimeZone(identifier: "Europe/Paris")!
        let springStart = Date(timeIntervalSince1970: 1_774_652_400)  // Clocks go forward the next day.
        let fallStart = Date(timeIntervalSince1970: 1_792_792_800)  // Clocks go back the day after next.
        let (start, zone) = pick([(TestScenarios.mondayUTC, TestScenarios.utc), (springStart, paris), (fallStart, paris)])
        return TestScenarios.single(
            provider, days: pick([1, 2, 3]), seed: g.next(), start: start, timeZone: zone, budget: budget,
            memory: memory, system: system, app: app,
            predictable: pick([.none, EventProcess(.every(period: 60, offset: 0)), EventProcess(.poisson(perHour: 2))]),
            unpredictable: pick([.none, EventProcess(.poisson(perHour: 0.5))]),
            views: pick([.none, EventProcess(.poisson(perHour: 4)), EventProcess(.poisson(perHour: 60))]))
    }

    static func run(_ scenario: Scenario, events: EventLevel = .none, detail: RunDetail) -> WidgetRunResult {
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        var simulation = WidgetSimulation(
            provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
            inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
            budgetModel: scenario.budget.model, family: scenario.widgets[0].family, events: events, detail: detail)
        return simulation.run()
    }

    /// What a day holds of its reloads: every count and time a run without the display computes.
    static func reloads(_ d: DayMetrics) -> [Double] {
        [
            Double(d.budget), d.length, Double(d.requested), Double(d.reloads), Double(d.charged), Double(d.exempt),
            Double(d.deferred), d.exhaustedAt ?? -1, d.exhaustedSeconds, Double(d.kills), Double(d.rejections),
            Double(d.ignoredCalls), Double(d.heldUnseen), d.peakMemoryMB,
        ]
    }

    @Test("300 random scenarios: the same reloads day by day and the same charge times as a full run")
    func sameReloads() {
        var g = SeededGenerator(seed: 2_626)
        // How often each input that feeds the reloads met a run (the test would pass vacuously
        // without them).
        var seen = (deferred: 0, kills: 0, rejections: 0, unseen: 0, exempt: 0, ignored: 0, renders: 0)
        for i in 0..<300 {
            let scenario = Self.randomScenario(&g)
            let light = Self.run(scenario, detail: .grantsOnly)
            let full = Self.run(scenario, detail: .optimization)
            let reference = Self.run(scenario, events: .all, detail: .full)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system) \(scenario.app)"
            #expect(light.days.map(Self.reloads) == full.days.map(Self.reloads), "\(label)")
            #expect(light.days.map(Self.reloads) == reference.days.map(Self.reloads), "\(label)")
            #expect(light.chargeTimes == full.chargeTimes, "\(label)")
            let charged = reference.events.filter { $0.kind == .grant && $0.charged == true }.map(\.time)
            #expect(light.chargeTimes == charged, "\(label)")
            // Without the charge times (the daylight-saving check's runs): the same days, no times.
            var bare = RunDetail.grantsOnly
            bare.chargeTimes = false
            let timeless = Self.run(scenario, detail: bare)
            #expect(Array(timeless.days) == Array(light.days) && timeless.chargeTimes.isEmpty, "\(label)")
            // The views the reloads read (held by `unseen_after`, bringing a location change's
            // reload) are drawn and counted; their freshness is not computed.
            if scenario.system.unseenAfter.isFinite || !scenario.system.locationChanges.isNone {
                #expect(light.days.map(\.views) == full.days.map(\.views), "\(label)")
            }
            // Nothing of the display is computed.
            #expect(light.days.allSatisfy { $0.renders == 0 && $0.freshSeconds == 0 && $0.ageIntegral == 0 && $0.maxAge == 0 })
            #expect(light.ageShapes.isEmpty && light.ageSegments.isEmpty && light.events.isEmpty)
            for d in full.days {
                seen.deferred += d.deferred
                seen.kills += d.kills
                seen.rejections += d.rejections
                seen.unseen += d.heldUnseen
                seen.exempt += d.exempt
                seen.ignored += d.ignoredCalls
                seen.renders += d.renders
            }
        }
        #expect(seen.deferred > 100 && seen.kills > 100 && seen.rejections > 10 && seen.unseen > 10)
        #expect(seen.exempt > 100 && seen.ignored > 0 && seen.renders > 10_000)
    }

    @Test("any detail that reads the display keeps it: the same days, stretches and events as with it")
    func readersKeepTheDisplay() {
        var g = SeededGenerator(seed: 2_627)
        let plan = RunFigures.Plan(day: 0, hourlyDays: 1, reloadDays: 1)
        for i in 0..<40 {
            let scenario = Self.randomScenario(&g)
            for reader in 0..<5 {
                var detail = RunDetail.grantsOnly
                var level = EventLevel.none
                switch reader {
                case 0: detail.ageSegments = true
                case 1: detail.dayAgeQuantiles = true
                case 2: detail.views = true
                case 3: detail.figures = plan
                default: level = .all
                }
                var reference = detail
                reference.display = true
                let paths = EnginePaths(
                    inputs: WidgetInputs(
                        scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: 0, replication: 0),
                    system: scenario.system, level: level, detail: detail)
                #expect(paths.renders)
                let light = Self.run(scenario, events: level, detail: detail)
                let full = Self.run(scenario, events: level, detail: reference)
                #expect(Array(light.days) == Array(full.days), "scenario \(i), reader \(reader)")
                #expect(light.ageShapes == full.ageShapes && light.events == full.events, "scenario \(i), reader \(reader)")
            }
        }
    }

    @Test("the daylight-saving check finds the same day as with runs with every detail")
    func daylightSavingCheckUnchanged() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        var found = 0, asked = 0
        for model in [BudgetModel.midnight, .rolling24h] {
            for daily in [25, 50, 100] {
                let scenario = TestScenarios.single(
                    .never, days: 3, replications: 2, seed: UInt64(daily), start: Date(timeIntervalSince1970: 1_773_010_800),
                    timeZone: paris, budget: .fixed(daily, model: model),
                    app: AppActivity(reloads: [.init(target: .all, trigger: .process(EventProcess(.poisson(perHour: 1))))]),
                    predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 6)))
                let problem = OptimizationProblem(
                    scenario: scenario,
                    settings: OptimizationSettings(
                        space: SearchSpace(spacings: [60], entries: [1], aligns: [.none], policies: [.atEnd]),
                        constraints: OptimizationConstraints(budgets: daily...daily), replications: 2))
                // Timelines of 4 entries, `.atEnd`: a reload every 3 spacings (and 2 s), 96 to 24 a day.
                for spacing in [300.0, 600, 900, 1_200] {
                    let spec = PolicyCandidate(spacing: spacing, entries: 4, align: .none, policy: .atEnd).providerSpec(firstOffset: 2)
                    var expected: String?
                    days: for day in problem.daylightSavingDays {
                        guard let dayProblem = day.problem else { continue }
                        for r in 0..<2 {
                            let run = dayProblem.simulate(
                                spec, replication: r, budget: daily, model: scenario.budget.model, detail: .optimization)
                            if run.days.contains(where: { $0.deferred > 0 }) {
                                expected = day.label
                                break days
                            }
                        }
                    }
                    let got = problem.daylightSavingShortfall(spec, replications: [0, 1], appThrottle: nil)?.label
                    #expect(got == expected, "B \(daily) \(model), spacing \(spacing)")
                    if expected != nil { found += 1 }
                    asked += 1
                }
            }
        }
        // Some candidates fall short on a clock-change day, some do not.
        #expect(found > 0 && found < asked)
    }
}
