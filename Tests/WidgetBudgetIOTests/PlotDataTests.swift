import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// The numbers behind the figures: budget left, the age sawtooth, hourly freshness, time axes.
@Suite("Plot data")
struct PlotDataTests {
    /// Seed 002: 5-minute timelines against a midnight budget of 70.
    static func clockScenario(model: BudgetModel, days: Int = 2, budget: Int = 70) -> Scenario {
        TestScenarios.single(
            .fixed(FixedProvider(entries: 6, spacing: 60, policy: .atEnd)), kind: "clock", days: days,
            budget: .fixed(budget, model: model), predictable: EventProcess(.every(period: 60, offset: 0)))
    }

    @Test(arguments: BudgetModel.allCases)
    func budgetCurveAgreesWithEveryGrant(_ model: BudgetModel) {
        let scenario = Self.clockScenario(model: model, days: 3, budget: 40)
        let result = Simulator.run(scenario, events: .reloads)
        let run = result.runs[0][0]
        let trajectory = BudgetTrajectory(
            events: run.events, model: model, daily: 40, clock: result.calendar.clock, until: result.calendar.horizon)
        let grants = run.events.filter { $0.kind == .grant }
        #expect(grants.count > 50)
        for g in grants { #expect(trajectory.left(at: g.time) == g.budgetLeft, "\(model) at \(g.time)") }
        #expect(trajectory.steps.allSatisfy { (0...40).contains($0.left) })
        #expect(trajectory.steps.last?.time == result.calendar.horizon)
    }

    @Test func midnightBudgetRunsOutAt0550AndComesBackAtMidnight() {
        let result = Simulator.run(Self.clockScenario(model: .midnight), events: .reloads)
        let trajectory = BudgetTrajectory(
            events: result.runs[0][0].events, model: .midnight, daily: 70, clock: result.calendar.clock, until: result.calendar.horizon)
        #expect(trajectory.left(at: TimeOfDay.at(day: 0, 5, 50)) == 0)
        #expect(trajectory.left(at: TimeOfDay.at(day: 0, 23, 59)) == 0)
        #expect(trajectory.left(at: TimeOfDay.at(day: 1, 0, 0, 1)) == 69)
        // The waiting stretches: from 05:50 (the 71st request) to midnight, each day.
        #expect(trajectory.waiting.count == 2)
        #expect(trajectory.waiting[0].lowerBound == TimeOfDay.at(day: 0, 5, 50))
        #expect(trajectory.waiting[0].upperBound == TimeOfDay.at(day: 1, 0))
    }

    @Test func ageCurveIsTheSawtooth() {
        let segments = [
            AgeSegment(start: 100, from: 0, to: 50), AgeSegment(start: 150, from: 20, to: 30), AgeSegment(start: 300, from: 0, to: 100),
        ]
        let points = AgeCurve.points(segments, from: 0, to: 500).map { [$0.time, $0.age] }
        #expect(
            points == [[0, 0], [100, 0], [150, 50], [150, 20], [160, 30], [160, 0], [300, 0], [400, 100], [400, 0], [500, 0]])
        // Clipped to a window that starts inside a stale stretch.
        let clipped = AgeCurve.points(segments, from: 120, to: 320).map { [$0.time, $0.age] }
        #expect(clipped == [[120, 20], [150, 50], [150, 20], [160, 30], [160, 0], [300, 0], [320, 20], [320, 0]])
        #expect(AgeCurve.points([], from: 0, to: 10).map { [$0.time, $0.age] } == [[0, 0], [10, 0]])
    }

    @Test func hourlyFreshnessOfTheFiveMinuteClock() {
        let result = Simulator.run(Self.clockScenario(model: .midnight), events: .none)
        let cells = HourlyFreshness.cells(runs: result.runs.map { $0[0] }, calendar: result.calendar, days: 2)
        #expect(cells.count == 48)
        for cell in cells {
            switch cell.hour {
            case 0..<5: #expect(cell.freshness == 1, "hour \(cell.hour)")
            case 5: #expect(abs(cell.freshness - 51.0 / 60) < 1e-9)  // the 05:50 entry is right until 05:51
            default: #expect(cell.freshness == 0, "hour \(cell.hour)")
            }
        }
    }

