import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// Debug builds' watch on the event loop for a wait for budget that never ends
/// (``RefusedGrants``): its count, and that it does not fire on runs that wait for budget.
@Suite("The watch on refused grants at one instant")
struct RefusedGrantsTests {
    @Test("up to the limit of refusals at one instant, counted afresh after a grant or at another instant")
    func counting() {
        var watch = RefusedGrants()
        for _ in 0..<RefusedGrants.limit {
            let quiet = watch.note(at: 10, stillPending: true)
            #expect(quiet)
        }
        #expect(watch.count == RefusedGrants.limit)
        let fired = !watch.note(at: 10, stillPending: true)
        #expect(fired)
        // Another instant, or a grant, counts afresh.
        let moved = watch.note(at: 10.5, stillPending: true)
        #expect(moved && watch.count == 1)
        let granted = watch.note(at: 10.5, stillPending: false)
        #expect(granted && watch.count == 0)
        let again = watch.note(at: 10.5, stillPending: true)
        #expect(again && watch.count == 1)
        // A NaN instant equals none: never counted up.
        let nan1 = watch.note(at: .nan, stillPending: true), nan2 = watch.note(at: .nan, stillPending: true)
        #expect(nan1 && nan2 && watch.count == 1)
    }

    /// The loop asserts the watch in debug builds (the tests'): runs that wait for budget, at every
    /// event level and detail, finish without it firing.
    @Test("600 random scenarios with tight budgets: the watch never fires, and runs wait for budget")
    func quietOnRandomRuns() {
        var g = SeededGenerator(seed: 1_414)
        var waited = 0
        for _ in 0..<600 {
            let scenario = RollingFromChargesTests.randomScenario(&g)
            for detail in [RunDetail.full, .optimization, .unconstrained(for: .meanAge)] {
                let plain = GrantsOnlyTests.run(scenario, detail: detail)
                let asking = GrantsOnlyTests.run(scenario, events: .reloads, detail: detail)
                if plain.days.contains(where: { $0.deferred > 0 }) { waited += 1 }
                #expect(Array(plain.days) == Array(asking.days))
            }
        }
        #expect(waited > 300, "waited \(waited)")
    }
}
