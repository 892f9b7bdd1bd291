import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The days' stretches kept in the engine's buffer and folded into the shapes only once a day
/// closes with it more than half full (`RunDetail.foldedSlots`), and at the run's end (the
/// optimizer's runs: one fold, written in place into the shapes' first array, not one a day),
/// against the stretches kept with their times and folded one by one
/// (`AgeShapes.append(contentsOf:)`, the reference) and against a fold at every day's close
/// (`foldedSlots` 0): the same runs, to the bit, folded every day, every few days or once, with
/// a store taking the runs or without, and the same days.
@Suite("Stretches folded into shapes every few days or once a run, against one by one")
struct FoldedSlotsTests {
    @Test("100 random scenarios that jump, over 1 to 4 days: the same shapes and days, folded at 0, 2, 16, 120 slots or once")
    func sameShapesWhenEverFolded() {
        var g = SeededGenerator(seed: 26_411)
        var severalDays = 0
        for i in 0..<100 {
            let scenario = JumpRunsTests.randomScenario(&g)
            for (name, base) in [("optimization", RunDetail.optimization), ("unconstrained p95", .unconstrained(for: .p95Age))] {
                var withTimes = base
                withTimes.stretchTimes = true
                var daily = base
                daily.foldedSlots = 0
                for r in 0..<2 {
                    let reference = WidgetRunResult.engine(scenario, replication: r, detail: withTimes)
                    var oneByOne = AgeShapes()
                    oneByOne.append(contentsOf: reference.ageSegments)
                    let everyDay = WidgetRunResult.engine(scenario, replication: r, detail: daily)
                    #expect(everyDay.ageShapes == oneByOne, "scenario \(i), \(name), replication \(r), every day")
                    for slots in [2, 16, 120, RunDetail.optimization.foldedSlots] {
                        var detail = base
                        detail.foldedSlots = slots
                        let label = "scenario \(i), \(name), replication \(r), folded at \(slots) slots"
                        let store = slots == 16 ? AgeShapesTests.ArrayStore() : nil
                        let run = WidgetRunResult.engine(scenario, replication: r, detail: detail, store: store)
                        #expect(run.ageShapes == oneByOne, "\(label)")
                        #expect(run.ageShapes.count == oneByOne.count && run.ageShapes.runCount == oneByOne.runCount, "\(label)")
                        #expect(run.days == everyDay.days, "\(label)")
                    }
                    if scenario.days > 1 && oneByOne.count > 16 { severalDays += 1 }
                }
            }
        }
        // Runs of several days with stretches enough to fold before their end at 16 slots.
        #expect(severalDays > 100, "\(severalDays) runs of several days")
    }
}
