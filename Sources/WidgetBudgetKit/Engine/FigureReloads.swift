/// What a run keeps of its reload events for the figures of `report` (`RunFigures`), when they go
/// to `events.csv` as they happen rather than stay in memory: what the budget figure reads of its
/// first days, and what the age curve reads of the day whose stretches the run keeps.
///
/// - The budget figure (`BudgetPlot`, through `BudgetTrajectory`) replays the charged grants of
///   its first days and shades the waits for budget: it reads the charged grants' times and the
///   waits' bounds (from a budget-out to the next budget-back) up to the end of those days, the
///   instant itself included, 8 and 16 bytes each.
/// - The age curve (`AgePlot`) marks the day's grants and kills and shades its waits: it reads the
///   day's reload events and, for a wait already under way when the day began, when it began
///   (the days before it count for nothing else: a wait that ended before the day is clipped away).
///
/// Past its first days, what it keeps does not grow with the horizon: one day's reload events
/// (and the buffer of the day under way).
package struct FigureReloads: Sendable, Equatable {
    /// The times of the charged grants at or before ``firstUntil``, in the order they happened.
    package private(set) var charges: [SimTime] = []
    /// The waits for budget that began at or before ``firstUntil``: from a budget-out to the next
    /// budget-back, `.infinity` when that came later or never (the figures clip them to their span).
    package private(set) var waits: [Range<SimTime>] = []
    /// The last instant whose charges and waits are kept (the end of the first days); -1 when
    /// none are.
    package private(set) var firstUntil: SimTime
    /// The day whose reload events are kept (0-based), the one ``RunFigures`` keeps; -1 before a
    /// day closed.
    package private(set) var day = -1
    /// That day's reload events, in the order they happened.
    package private(set) var dayEvents: [EngineEvent] = []
    /// When the wait for budget under way at that day's start began; `nil` when none was.
    package private(set) var waitingAtDayStart: SimTime?
    /// The reload events recorded, in all.
    package private(set) var recorded = 0

    /// The reload events of the day under way.
    private var today: [EngineEvent] = []
    /// The wait under way, as the figures read waits (``BudgetWaits``).
    private var waiting = BudgetWaits()
    /// When the wait under way at the start of the day under way began.
    private var waitingAtTodayStart: SimTime?

    /// Keeps the charges and waits up to `firstUntil` (inclusive; -1 for none).
    package init(firstUntil: SimTime) {
        self.firstUntil = firstUntil
    }

    /// Takes a reload event, in the order the run recorded it.
    /// - Complexity: O(1) amortised.
    package mutating func record(_ event: EngineEvent) {
        recorded += 1
        today.append(event)
        let first = event.time <= firstUntil
        if first, event.kind == .grant, event.charged == true { charges.append(event.time) }
        switch waiting.take(event) {
        case .opened(let start) where first:
            waits.append(start..<SimTime.infinity)
        case .closed(let start, let end) where first && start <= end:
            // A wait that began before this end, itself by then, is the last one kept.
            waits[waits.count - 1] = start..<end
        default:
            break
        }
    }

    /// Ends day `index` (0-based): its events are kept when `keep` (they replace the kept day's),
    /// and dropped otherwise.
    package mutating func closeDay(_ index: Int, keep: Bool) {
        if keep {
            day = index
            swap(&dayEvents, &today)
            waitingAtDayStart = waitingAtTodayStart
        }
        today.removeAll(keepingCapacity: true)
        waitingAtTodayStart = waiting.openSince
    }
}
