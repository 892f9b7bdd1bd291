import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The event loop's plain clone (``EnginePaths/plainLoop``: no app request, no App Intent, no
/// `unseen_after` hold, the folded turns on) against the clone that reads those times: the same
/// run with ``RunDetail/plainLoop`` on and off, whose paths differ only there.
@Suite("The event loop's plain clone against the clone that reads every source")
struct PlainLoopTests {
    /// `GrantsOnlyTests.randomScenario`, and for every other one the sources the plain clone takes
    /// as none taken out (the app's reloads and pushes, App Intents, `unseen_after`), and what turns
    /// the folded turns off (location changes, a random render delay, low-power windows), so that
    /// about half the runs take it.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        var scenario = GrantsOnlyTests.randomScenario(&g)
        if g.next() % 2 == 0 { takeOutPlainLoopSources(&scenario) }
        return scenario
    }

    /// Takes out of `scenario` the sources the plain clone takes as none (the app's reloads and
    /// pushes, App Intents, `unseen_after`) and what turns the folded turns off (location changes,
    /// a random render delay, low-power windows).
    static func takeOutPlainLoopSources(_ scenario: inout Scenario) {
        scenario.app.reloads = []
        scenario.app.pushes = nil
        scenario.app.intents = []
        scenario.system.unseenAfter = .infinity
        scenario.system.locationChanges = .none
        scenario.system.renderDelay = .zero
        scenario.system.lowPower = []
    }

    /// Whether the runs of `scenario` at `level` with `detail` take the plain clone.
    static func plain(_ scenario: Scenario, level: EventLevel, detail: RunDetail) -> Bool {
        let inputs = WidgetInputs(scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: 0, replication: 0)
        return EnginePaths(inputs: inputs, system: scenario.system, level: level, detail: detail).plainLoop
    }

    @Test("300 random scenarios: the same days, stretches, charge times and events with either clone")
    func sameRuns() {
        var g = SeededGenerator(seed: 1_414)
        var taken = 0, read = 0
        for i in 0..<300 {
            let scenario = Self.randomScenario(&g)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system) \(scenario.app)"
            let level: EventLevel = i % 3 == 0 ? .reloads : .none
            for detail in [RunDetail.full, .optimization, .grantsOnly] {
                var reading = detail
                reading.plainLoop = false
                #expect(!Self.plain(scenario, level: level, detail: reading), "\(label)")
                if Self.plain(scenario, level: level, detail: detail) { taken += 1 } else { read += 1 }
                let plain = GrantsOnlyTests.run(scenario, events: level, detail: detail)
                let other = GrantsOnlyTests.run(scenario, events: level, detail: reading)
                #expect(Array(plain.days) == Array(other.days), "\(label)")
                #expect(plain.ageShapes == other.ageShapes && plain.ageSegments == other.ageSegments, "\(label)")
                #expect(plain.chargeTimes == other.chargeTimes, "\(label)")
                #expect(plain.events == other.events, "\(label)")
            }
        }
        // Both clones ran (the test would pass vacuously with either alone); the third of the
        // scenarios at `reloads` reads (the plain clone keeps no event): 291 taken, 609 read.
        #expect(taken > 250 && read > 300, "taken \(taken), read \(read)")
    }

    @Test("each source the plain clone takes as none turns it off, and so do the paths it takes as on")
    func whatTurnsItOff() {
        let plain = TestScenarios.single(
            .fixed(FixedProvider(entries: 4, spacing: 600)), days: 1, seed: 7,
            predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 4)))
        #expect(Self.plain(plain, level: .none, detail: .full))
        #expect(!Self.plain(plain, level: .reloads, detail: .optimization))
        #expect(Self.plain(plain, level: .none, detail: .grantsOnly))
        #expect(!Self.plain(plain, level: .all, detail: .full))
        var app = plain
        app.app.reloads = [AppActivity.Reloads(target: .all, trigger: .process(EventProcess(.poisson(perHour: 3))))]
        #expect(!Self.plain(app, level: .none, detail: .full))
        var intents = plain
        intents.app.intents = [AppActivity.Intents(kind: "widget", process: EventProcess(.poisson(perHour: 1)))]
        #expect(!Self.plain(intents, level: .none, detail: .full))
        var unseen = plain
        unseen.system.unseenAfter = 3_600
        #expect(!Self.plain(unseen, level: .none, detail: .full))
        var location = plain
        location.system.locationChanges = EventProcess(.poisson(perHour: 0.5))
        #expect(!Self.plain(location, level: .none, detail: .full))
        var delays = plain
        delays.system.renderDelay = .uniform(0, 5)
        #expect(!Self.plain(delays, level: .none, detail: .full))
    }
}
