import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO
@testable import WidgetBudgetKit

/// What a report's run keeps of its reload events (``FigureReloads``) draws the same budget curve,
/// waits and day marks as every reload event (``ShownReloads/init(events:until:)``), on random
/// event sequences: events at day starts and at the end of the budget figure's days, waits that
/// span midnights and that end after those days, every budget model.
@Suite("Reload events the figures read")
struct FigureReloadsTests {
    static let calendar = SimulationCalendar(
        start: Date(timeIntervalSince1970: 1_767_225_600), timeZone: TimeZone(identifier: "Europe/Paris")!, days: 9)

    /// Random reload events over `calendar`, in time order: a few a day, some exactly at a day's
    /// start, with waits for budget opened and closed at random (a budget-out while waiting and a
    /// budget-back while not, as the figures must ignore them).
    static func events(_ random: inout SeededGenerator) -> [EngineEvent] {
        let horizon = calendar.horizon
        var times: [SimTime] = (0..<Int.random(in: 20...160, using: &random)).map { _ in
            Bool.random(using: &random)
                ? calendar.dayStarts[Int.random(in: 0...calendar.days, using: &random)]
                : SimTime.random(in: 0..<horizon, using: &random)
        }
        times.sort()
        let kinds: [EngineEvent.Kind] = [.request, .grant, .grant, .grant, .budgetOut, .budgetBack, .deferral, .kill, .deliver]
        return times.map { t in
            let kind = kinds.randomElement(using: &random)!
            return EngineEvent(
                replication: 0, time: t, widget: 0, kind: kind, source: .policy, charged: Bool.random(using: &random), budgetLeft: -1,
                entries: -1, memoryMB: -1, detail: .none)
        }
    }

    /// `events` through ``FigureReloads`` as a run records them: each day closed before the
    /// first event at or after its end, day `kept` kept.
    static func kept(_ events: [EngineEvent], firstUntil: SimTime, kept: Int) -> FigureReloads {
        var reloads = FigureReloads(firstUntil: firstUntil)
        var day = 0
        for event in events {
            while day < calendar.days && event.time >= calendar.dayStarts[day + 1] {
                reloads.closeDay(day, keep: day == kept)
                day += 1
            }
            reloads.record(event)
        }
        while day < calendar.days {
            reloads.closeDay(day, keep: day == kept)
            day += 1
        }
        return reloads
    }

    @Test("the kept events draw what every event draws", arguments: 0..<60)
    func sameAsEveryEvent(seed: UInt64) {
        var random = SeededGenerator(seed: 9_100 + seed)
        let events = Self.events(&random)
        let horizon = Self.calendar.horizon
        let budgetDays = Int.random(in: 1...Self.calendar.days, using: &random)
        let until = Self.calendar.dayStarts[budgetDays]
        let day = Int.random(in: 0..<Self.calendar.days, using: &random)
        let reloads = Self.kept(events, firstUntil: until, kept: day)
        #expect(reloads.day == day)
        #expect(reloads.recorded == events.count)
        let shown = ShownReloads(first: reloads, day: reloads, until: horizon)
        let every = ShownReloads(events: events, until: horizon)
        for model in BudgetModel.allCases {
            let full = BudgetTrajectory(events: events, model: model, daily: 3, clock: Self.calendar.clock, until: until)
            let fromKept = BudgetTrajectory(
                charges: shown.charges, waits: shown.waits, model: model, daily: 3, clock: Self.calendar.clock, until: until)
            #expect(fromKept == full, "seed \(seed), \(model), first \(budgetDays) days")
        }
        let from = Self.calendar.dayStarts[day], to = Self.calendar.dayStarts[day + 1]
        #expect(shown.dayWaits(from: from, until: to) == every.dayWaits(from: from, until: to), "seed \(seed), day \(day + 1)")
        func inDay(_ list: [EngineEvent]) -> [EngineEvent] { list.filter { $0.time >= from && $0.time < to } }
        #expect(inDay(shown.dayEvents) == inDay(every.dayEvents))
    }

    @Test("what is kept does not grow past the first days")
    func flatPastTheFirstDays() {
        var random = SeededGenerator(seed: 4)
        let events = Self.events(&random)
        let until = Self.calendar.dayStarts[2]
        let reloads = Self.kept(events, firstUntil: until, kept: 5)
        #expect(reloads.charges.count <= events.filter { $0.time <= until }.count)
        #expect(reloads.waits.allSatisfy { $0.lowerBound <= until })
        #expect(reloads.dayEvents.allSatisfy { Self.calendar.day(of: $0.time) == 5 })
        #expect(FigureReloads(firstUntil: -1).charges.isEmpty)
    }
}
