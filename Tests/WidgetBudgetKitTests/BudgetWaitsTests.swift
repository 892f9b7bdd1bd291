import Testing

@testable import WidgetBudgetKit

/// ``BudgetWaits`` against waits worked out by hand from a short event list.
@Suite("Waits for budget")
struct BudgetWaitsTests {
    static func event(_ kind: EngineEvent.Kind, at time: SimTime) -> EngineEvent {
        EngineEvent(
            replication: 0, time: time, widget: 0, kind: kind, source: .policy, charged: true, budgetLeft: -1, entries: -1,
            memoryMB: -1, detail: .none)
    }

    /// Out at 10 (opens), out at 20 (already open: ignored), a grant at 25, back at 30 (closes
    /// 10–30), back at 40 (none open: ignored), out at 50 (opens, never closed).
    static let events: [EngineEvent] = [
        event(.budgetOut, at: 10), event(.budgetOut, at: 20), event(.grant, at: 25), event(.budgetBack, at: 30),
        event(.budgetBack, at: 40), event(.budgetOut, at: 50),
    ]

    @Test("each event's step")
    func steps() {
        var waits = BudgetWaits()
        let steps = Self.events.map { waits.take($0) }
        #expect(steps == [.opened(10), .none, .none, .closed(start: 10, end: 30), .none, .opened(50)])
        #expect(waits.openSince == 50)
    }

    @Test("the waits of a list, with and without one under way before it")
    func all() {
        let fresh = BudgetWaits.all(in: Self.events)
        #expect(fresh.map(\.start) == [10, 50])
        #expect(fresh.map(\.end) == [30, .infinity])
        // A wait under way since 5: the out at 10 no longer opens one, the back at 30 closes 5–30.
        let underWay = BudgetWaits.all(in: Self.events, openSince: 5)
        #expect(underWay.map(\.start) == [5, 50])
        #expect(underWay.map(\.end) == [30, .infinity])
        #expect(BudgetWaits.all(in: []).isEmpty)
        #expect(BudgetWaits.all(in: [], openSince: 7).map(\.start) == [7])
    }
}
