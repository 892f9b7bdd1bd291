import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The grant's plain clone (``EnginePaths/plainGrants``: no foreground session, no low-power
/// window, no unpredictable change, no event kept) against the clone that asks those questions:
/// a run at ``EventLevel/none`` against the same run at ``EventLevel/reloads``, whose paths differ
/// only there (every other path is decided by ``EventLevel/all`` alone, and the display is on
/// with ``RunDetail/full`` either way).
@Suite("The grant's plain clone against the clone that asks")
struct PlainGrantsTests {
    /// `GrantsOnlyTests.randomScenario`, and for every other one the inputs the plain clone does
    /// not ask about taken out (foreground sessions, launches from the widget and media sessions,
    /// low-power windows, unpredictable changes), so that about half the runs take it.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        var scenario = GrantsOnlyTests.randomScenario(&g)
        if g.next() % 2 == 0 { removeAskedInputs(&scenario) }
        return scenario
    }

    /// Takes out of `scenario` the inputs the plain clone does not ask about: foreground
    /// sessions, launches from the widget and media sessions, low-power windows, unpredictable
    /// changes (its first widget's).
    static func removeAskedInputs(_ scenario: inout Scenario) {
        scenario.app.foreground = .none
        scenario.app.launchesFromWidget = .none
        scenario.app.sessions = []
        scenario.system.lowPower = []
        scenario.widgets[0].unpredictable = .none
    }

    /// Whether the runs of `scenario` at `level` take the plain clone.
    static func plain(_ scenario: Scenario, level: EventLevel, detail: RunDetail) -> Bool {
        let inputs = WidgetInputs(scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: 0, replication: 0)
        return EnginePaths(inputs: inputs, system: scenario.system, level: level, detail: detail).plainGrants
    }

    @Test("300 random scenarios: the same days, stretches and charge times with either clone")
    func sameRuns() {
        var g = SeededGenerator(seed: 2_713)
        var taken = 0, asked = 0
        for i in 0..<300 {
            let scenario = Self.randomScenario(&g)
            let label = "scenario \(i): \(scenario.widgets[0].provider) \(scenario.system) \(scenario.app)"
            for detail in [RunDetail.full, .optimization] {
                let plain = GrantsOnlyTests.run(scenario, detail: detail)
                let asking = GrantsOnlyTests.run(scenario, events: .reloads, detail: detail)
                #expect(!Self.plain(scenario, level: .reloads, detail: detail), "\(label)")
                if Self.plain(scenario, level: .none, detail: detail) { taken += 1 } else { asked += 1 }
                #expect(Array(plain.days) == Array(asking.days), "\(label)")
                #expect(plain.ageShapes == asking.ageShapes && plain.ageSegments == asking.ageSegments, "\(label)")
                #expect(plain.chargeTimes == asking.chargeTimes, "\(label)")
            }
        }
        // Both clones ran (the test would pass vacuously with either alone).
        #expect(taken > 200 && asked > 200, "taken \(taken), asked \(asked)")
    }

    @Test("each input the plain clone does not ask about turns it off, and so does keeping events")
    func whatTurnsItOff() {
        var plain = TestScenarios.single(
            .fixed(FixedProvider(entries: 4, spacing: 600)), days: 1, seed: 7,
            predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 4)))
        #expect(Self.plain(plain, level: .none, detail: .full))
        #expect(Self.plain(plain, level: .none, detail: .optimization))
        #expect(!Self.plain(plain, level: .reloads, detail: .full))
        #expect(!Self.plain(plain, level: .all, detail: .full))
        var foreground = plain
        foreground.app.foreground = EventProcess(.poisson(perHour: 2))
        #expect(!Self.plain(foreground, level: .none, detail: .full))
        var launches = plain
        launches.app.launchesFromWidget = EventProcess(.poisson(perHour: 2))
        #expect(!Self.plain(launches, level: .none, detail: .full))
        var sessions = plain
        sessions.app.sessions = [AppActivity.Session(process: EventProcess(.poisson(perHour: 2)), duration: .constant(600))]
        #expect(!Self.plain(sessions, level: .none, detail: .full))
        var lowPower = plain
        lowPower.system.lowPower = [TimeWindow("01:00-05:00")!]
        #expect(!Self.plain(lowPower, level: .none, detail: .full))
        plain.widgets[0].unpredictable = EventProcess(.poisson(perHour: 1))
        #expect(!Self.plain(plain, level: .none, detail: .full))
    }
}
