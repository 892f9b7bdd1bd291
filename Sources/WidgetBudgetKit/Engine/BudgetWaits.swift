/// The waits for budget a run's reload events tell, read one event at a time: a `budget-out`
/// opens a wait unless one is open, and the next `budget-back` closes it.
///
/// The one reading of that rule: the figures' waits as a run records its events
/// (``FigureReloads``) and over a list of events afterwards (the budget figure's
/// `BudgetTrajectory`, the age curve's shading) both go through it.
package struct BudgetWaits: Sendable, Equatable {
    /// What an event did to the waits.
    package enum Step: Equatable {
        /// Nothing: the event is not a budget event, a `budget-out` while a wait is open, or a
        /// `budget-back` while none is.
        case none
        /// A wait began at this instant.
        case opened(SimTime)
        /// The wait that began at `start` ended at `end`.
        case closed(start: SimTime, end: SimTime)
    }

    /// When the wait under way began; `nil` when none is.
    package private(set) var openSince: SimTime?

    /// The waits as they stand before the first event: one under way since `openSince`, or none.
    package init(openSince: SimTime? = nil) {
        self.openSince = openSince
    }

    /// Takes a reload event, in the order the run recorded it.
    package mutating func take(_ event: EngineEvent) -> Step {
        switch event.kind {
        case .budgetOut where openSince == nil:
            openSince = event.time
            return .opened(event.time)
        case .budgetBack:
            defer { openSince = nil }
            return openSince.map { .closed(start: $0, end: event.time) } ?? .none
        default:
            return .none
        }
    }

    /// The waits of `events` (in time order), from the one under way since `openSince` on: each
    /// from its `budget-out` to the next `budget-back`, the last to `.infinity` when none came.
    package static func all(in events: [EngineEvent], openSince: SimTime? = nil) -> [(start: SimTime, end: SimTime)] {
        var reader = BudgetWaits(openSince: openSince)
        var waits: [(start: SimTime, end: SimTime)] = []
        for event in events {
            if case .closed(let start, let end) = reader.take(event) { waits.append((start, end)) }
        }
        if let start = reader.openSince { waits.append((start, .infinity)) }
        return waits
    }
}
