import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The plain grant charging without asking the budget (``EnginePaths/budgetNeverRunsOut``: B more
/// than the charges a run of its horizon can make) against the grant that asks it: a run at
/// ``EventLevel/none`` against the same run at ``EventLevel/reloads``, which asks the budget at
/// every charge (`PlainGrantsTests` checks that the two grants' clones agree otherwise).
@Suite("Charging without asking a budget that cannot run out")
struct BudgetNeverRunsOutTests {
    /// `PlainGrantsTests.randomScenario`, and for every other one none of the inputs that turn the
    /// plain grant off (`PlainGrantsTests`), no App Intent and a fixed B of
    /// the rolling or the midnight model, from tight to 2^40 (the optimizer's runs without a
    /// budget), some between the bound and the charges a run makes and some below them.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        var scenario = PlainGrantsTests.randomScenario(&g)
        if g.next() % 2 == 0 {
            scenario.app.intents = []
            PlainGrantsTests.removeAskedInputs(&scenario)
            var budget = BudgetSettings.fixed(pick([4, 30, 70, 300, 2_000, 1 << 40]), model: pick([.rolling24h, .midnight]))
            budget.byViews = scenario.budget.byViews
            if pick([false, false, true]) {
                budget.learningDays = 1
                budget.learningDaily = pick([20, 1 << 40])
            }
            scenario.budget = budget
        }
        return scenario
    }

    /// The paths of the first replication of `scenario`'s first widget at `level` with `detail`.
    static func paths(_ scenario: Scenario, level: EventLevel, detail: RunDetail) -> EnginePaths {
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        return EnginePaths(
            inputs: inputs, system: scenario.system, level: level, detail: detail, budgetModel: scenario.budget.model,
            horizon: calendar.horizon)
    }

    /// Whether the runs of `scenario` at `level` charge without asking the budget.
    static func unasked(_ scenario: Scenario, level: EventLevel, detail: RunDetail = .full) -> Bool {
        paths(scenario, level: level, detail: detail).budgetNeverRunsOut
    }

    @Test("600 random scenarios: the same days, stretches and charge times as when the budget is asked")
    func sameRuns() {
        var g = SeededGenerator(seed: 3_141)
        var taken = 0, asked = 0
        for i in 0..<600 {
            let scenario = Self.randomScenario(&g)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system) \(scenario.budget) \(scenario.app)"
            for detail in [RunDetail.full, .optimization] {
                let plain = GrantsOnlyTests.run(scenario, detail: detail)
                let asking = GrantsOnlyTests.run(scenario, events: .reloads, detail: detail)
                #expect(!Self.unasked(scenario, level: .reloads, detail: detail), "\(label)")
                if Self.unasked(scenario, level: .none, detail: detail) {
                    taken += 1
                    // The bound holds: fewer charges than B in the whole run (and none waited).
                    let days = Array(plain.days)
                    #expect(days.reduce(0) { $0 + $1.charged } < days.map(\.budget).min()!, "\(label)")
                    #expect(days.allSatisfy { $0.deferred == 0 }, "\(label)")
                } else {
                    asked += 1
                }
                #expect(Array(plain.days) == Array(asking.days), "\(label)")
                #expect(plain.ageShapes == asking.ageShapes && plain.ageSegments == asking.ageSegments, "\(label)")
                #expect(plain.chargeTimes == asking.chargeTimes, "\(label)")
            }
        }
        // Both ways ran (the test would pass vacuously with either alone).
        #expect(taken > 150 && asked > 600, "taken \(taken), asked \(asked)")
    }

    @Test("the bound: B more than 2 · horizon / interval + 2, the horizon and interval in range")
    func bound() {
        let day = 86_400.0
        // 2 · 86,400 / 300 + 2 = 578.
        #expect(EnginePaths.neverRunsOut(.rolling24h, daily: 579, horizon: day, interval: 300))
        #expect(EnginePaths.neverRunsOut(.midnight, daily: 579, horizon: day, interval: 300))
        #expect(!EnginePaths.neverRunsOut(.rolling24h, daily: 578, horizon: day, interval: 300))
        #expect(!EnginePaths.neverRunsOut(.tokenBucket, daily: 1 << 40, horizon: day, interval: 300))
        let other = BudgetModel("midnight", rule: BudgetRuleTests.OtherMidnight.self)
        #expect(!EnginePaths.neverRunsOut(other, daily: 1 << 40, horizon: day, interval: 300))
        #expect(!EnginePaths.neverRunsOut(nil, daily: 1 << 40, horizon: day, interval: 300))
        #expect(!EnginePaths.neverRunsOut(.midnight, daily: 1 << 40, horizon: 0x1p41, interval: 300))
        #expect(!EnginePaths.neverRunsOut(.midnight, daily: 1 << 40, horizon: .nan, interval: 300))
        #expect(!EnginePaths.neverRunsOut(.midnight, daily: 1 << 40, horizon: day, interval: .nan))
        #expect(!EnginePaths.neverRunsOut(.midnight, daily: 1 << 40, horizon: day, interval: 0.5))
        // An interval longer than the horizon: one grant at most.
        #expect(EnginePaths.neverRunsOut(.midnight, daily: 3, horizon: day, interval: .infinity))
    }

    @Test("App Intents, events kept, a learning B within the bound and the other rules turn it off")
    func whatTurnsItOff() {
        var free = TestScenarios.single(
            .fixed(FixedProvider(entries: 4, spacing: 600)), days: 2, seed: 7, budget: .fixed(1 << 40, model: .midnight),
            predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 4)))
        #expect(Self.unasked(free, level: .none))
        #expect(Self.unasked(free, level: .none, detail: .optimization))
        #expect(!Self.unasked(free, level: .reloads))
        var intents = free
        intents.app.intents = [AppActivity.Intents(kind: "widget", process: EventProcess(.poisson(perHour: 1)))]
        #expect(!Self.unasked(intents, level: .none))
        var learning = free
        learning.budget.learningDays = 1
        learning.budget.learningDaily = 40
        #expect(!Self.unasked(learning, level: .none))
        var lowPower = free
        lowPower.system.lowPower = [TimeWindow("01:00-05:00")!]
        #expect(!Self.unasked(lowPower, level: .none))
        free.budget = .fixed(1 << 40, model: .tokenBucket)
        #expect(!Self.unasked(free, level: .none))
    }
}
