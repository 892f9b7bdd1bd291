import Foundation
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// Random one-widget scenarios of timelines on a grid, for the suites that hold the engine's fast
/// paths against its event-by-event path (`GridJumpTests`, `StaleStrideTests`,
/// `ClosedTimelineTests`, `JumpRunsTests`): a fixed provider whose entries are whole periods (or
/// a fraction of one) of an `every` content grid apart, reload delays, app reloads, budgets of
/// every model that may run out, unpredictable changes, views and daylight-saving days.
///
/// Each suite gives its own option lists; ``draw(_:)`` picks one of each, always in the same
/// order, so a suite's scenarios (and the counts its comments give) depend only on its lists
/// and its seed.
struct GridScenarios {
    /// How the grid's period and the entries' spacing are drawn.
    enum Grid {
        /// A period, then a factor of it for the spacing (two draws).
        case periods([Double], spacingFactors: [Double])
        /// A (period, spacing) pair (one draw).
        case pairs([(period: Double, spacing: Double)])
    }

    var grid: Grid
    var entries: [Int]
    var firstOffsets: [Double] = [0, 0.37, 2, 30.5]
    var aligns: [EntryAlignment] = [.none, .minute]
    var policies: [FixedPolicy]
    var reloadDelays: [DelayDistribution] = [.zero, .uniform(0, 120)]
    var minReloadIntervals: [Double] = [0, 300]
    var appReloads: [[AppActivity.Reloads]]
    var starts: [(Date, TimeZone)]
    var days: [Int]
    var dailyBudgets: [Int] = [6, 20, 70]
    /// Offsets of the `every` grid of the predictable content.
    var gridOffsets: [Double] = [0, 0, 7, 29.5]
    var unpredictable: [EventProcess] = [.none, .none, EventProcess(.poisson(perHour: 0.5))]
    var views: [EventProcess]

    /// A Monday in UTC.
    static let utc = (TestScenarios.mondayUTC, TestScenarios.utc)
    /// Saturday 2026-03-28 00:00 in Paris (23:00 UTC the day before): clocks go forward at
    /// 2026-03-29T01:00:00Z, 26 h later, inside the second day (23 h long).
    static let parisSpring = (Date(timeIntervalSince1970: 1_774_652_400), TimeZone(identifier: "Europe/Paris")!)
    /// Saturday 2026-10-24 00:00 in Paris (22:00 UTC the day before): clocks go back at
    /// 2026-10-25T01:00:00Z, 27 h later, inside the second day (25 h long).
    static let parisAutumn = (Date(timeIntervalSince1970: 1_792_792_800), TimeZone(identifier: "Europe/Paris")!)

    /// The app reloading every widget at the times of `process`.
    static func appReloads(_ process: EventProcess) -> [AppActivity.Reloads] {
        [AppActivity.Reloads(target: .all, trigger: .process(process))]
    }

    /// One scenario: each option drawn from `g` in a fixed order.
    func draw(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let period: Double, spacing: Double
        switch grid {
        case .periods(let periods, let factors):
            period = pick(periods)
            spacing = period * pick(factors)
        case .pairs(let pairs):
            (period, spacing) = pick(pairs)
        }
        let provider = FixedProvider(
            entries: pick(entries), spacing: spacing, firstOffset: pick(firstOffsets), align: pick(aligns), policy: pick(policies))
        let system = SystemSettings(
            reloadDelay: pick(reloadDelays), renderDelay: .zero, minReloadInterval: pick(minReloadIntervals))
        var app = AppActivity()
        app.reloads = pick(appReloads)
        let (start, zone) = pick(starts)
        return TestScenarios.single(
            .fixed(provider), days: pick(days), replications: 2, seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick(dailyBudgets), model: pick(BudgetModel.allCases)), system: system, app: app,
            predictable: EventProcess(.every(period: period, offset: pick(gridOffsets))),
            unpredictable: pick(unpredictable), views: pick(views))
    }
}

/// What a run of the engine returned, and how often it took the closed forms, the spaced strides
/// the renders on a stale start in the loop, the aligned timelines' starts in one call and the views
/// counted after jumps, and the cycles' first entries left to the loop's turn (counted on the side,
/// `WidgetSimulation.closedTaken`, `spacedTaken`, `staleStartRenders`, `alignedStarts`, `alignedFreshRuns`,
/// `alignedStartsLeaving`, `viewsInJumpsTaken` and `cyclesToLoop`).
struct EngineRun {
    var result: WidgetRunResult
    var closed: (timelines: Int, whole: Int, halves: Int, renderedNext: Int)
    var spaced: (runs: Int, renders: Int)
    var staleStartRenders: Int
    var alignedStarts: Int
    var alignedFreshRuns: Int
    var alignedStartsLeaving: Int
    var viewsInJumps: Int
    var cyclesToLoop: Int

    /// Replication `replication` of `scenario`'s first widget, run by the engine with `events`
    /// and `detail`, its shapes going to `store` (the engine's own buffer when `nil`); with
    /// `viewsDrawnInAdvance`, its views read from a list drawn before the run, as the optimizer's
    /// candidates read them (`WidgetInputs.drawnInAdvance()`).
    init(
        _ scenario: Scenario, replication: Int = 0, events: EventLevel = .none, detail: RunDetail,
        store: (any AgeShapeStore)? = nil, viewsDrawnInAdvance: Bool = false
    ) {
        let calendar = SimulationCalendar(scenario: scenario)
        let drawn = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: replication)
        let inputs = viewsDrawnInAdvance ? drawn.drawnInAdvance() : drawn
        var simulation = WidgetSimulation(
            provider: scenario.widgets[0].provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
            inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
            budgetModel: scenario.budget.model, family: scenario.widgets[0].family, events: events, detail: detail,
            shapeStore: store)
        result = simulation.run()
        closed = simulation.closedTaken
        spaced = simulation.spacedTaken
        staleStartRenders = simulation.staleStartRenders
        alignedStarts = simulation.alignedStarts
        alignedFreshRuns = simulation.alignedFreshRuns
        alignedStartsLeaving = simulation.alignedStartsLeaving
        viewsInJumps = simulation.viewsInJumpsTaken
        cyclesToLoop = simulation.cyclesToLoop
    }
}

extension WidgetRunResult {
    /// ``EngineRun``'s result.
    static func engine(
        _ scenario: Scenario, replication: Int = 0, events: EventLevel = .none, detail: RunDetail,
        store: (any AgeShapeStore)? = nil
    ) -> WidgetRunResult {
        EngineRun(scenario, replication: replication, events: events, detail: detail, store: store).result
    }
}
