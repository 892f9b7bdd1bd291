import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The event loop's folded turns (`EnginePaths.foldedTurns`: the grant a policy request makes due
/// at once, the render after a grant at once) against the event path (`--events all`, which folds
/// nothing), on random scenarios whose events meet at the same instants: no reload delay, app
/// reloads and views on whole-minute grids, entries dated at the grant, tight budgets and intervals.
/// No fresh runs (entries at least two periods apart, or no predictable content), so the sums
/// must be equal to the bit; the reload events (`--events reloads`) must come in the same order.
@Suite("Folded event-loop turns against the event-by-event engine")
struct FoldedTurnsTests {
    /// `unseen`: with a random `unseen_after` hold (a policy reload held until the next view).
    static func randomScenario(_ g: inout SeededGenerator, unseen: Bool = false) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let provider = FixedProvider(
            entries: pick([1, 2, 6, 61]), spacing: pick([120, 300]), firstOffset: pick([0, 0, 2]),
            policy: pick([.atEnd, .after(300), .after(900), .never]))
        var system = SystemSettings(
            reloadDelay: pick([.zero, .zero, .uniform(0, 120)]), renderDelay: pick([.zero, .constant(1.5)]),
            minReloadInterval: pick([0, 300, 600]))
        if unseen { system.unseenAfter = pick([300, 900, 3_600, .infinity]) }
        var app = AppActivity()
        let appTimes: [EventProcess?] = [
            nil, EventProcess(.every(period: 900, offset: 0)), EventProcess(.every(period: 300, offset: 0)),
            EventProcess(.poisson(perHour: 2)),
        ]
        if let process = pick(appTimes) {
            app.reloads = [AppActivity.Reloads(target: AppActivity.Target.all, trigger: AppActivity.Trigger.process(process))]
        }
        return TestScenarios.single(
            .fixed(provider), days: 2, replications: 2, seed: g.next(), start: TestScenarios.mondayUTC, timeZone: TestScenarios.utc,
            budget: BudgetSettings(dailyMin: pick([4, 12, 70]), model: pick(BudgetModel.allCases)), system: system, app: app,
            predictable: pick([.none, EventProcess(.every(period: 60, offset: 0))]),
            unpredictable: pick([.none, .none, EventProcess(.poisson(perHour: 0.5))]),
            views: pick([
                EventProcess(.every(period: 300, offset: 0)), EventProcess(.every(period: 60, offset: 0)),
                EventProcess(.poisson(perHour: 6)),
            ]))
    }

    @Test("150 random scenarios with events at equal instants: the same sums, stretches and reload events")
    func foldedTurnsMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_626)
        for i in 0..<150 {
            let scenario = Self.randomScenario(&g)
            Self.expectEventPathAgrees(scenario, i)
        }
    }

    /// The views due before every other event, counted in the turn of that event (round 12
    /// `loop`: no turn of their own), against the event path, where each view is a turn: with
    /// `unseen_after` holds (a view releasing a held reload, at the reload's instant), budgets that
    /// run out (the grant's time asked again at every turn while it waits) and day boundaries.
    @Test("150 random scenarios with unseen holds: the views counted in the next event's turn, the same sums, stretches and reload events")
    func viewsCountedInTheNextTurn() {
        var g = SeededGenerator(seed: 1_226)
        for i in 0..<150 {
            let scenario = Self.randomScenario(&g, unseen: true)
            Self.expectEventPathAgrees(scenario, i)
        }
    }

    /// Runs `scenario` at `--events none`, `reloads` and `all`: the same days and stretches, and
    /// the same reload events, as the event path (where every view and render is a turn).
    static func expectEventPathAgrees(_ scenario: Scenario, _ i: Int) {
        let fast = Simulator.run(scenario, events: .none)
        let reloads = Simulator.run(scenario, events: .reloads)
        let exact = Simulator.run(scenario, events: .all)
        for ((a, r), b) in zip(zip(fast.runs, reloads.runs), exact.runs) {
            let x = a[0], y = b[0]
            #expect(x.days == y.days, "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system)")
            #expect(x.ageSegments == y.ageSegments, "scenario \(i)")
            #expect(r[0].days == y.days, "scenario \(i)")
            let reloadEvents = y.events.filter { ![.change, .render, .view].contains($0.kind) }
            #expect(r[0].events == reloadEvents, "scenario \(i)")
        }
    }
}
