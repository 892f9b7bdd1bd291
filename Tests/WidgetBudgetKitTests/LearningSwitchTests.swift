import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// A reload waiting for budget when a learning period ends with a larger B is granted at the
/// switch, never back in the learning day (found while judging candidates under `budget.learning`,
/// issue #22 item 1).
@Suite("Engine: the end of a learning period")
struct LearningSwitchTests {
    @Test("a wait across the switch is granted at the switch, and no day has a negative wait")
    func waitAcrossTheSwitch() {
        // A reload every 30 minutes (48 a day) with a learning day of 8: the 9th reload of day 0
        // (at 4:00, rolling 24 h) waits; at midnight B becomes 100, so it is granted at 24:00.
        var scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 0, policy: .after(1_800))), days: 2,
            budget: BudgetSettings(dailyMin: 100, model: .rolling24h))
        scenario.budget.learningDays = 1
        scenario.budget.learningDaily = 8
        let provider = FixedProvider(entries: 1, spacing: 0, policy: .after(1_800))
        let run = TestScenarios.run(provider, in: scenario)
        let grants = run.events.filter { $0.kind == .grant }.map(\.time)
        // Eight on day 0, 0:00 to 3:30; the ninth at the switch, then every 30 minutes.
        #expect(Array(grants.prefix(9)) == (0..<8).map { Double($0) * 1_800 } + [86_400])
        #expect(grants == grants.sorted())
        #expect(run.days.map(\.charged) == [8, 48])
        #expect(run.days.allSatisfy { $0.exhaustedSeconds >= 0 })
        #expect(run.days[0].exhaustedSeconds == 86_400 - 8 * 1_800)
    }
}
