import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Renders run one after the other between two other events (`--events none`, constant render
/// delay) against renders visited one event at a time (`--events all`), on randomised scenarios
/// whose entries are mostly shown stale: entries 30 s, 1 m or 5 m apart against `every` changes
/// with an offset.
@Suite("Renders run between other events against the event-by-event engine")
struct StaleRenderRunTests {
    /// A random scenario: a fixed provider, `every` predictable content with an offset, maybe
    /// unpredictable changes, a constant render delay, views, app reloads and a tight budget.
    /// `noFreshRun`: every entry goes stale before the next renders (entries evenly spaced by at
    /// least two periods), so no fresh run forms.
    static func randomScenario(_ g: inout SeededGenerator) -> (scenario: Scenario, noFreshRun: Bool) {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let spacing: Double = pick([30, 60, 300])
        let period: Double = pick([20, 60, 60, 120])
        let align: EntryAlignment = pick([.none, .minute])
        let provider = FixedProvider(
            entries: pick([1, 2, 6, 12, 61, 120]), spacing: spacing, firstOffset: pick([0, 2, 0.37]), align: align,
            policy: pick([.atEnd, .after(900), .after(3_600), .never]))
        let system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120)]), renderDelay: pick([.zero, .constant(1.5), .constant(45)]),
            minReloadInterval: pick([0, 300]))
        var app = AppActivity()
        app.reloads = pick([
            [],
            [AppActivity.Reloads(target: AppActivity.Target.all, trigger: AppActivity.Trigger.process(EventProcess(.poisson(perHour: 1))))],
        ])
        let scenario = TestScenarios.single(
            .fixed(provider), days: 2, replications: 2, seed: g.next(), start: TestScenarios.mondayUTC, timeZone: TestScenarios.utc,
            budget: BudgetSettings(dailyMin: pick([6, 20, 70]), model: pick(BudgetModel.allCases)), system: system,
            app: app, predictable: EventProcess(.every(period: period, offset: pick([0, 7.25, 15, 29.5]))),
            unpredictable: pick([.none, .none, EventProcess(.poisson(perHour: 0.5))]),
            views: pick([EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]))
        return (scenario, align == .none && spacing >= 2 * period)
    }

    @Test("80 random scenarios render, age and view the same either way")
    func renderRunsMatchEventByEvent() {
        var g = SeededGenerator(seed: 5151)
        for i in 0..<80 {
            let (scenario, noFreshRun) = Self.randomScenario(&g)
            let fast = Simulator.run(scenario, events: .none)
            let exact = Simulator.run(scenario, events: .all)
            for (a, b) in zip(fast.runs, exact.runs) {
                let x = a[0], y = b[0]
                // Counts are exact whatever the path.
                #expect(x.days.map(\.renders) == y.days.map(\.renders), "scenario \(i)")
                #expect(x.days.map(\.views) == y.days.map(\.views), "scenario \(i)")
                #expect(x.days.map(\.reloads) == y.days.map(\.reloads), "scenario \(i)")
                if noFreshRun {
                    // The same additions in the same order, to the bit.
                    #expect(x.days == y.days, "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system)")
                    #expect(x.ageSegments == y.ageSegments, "scenario \(i)")
                } else {
                    // Fresh runs may split the sums at fewer points (last bits only).
                    for (p, q) in zip(x.days, y.days) {
                        #expect(isApproximatelyEqual(p.freshSeconds, q.freshSeconds, relativeTolerance: 1e-12), "scenario \(i)")
                        #expect(isApproximatelyEqual(p.ageIntegral, q.ageIntegral, relativeTolerance: 1e-12), "scenario \(i)")
                        #expect(isApproximatelyEqual(p.maxAge, q.maxAge, relativeTolerance: 1e-12), "scenario \(i)")
                        #expect(isApproximatelyEqual(p.viewAgeTotal, q.viewAgeTotal, relativeTolerance: 1e-12), "scenario \(i)")
                        #expect(p.freshViews == q.freshViews, "scenario \(i)")
                    }
                }
            }
        }
    }
}
