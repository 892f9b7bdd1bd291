/// What a run keeps for the figures of `report` and `compare` when it keeps its stale stretches as
/// shapes (`RunDetail.stretchTimes` off), so that what it keeps does not grow with the horizon:
/// one day's stretches with their times (the age curve's) and, for its first days, the stale
/// seconds of each local hour (the hourly freshness heat map's); for `report`, whose events go to
/// `events.csv` as they happen, what its figures read of the reload events (``FigureReloads``).
///
/// The figures read nothing else of the stretches: the age curve draws one day, the heat map sums
/// per local hour over its first days. Both are computed from the same stretches, added in the same
/// order, as from a run that kept every stretch with its time, so the figures are the same byte for
/// byte (`FigureMemoryTests`).
package struct RunFigures: Sendable, Equatable {
    /// What a run keeps for the figures (`RunDetail.figures`).
    package struct Plan: Sendable, Equatable {
        /// The day whose stretches are kept (0-based); `nil` for the run's least fresh day
        /// (`LeastFreshDay`), kept as its days close: the day a report shows for a
        /// one-widget scenario.
        package var day: Int?
        /// How many of the first days have their stale seconds per local hour kept
        /// (`hourlyStale`).
        package var hourlyDays: Int
        /// How many of the first days have their charged grants and waits for budget kept, besides
        /// the reload events of the kept day (``FigureReloads``); `nil` keeps no reload event.
        package var reloadDays: Int?

        /// Keeps `day`'s stretches (the least fresh day's when `nil`), the hourly stale seconds of
        /// the first `hourlyDays` days and, unless `reloadDays` is `nil`, the reload events the
        /// figures read (``FigureReloads``: the first `reloadDays` days' charges and waits, the
        /// kept day's events).
        package init(day: Int? = nil, hourlyDays: Int, reloadDays: Int? = nil) {
            self.day = day
            self.hourlyDays = hourlyDays
            self.reloadDays = reloadDays
        }
    }

    /// The day whose stretches are kept, 0-based; -1 before a day closed.
    package private(set) var day = -1
    /// Its freshness, what the least fresh day is chosen by.
    private var dayFreshness = 0.0
    /// That day's stale stretches, in time order, with their times.
    package private(set) var stretches: [AgeSegment] = []
    /// For each of the first `Plan.hourlyDays` days, its stale seconds in each of its local
    /// hours (`HourlyStale.bounds(day:calendar:)`, `HourlyStale.seconds(_:bounds:cursor:)`).
    package private(set) var hourlyStale: [[Double]] = []
    /// What the figures read of the reload events (`Plan.reloadDays`), the kept day's among them;
    /// `nil` when the plan keeps none.
    package private(set) var reloads: FigureReloads?

    /// Keeps nothing yet; `reloads` as `plan` asks, the first days' ending at their end in
    /// `calendar`.
    package init(plan: Plan? = nil, calendar: SimulationCalendar? = nil) {
        if let days = plan?.reloadDays, let calendar {
            reloads = FigureReloads(firstUntil: days > 0 ? calendar.dayStarts[min(days, calendar.days)] : -1)
        }
    }

    /// Takes a reload event as the run records it, when the plan keeps them.
    @inline(__always)
    mutating func record(_ event: EngineEvent) {
        reloads?.record(event)
    }

    /// Takes what `plan` keeps of day `index` (its metrics `metrics`, its stretches `today`, which
    /// end at the day's end), when the day closes.
    /// - Complexity: O(hours) for an hourly day; O(k) for k stretches when the day is kept.
    mutating func close(
        day index: Int, _ metrics: DayMetrics, stretches today: UnsafeBufferPointer<AgeSegment>, plan: Plan,
        calendar: SimulationCalendar
    ) {
        if index < plan.hourlyDays {
            var cursor = 0
            hourlyStale.append(HourlyStale.seconds(today, bounds: HourlyStale.bounds(day: index, calendar: calendar), cursor: &cursor))
        }
        let keep: Bool
        if let wanted = plan.day {
            keep = index == wanted
        } else {
            keep = day < 0 || LeastFreshDay.isChosen(index, metrics.freshness, over: day, dayFreshness)
        }
        reloads?.closeDay(index, keep: keep)
        guard keep else { return }
        day = index
        dayFreshness = metrics.freshness
        stretches.removeAll(keepingCapacity: true)
        stretches.append(contentsOf: today)
    }
}
