import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A daylight-saving day replayed on its own keeps the budget its widget has over the horizon
/// (`HorizonBudget`): the horizon's views a day, and only what is left of the learning period.
@Suite("Optimization: a replayed clock-change day keeps the horizon's budget")
struct HorizonBudgetTests {
    /// Europe/Paris from Friday 2026-03-20, 7 days (to 2026-03-27): the spring-forward day
    /// 2026-03-29 is outside, replayed from 2026-03-28, 8 days after the start.
    static func problem(learningDays: Int) throws -> OptimizationProblem {
        var calendar = Calendar(identifier: .gregorian)
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        calendar.timeZone = paris
        let start = try #require(calendar.date(from: DateComponents(year: 2026, month: 3, day: 20)))
        var budget = BudgetSettings.fixed(40)
        budget.byViews = true
        budget.learningDays = learningDays
        budget.learningDaily = 30
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 0, policy: .after(3_600))), days: 7, replications: 3, seed: 5,
            start: start, timeZone: paris, budget: budget, views: EventProcess(.poisson(perHour: 0.5)))
        let settings = OptimizationSettings(
            space: SearchSpace(spacings: [0], entries: [1], aligns: [.none], policies: [.after(3_600)]),
            constraints: OptimizationConstraints(budgets: 40...40), replications: 3)
        return OptimizationProblem(scenario: scenario, settings: settings)
    }

    @Test("views a day are the horizon's, replication by replication, drawn or not")
    func viewsPerDay() throws {
        let problem = try Self.problem(learningDays: 0)
        let day = try #require(problem.daylightSavingDays.first)
        #expect(day.label == "spring forward 2026-03-29")
        let replay = try #require(day.problem)
        // Replications 0–2 are drawn in advance, 3–4 on demand (racing): each keeps its own
        // horizon's count (Poisson views: they differ from one replication to the next).
        let horizon = (0..<5).map { problem.input($0, appThrottle: nil).viewsPerDay }
        #expect(Set(horizon).count > 1)
        #expect((0..<5).map { replay.input($0, appThrottle: nil).viewsPerDay } == horizon)
    }

    @Test("the learning period counts from the horizon's start")
    func learning() throws {
        // 10 learning days from 2026-03-20: 2 are left at the replay's start (2026-03-28).
        let replay = try #require(try Self.problem(learningDays: 10).daylightSavingDays.first?.problem)
        #expect(replay.input(0, appThrottle: nil).learningDays == 2)
        #expect(replay.input(4, appThrottle: nil).learningDays == 2)
        #expect(replay.input(0, appThrottle: nil).learningBudget == 30)
        // 3 learning days are over by then: none is left (the replay drawn afresh had 3).
        let over = try #require(try Self.problem(learningDays: 3).daylightSavingDays.first?.problem)
        #expect(over.input(0, appThrottle: nil).learningDays == 0)
    }
}
