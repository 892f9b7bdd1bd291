import WidgetBudgetKit

/// What a scenario's figures read of one widget's reload events in the shown replication: the
/// charged grants and waits for budget of the budget figure's days (``BudgetPlot``), and the shown
/// day's events with the wait already under way when it began (``AgePlot``'s marks and shading).
///
/// Taken from a run that kept every event, or from what a report's run kept of them while its
/// events went to `events.csv` (`FigureReloads`): the figures are the same either way.
struct ShownReloads: Sendable {
    /// The charged grants' times, ascending; at least those up to the end of the budget figure.
    var charges: [SimTime]
    /// The waits for budget (`BudgetWaits.all(in:openSince:)`, not clipped); at least those
    /// that began by the end of the budget figure.
    var waits: [(start: SimTime, end: SimTime)]
    /// Reload events, in time order, the shown day's among them.
    var dayEvents: [EngineEvent]
    /// When a wait under way before the first of ``dayEvents`` began; `nil` when none was.
    var waitingSince: SimTime?
    /// How far the events reach: the horizon of the run they come from.
    var until: SimTime

    /// Every reload event of a run (`events`, in time order; other kinds are ignored), whose
    /// horizon is `until`.
    init(events: [EngineEvent], until: SimTime) {
        charges = events.filter { $0.kind == .grant && $0.charged == true }.map(\.time).sorted()
        waits = BudgetWaits.all(in: events)
        dayEvents = events
        waitingSince = nil
        self.until = until
    }

    /// What a run kept for the figures: the first days' charges and waits from `first`, the
    /// shown day's events from `day` (the same run's, or the replication run again for that day),
    /// the run's horizon `until`.
    init(first: FigureReloads, day: FigureReloads, until: SimTime) {
        charges = first.charges
        waits = first.waits.map { ($0.lowerBound, $0.upperBound) }
        dayEvents = day.dayEvents
        waitingSince = day.waitingAtDayStart
        self.until = until
    }

    /// The waits for budget in `[from, until]` of a day starting at `from`: the waits of
    /// ``dayEvents`` from ``waitingSince`` on, clipped.
    func dayWaits(from: SimTime, until: SimTime) -> [Range<SimTime>] {
        BudgetTrajectory.clip(BudgetWaits.all(in: dayEvents, openSince: waitingSince), from: from, until: until)
    }
}