    @Test func hourlyFreshnessFollowsDaylightSaving() {
        // Europe/Paris springs forward on 2026-03-29 (no 02:00 hour) and falls back on 2026-10-25.
        let paris = TimeZone(identifier: "Europe/Paris")!
        func start(_ text: String) -> Date {
            let f = DateFormatter()
            f.dateFormat = "yyyy-MM-dd HH:mm"
            f.timeZone = paris
            return f.date(from: text)!
        }
        for (date, hours) in [("2026-03-29 00:00", 23), ("2026-10-25 00:00", 24)] {
            let scenario = TestScenarios.single(.never, start: start(date), timeZone: paris)
            let result = Simulator.run(scenario)
            let cells = HourlyFreshness.cells(runs: result.runs.map { $0[0] }, calendar: result.calendar, days: 1)
            #expect(cells.count == hours, "\(date)")
            #expect(Set(cells.map(\.hour)).count == hours)
        }
    }

    @Test func timeTicksReadTheLocalClock() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let clock = LocalClock(start: TestScenarios.mondayUTC, timeZone: paris, horizon: 8 * 86_400)
        // The simulation starts at 00:00 UTC, 01:00 in Paris.
        let day = TimeAxis.ticks(from: 0, to: 86_400, origin: 0, clock: clock)
        let labelled = day.filter { !$0.minor }
        #expect(labelled.first?.label == "03:00")
        #expect(labelled.first?.hours == 2)
        #expect(day.count == 25)  // Every hour, both ends included.
        let week = TimeAxis.ticks(from: 0, to: 7 * 86_400, origin: 0, clock: clock)
        #expect(week.filter { !$0.minor }.map(\.label).prefix(2) == ["Tue 6 Jan", "Wed 7 Jan"])
        #expect(
            TimeAxis.command([TimeAxis.Tick(hours: 1.5, label: "01:30", minor: false), TimeAxis.Tick(hours: 2, label: "", minor: true)])
                == "set xtics (\"01:30\" 1.5000, \"\" 2.0000 1)")
    }

    @Test func gnuplotTextIsQuotedAndSanitized() {
        #expect(GnuplotText.quoted("plain") == "'plain'")
        #expect(GnuplotText.quoted("it's") == "'it''s'")
        #expect(GnuplotText.quoted("back\\slash \"q\"") == "'back\\slash \"q\"'")
        #expect(GnuplotText.quoted("two\nlines\r\tand\u{1B}esc") == "'two lines  and esc'")
        #expect(GnuplotText.quoted(String(repeating: "x", count: 500)).count == GnuplotText.maximumLength + 2)
        #expect(GnuplotText.slug("Photos (48 entries)!", fallback: "w") == "photos-48-entries")
        #expect(GnuplotText.slug("時計", fallback: "widget-1") == "widget-1")
        #expect(GnuplotText.uniqueSlugs(["a b", "A-B", "", "時計"], fallbackPrefix: "widget-") == ["a-b", "a-b-2", "widget-3", "widget-4"])
    }

    @Test func detailRunRepeatsReplicationOne() throws {
        let result = Simulator.run(PlotTestSupport.scenario(days: 3), events: .none)
        let input = try ScenarioPlotInput(result: result, ageDay: 2)
        #expect(input.detail != nil)
        #expect(input.detail?.calendar.days == 3)  // Without reload events the budget figure needs them all.
        let withEvents = try ScenarioPlotInput(result: Simulator.run(PlotTestSupport.scenario(days: 3), events: .reloads), ageDay: 2)
        #expect(withEvents.detail?.calendar.days == 2)
        #expect(throws: PlotError.self) { try ScenarioPlotInput(result: result, ageDay: 4) }
    }

    @Test func defaultDayIsTheLeastFresh() {
        #expect(ScenarioPlotInput.leastFresh(days: 3) { [0.5, 0.2, 0.9][$0] } == 1)
        // Ties prefer a day after the first.
        #expect(ScenarioPlotInput.leastFresh(days: 3) { _ in 0.25 } == 1)
        #expect(ScenarioPlotInput.leastFresh(days: 1) { _ in 1 } == 0)
    }
}
