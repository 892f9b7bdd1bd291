import Testing
import WidgetBudgetKit

/// The README's library example, verbatim, so the documented code keeps compiling and working.
@Suite("README example")
struct ReadmeExampleTests {
    struct MyProvider: ReplayProvider {
        mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
            let next = context.clock.nextAligned(after: context.now, step: 60)  // next whole minute
            timeline.entries.append(ReplayEntry(date: context.now))
            for i in 0..<59 { timeline.entries.append(ReplayEntry(date: next + Double(i) * 60)) }
            timeline.policy = .atEnd
        }
    }

    @Test func customProviderReplaysFreshAllWeekWithinBudget() {
        let scenario = Scenario(
            name: "mine", days: 7, budget: .fixed(40, model: .rolling24h),
            widgets: [
                WidgetSpec(
                    kind: "clock", provider: .never,
                    predictable: EventProcess(.every(period: 60, offset: 0)))
            ])
        let calendar = SimulationCalendar(scenario: scenario)
        let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        var run = WidgetSimulation(
            provider: MyProvider(), inputs: inputs, calendar: calendar,
            memory: scenario.memory, system: scenario.system, budgetModel: .rolling24h)
        let result = run.run()
        let summary = WidgetSummary(widget: "clock", runs: [result])
        // Starting at midnight, each timeline ends 59 minutes after its reload (first entry now, then
        // 58 more whole minutes after the next one): 24 h / 59 min = 24.4 reloads a day, all charged.
        #expect(summary.freshness == 1)
        #expect(abs(summary.chargedPerDay - 86_400 / 3_540) < 0.2)
        #expect(summary.exhaustedDayFraction == 0)
    }
}
