import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The rolling rule answered from the charge times the run keeps (``EnginePaths/rollingFromCharges``:
/// ``ChargeTimeStore/rollingAllows(at:daily:)`` and ``ChargeTimeStore/rollingRecovery(daily:)``)
/// against `RollingWindowBudget` itself, charge by charge, and whole runs against the runs that
/// ask the rule.
@Suite("The rolling rule from the run's charge times")
struct RollingFromChargesTests {
    /// 300 budgets of 2,000 grants each: every grant at or after the one before (as the engine's),
    /// at gaps from none to three days (on and around 24 and 48 hours, with fractions of a second),
    /// from starts up to 2^40 s, B from 1 to 500 and changed now and then (a learning period
    /// ending): the same answer at every grant, the same recovery at every refusal.
    @Test("random ascending charges: the same availability and recovery as the rule")
    func sameAnswers() {
        var g = SeededGenerator(seed: 2_024)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        var refused = 0, granted = 0, dropped = 0
        for _ in 0..<300 {
            var daily = pick([1, 2, 3, 7, 40, 500])
            var rule = RollingWindowBudget(daily: daily)
            var store = ChargeTimeStore()
            var t: SimTime = pick([0, 1_000.25, 0x1p30 + 0.5, 0x1p40 - 1e6])
            for _ in 0..<2_000 {
                if g.next() % 200 == 0 {
                    daily = pick([1, 2, 3, 7, 40, 500])
                    rule.setDaily(daily, at: t)
                }
                let gap: Double = pick([
                    0, 1, 300, 299.5, 86_400, 86_399.75, 86_400.125, 172_800, 172_799.5, 172_800.5, 3_600 * 30, 259_200,
                    g.unit() * 7_200, g.unit() * 200_000,
                ])
                t += gap
                let allows = store.rollingAllows(at: t, daily: daily)
                #expect(allows == rule.isAvailable(at: t, window: 0), "t \(t), daily \(daily)")
                if !allows {
                    refused += 1
                    let back = store.rollingRecovery(daily: daily)
                    #expect(back == rule.nextRecovery(after: t, nextWindow: { .infinity }), "t \(t), daily \(daily)")
                    // The next grant at the recovery or a little after (a wait for budget).
                    t = Swift.max(t, back + pick([0, 0, 0.5, 60]))
                    #expect(store.rollingAllows(at: t, daily: daily) == rule.isAvailable(at: t, window: 0), "t \(t)")
                    guard rule.isAvailable(at: t, window: 0) else { continue }
                } else if store.count >= daily {
                    dropped += 1
                }
                granted += 1
                rule.charge(at: t, window: 0)
                store.append(t)
            }
        }
        // Refusals, grants and grants with B charges kept: each case came.
        #expect(refused > 10_000 && granted > 100_000 && dropped > 10_000, "refused \(refused), granted \(granted), dropped \(dropped)")
    }

    /// `PlainGrantsTests.randomScenario`, and for every other one none of the inputs that turn the
    /// plain grant off, no App Intent, and a tight rolling B (with a learning period or not).
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        var scenario = PlainGrantsTests.randomScenario(&g)
        if g.next() % 2 == 0 {
            scenario.app.intents = []
            PlainGrantsTests.removeAskedInputs(&scenario)
            var budget = BudgetSettings.fixed(pick([1, 4, 12, 30, 70]), model: .rolling24h)
            budget.byViews = scenario.budget.byViews
            if pick([false, true]) {
                budget.learningDays = 1
                budget.learningDaily = pick([2, 20])
            }
            scenario.budget = budget
        }
        return scenario
    }

    /// Whether the runs of `scenario` at `level` with `detail` answer the rolling rule from their
    /// charge times.
    static func fromCharges(_ scenario: Scenario, level: EventLevel, detail: RunDetail) -> Bool {
        BudgetNeverRunsOutTests.paths(scenario, level: level, detail: detail).rollingFromCharges
    }

    @Test("600 random scenarios: the same days, stretches and charge times as when the rule is asked")
    func sameRuns() {
        var g = SeededGenerator(seed: 4_242)
        var taken = 0, asked = 0, waited = 0
        for i in 0..<600 {
            let scenario = Self.randomScenario(&g)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system) \(scenario.budget) \(scenario.app)"
            for detail in [RunDetail.optimization, .unconstrained(for: .meanAge)] {
                let plain = GrantsOnlyTests.run(scenario, detail: detail)
                let asking = GrantsOnlyTests.run(scenario, events: .reloads, detail: detail)
                #expect(!Self.fromCharges(scenario, level: .reloads, detail: detail), "\(label)")
                if Self.fromCharges(scenario, level: .none, detail: detail) {
                    taken += 1
                    if plain.days.contains(where: { $0.deferred > 0 }) { waited += 1 }
                } else {
                    asked += 1
                }
                #expect(Array(plain.days) == Array(asking.days), "\(label)")
                #expect(plain.ageShapes == asking.ageShapes && plain.ageSegments == asking.ageSegments, "\(label)")
                #expect(plain.chargeTimes == asking.chargeTimes, "\(label)")
            }
        }
        // Both ways ran, and runs that waited for budget took it (else the test proves little).
        #expect(taken > 300 && asked > 300 && waited > 150, "taken \(taken), asked \(asked), waited \(waited)")
    }

    @Test("the charge times not kept, App Intents, events kept and the other rules turn it off")
    func whatTurnsItOff() {
        var rolling = TestScenarios.single(
            .fixed(FixedProvider(entries: 4, spacing: 600)), days: 2, seed: 7, budget: .fixed(12),
            predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 4)))
        #expect(Self.fromCharges(rolling, level: .none, detail: .optimization))
        #expect(!Self.fromCharges(rolling, level: .none, detail: .full))
        #expect(!Self.fromCharges(rolling, level: .reloads, detail: .optimization))
        var intents = rolling
        intents.app.intents = [AppActivity.Intents(kind: "widget", process: EventProcess(.poisson(perHour: 1)))]
        #expect(!Self.fromCharges(intents, level: .none, detail: .optimization))
        var unlimited = rolling
        unlimited.budget = .fixed(1 << 40)
        #expect(!Self.fromCharges(unlimited, level: .none, detail: .optimization))
        rolling.budget.model = .midnight
        #expect(!Self.fromCharges(rolling, level: .none, detail: .optimization))
    }
}
