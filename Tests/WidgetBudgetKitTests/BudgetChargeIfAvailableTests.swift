import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The grant's check and charge under one switch (`ReloadBudget.chargeIfAvailable`, #26 engine-2
/// `grant`) against the two calls it replaces, and the end of a wait, whose event is recorded
/// between the check and the charge (`WidgetSimulation.grantAfterWaiting`).
@Suite("The budget's check and charge in one call")
struct BudgetChargeIfAvailableTests {
    /// A rule of no built-in type (run through the protocol, `ReloadBudget.Rule`'s `other`): at
    /// most B charges in each window of 1,000 seconds of local time.
    struct KiloCap: BudgetRule {
        var daily: Int
        var current = Int.min
        var used = 0
        init(daily: Int) { self.daily = daily }
        static var window: BudgetWindow? { BudgetWindow(length: 1_000) }
        static var jsonKey: String { "kiloCap" }
        func isAvailable(at t: SimTime, window: Int) -> Bool { window != current || used < daily }
        mutating func setDaily(_ daily: Int, at t: SimTime) { self.daily = daily }
        mutating func charge(at t: SimTime, window: Int) {
            if window != current {
                current = window
                used = 0
            }
            used += 1
        }
        func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime { nextWindow() }
        func left(at t: SimTime, window: Int) -> Int { window == current ? daily - used : daily }
        static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] { [] }
        static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int { chargeTimes.count }
    }

    @Test(
        "3,000 random grants a model: the same answers and state as isAvailable then charge",
        arguments: BudgetModel.allCases.map(\.rawValue) + ["kilo-cap"])
    func sameAsTwoCalls(model name: String) {
        var g = SeededGenerator(seed: UInt64(name.utf8.count) &* 977)
        let clock = LocalClock(
            start: TestScenarios.mondayUTC, timeZone: TimeZone(identifier: "Europe/Paris")!, horizon: 90 * 86_400)
        for daily in [0, 1, 3, 40] {
            let model = BudgetModel(rawValue: name) ?? BudgetModel("kilo-cap", rule: KiloCap.self)
            var one = ReloadBudget(model: model, daily: daily, clock: clock)
            var two = ReloadBudget(model: model, daily: daily, clock: clock)
            #expect(one.ruleIsDirect == (name != "kilo-cap"))
            var t = 0.0
            for step in 0..<3_000 {
                // Gaps from seconds to a day and a half; now and then the same instant again.
                if g.unit() < 0.95 { t += (g.unit() < 0.9 ? 600 : 130_000) * g.unit() }
                let window = two.window(t)
                let expected = two.isAvailable(at: t, window: window)
                if expected { two.charge(at: t, window: window) }
                #expect(one.chargeIfAvailable(at: t, window: one.window(t)) == expected, "\(name) \(daily) \(step)")
                let later = t + 3_600 * g.unit()
                #expect(one.left(at: t) == two.left(at: t), "\(name) \(daily) \(step)")
                #expect(one.left(at: later) == two.left(at: later), "\(name) \(daily) \(step)")
                #expect(one.nextAvailable(after: t).bitPattern == two.nextAvailable(after: t).bitPattern, "\(name) \(daily)")
                if step % 700 == 699 {
                    let changed = Int(g.next() % 50)
                    one.setDaily(changed, at: t)
                    two.setDaily(changed, at: t)
                }
            }
        }
    }

    /// A grant that ends a wait for budget is recorded after the wait's end, which reads the
    /// budget left before the charge: one more than the grant's, at the same instant.
    @Test("200 random scenarios with waits: the end of each wait sees the budget before the charge")
    func waitEndsBeforeTheCharge() {
        var g = SeededGenerator(seed: 26_909)
        var waits = 0
        for i in 0..<200 {
            let scenario = EvenTimelineTests.randomScenario(&g)
            var budgeted = scenario
            budgeted.budget = BudgetSettings(dailyMin: [1, 3, 8][i % 3], model: BudgetModel.allCases[i % 3])
            let run = EvenTimelineTests.run(budgeted, custom: i % 2 == 0)
            let events = run.events
            for (k, event) in events.enumerated() where event.kind == .budgetBack {
                waits += 1
                let grant = events[(k + 1)...].first { $0.kind == .grant }
                #expect(grant?.time == event.time && grant?.charged == true, "scenario \(i)")
                #expect(event.budgetLeft >= 1 && grant?.budgetLeft == event.budgetLeft - 1, "scenario \(i): \(event)")
            }
        }
        #expect(waits > 100, "\(waits)")
    }

    @Test("200 random scenarios with waits: events off (one call to check and charge) as at --events all")
    func waitEndsWithoutEventsAsWithThem() {
        var g = SeededGenerator(seed: 26_910)
        var waits = 0
        for i in 0..<200 {
            var scenario = EvenTimelineTests.randomScenario(&g)
            scenario.budget = BudgetSettings(dailyMin: [1, 3, 8][i % 3], model: BudgetModel.allCases[i % 3])
            let custom = i % 2 == 0
            let all = EvenTimelineTests.run(scenario, custom: custom, events: .all)
            waits += all.events.count { $0.kind == .budgetBack }
            for level in [EventLevel.none, .reloads] {
                let run = EvenTimelineTests.run(scenario, custom: custom, events: level)
                #expect(Array(run.days) == Array(all.days), "scenario \(i), \(level)")
                #expect(run.chargeTimes == all.chargeTimes, "scenario \(i), \(level)")
                #expect(run.ageSegments == all.ageSegments, "scenario \(i), \(level)")
            }
        }
        #expect(waits > 100, "\(waits)")
    }

    @Test("200 random scenarios: the day's request and grant counters (wrapping) as the events count them")
    func grantCountersMatchTheEvents() {
        var g = SeededGenerator(seed: 26_911)
        for i in 0..<200 {
            var scenario = EvenTimelineTests.randomScenario(&g)
            scenario.budget = BudgetSettings(dailyMin: [1, 3, 8, 70][i % 4], model: BudgetModel.allCases[i % 3])
            let run = EvenTimelineTests.run(scenario, custom: i % 2 == 0, events: .all)
            let grants = run.events.filter { $0.kind == .grant }
            let days = Array(run.days)
            #expect(days.reduce(0) { $0 + $1.requested } == run.events.count { $0.kind == .request }, "scenario \(i)")
            #expect(days.reduce(0) { $0 + $1.reloads } == grants.count, "scenario \(i)")
            #expect(days.reduce(0) { $0 + $1.charged } == grants.count { $0.charged == true }, "scenario \(i)")
            #expect(days.reduce(0) { $0 + $1.exempt } == grants.count { $0.charged == false }, "scenario \(i)")
        }
    }
}
