/// What a widget run computes beyond its sums: a `simulate` wants everything; the optimizer, which
/// reads only each day's sums, the stale stretches and the times of the charged grants, turns off
/// the per-day age quantile and the budget left on each event, and keeps the charge times as plain
/// times rather than as events.
package struct RunDetail: Sendable, Equatable {
    /// The time-weighted 95th percentile of age per day (``DayMetrics/p95Age``, a bisection over
    /// the day's stale stretches); 0 in every day when off. The summary's percentile, computed
    /// from the run's stale stretches, is the same either way.
    package var dayAgeQuantiles: Bool
    /// The budget left at each recorded reload event (``EngineEvent/budgetLeft``); -1 when off.
    package var budgetLeft: Bool
    /// The times of the charged grants, in ``WidgetRunResult/chargeTimes`` (what the needed budget
    /// reads), whatever the ``EventLevel``: one `SimTime` per charge rather than an event.
    package var chargeTimes: Bool
    /// The stale stretches (``WidgetRunResult/ageSegments``, what a 95th percentile of age reads);
    /// none when off.
    package var ageSegments = true
    /// The user's views, counted in each day's view sums; when off, a run whose reloads do not
    /// depend on the views (no `unseen_after`, no location changes) draws none and counts none.
    package var views = true
    /// The run's stale stretches are kept with it (`simulate`'s results, written at the end), so
    /// their buffer is trimmed to size; off for runs summarised and dropped (the optimizer's),
    /// whose buffer is handed over as it is.
    package var trimSegments = true
    /// The stale stretches are kept in time order with their starts (``WidgetRunResult/ageSegments``:
    /// what the age curves and the hourly freshness of the figures read); when off, each day's
    /// stretches are folded into ``WidgetRunResult/ageShapes`` when the day closes (what the run's
    /// 95th-percentile age reads, the same terms in the same order), so a run keeps one entry per
    /// change of shape rather than one per stretch, and its memory does not grow with the horizon
    /// when its stretches repeat (`simulate`, which draws no figure).
    package var stretchTimes = true
    /// With ``stretchTimes`` off and nothing reading a day's stretches at its close (no
    /// ``dayAgeQuantiles``, no ``figures``), the days' stretches stay in the engine's buffer (made
    /// room for this many slots, and a quarter as many marks) and are folded into
    /// ``WidgetRunResult/ageShapes`` once a day closes with more than half of them used, and at
    /// the run's end, rather than at every day's close: the same runs (a fold merges its first
    /// stretch into the last run when of its shape, as one longer fold merges it into the run
    /// before), one fold for many days (the optimizer's 28-day runs, a few dozen slots a day: one,
    /// at the end). 0 folds every day (tests).
    package var foldedSlots = 16_384
    /// What the run keeps for the figures of `report` and `compare` (`RunFigures`) when its
    /// stretches are kept as shapes (`stretchTimes` off): one day's stretches with their times,
    /// and the stale seconds per local hour of its first days; nothing when `nil`.
    package var figures: RunFigures.Plan?
    /// A stride's jump may store its repeated stretches as one slot standing for all of them, when
    /// the rest of the detail allows it (`EnginePaths.jumpRuns` decides): the same shapes either
    /// way. Off only to compare the two (tests).
    package var jumpRuns = true
    /// The event loop may run its clone for runs without app requests, App Intents and
    /// `unseen_after` holds, when the inputs allow it (`EnginePaths.plainLoop` decides): the same
    /// runs either way. Off only to compare the two (tests).
    package var plainLoop = true
    /// The display is accounted: timelines render, and each day's renders, freshness, ages and
    /// views' freshness are computed. When off, and nothing else of the detail reads the display
    /// (``ageSegments``, ``dayAgeQuantiles``, ``views``, ``figures``, and no events:
    /// `EnginePaths.renders` decides), no timeline renders: the run computes its reloads alone
    /// (requests, grants, charges and their times, deferrals and the budget's exhaustion, kills,
    /// retries, rejections, peak memory, the views an `unseen_after` hold or a location change
    /// reads, unseen holds), which never depend on the display, and leaves the display's sums at 0
    /// (the views it draws are counted as seen stale since 0: their freshness is not computed).
    package var display = true
    /// The run measures its timelines' reach (``WidgetRunResult/reach``, `noteReach(until:)`): at
    /// every grant (`checkFootprint`, then asked at each, keeping no count in `deliverable`) and
    /// after the run (`measuredReach()`), a short search. Off but for the optimizer's unconstrained runs of a
    /// provider whose run was kept for another entry count (`UnconstrainedRuns`): the other runs
    /// pay nothing for it.
    package var reach = false

    /// Everything, every stretch with its time: what the library's ``Simulator/run(_:events:)``
    /// returns.
    package static let full = RunDetail(dayAgeQuantiles: true, budgetLeft: true, chargeTimes: false)
    /// What `simulate` reads: everything but the stretches' times (``stretchTimes``), as it draws
    /// no figure.
    package static let summaries: RunDetail = {
        var detail = RunDetail.full
        detail.stretchTimes = false
        return detail
    }()
    /// What `report` and `compare` read: what `simulate` reads, and what their figures read of the
    /// stretches (`RunFigures`): `plan`'s day and hours, not every stretch with its time.
    package static func figures(_ plan: RunFigures.Plan) -> RunDetail {
        var detail = RunDetail.summaries
        detail.figures = plan
        return detail
    }

    /// What the optimizer reads: each day's sums, the run's stale stretches and the times of its
    /// charged grants (for the needed budget). The stretches are kept as shapes
    /// (``WidgetRunResult/ageShapes``, `stretchTimes` off): the summary's 95th-percentile age reads
    /// them a run of one shape at a time, to the same bits (issue #26, `quantile`).
    package static let optimization = RunDetail(
        dayAgeQuantiles: false, budgetLeft: false, chargeTimes: true, trimSegments: false, stretchTimes: false)

    /// What the optimizer reads of a run without a budget when only its objective and its charge
    /// times are read: the stale stretches only for the 95th-percentile age, the views only for
    /// an objective measured at the views.
    package static func unconstrained(for objective: OptimizationObjective) -> RunDetail {
        var detail = RunDetail.optimization
        detail.ageSegments = objective == .p95Age
        detail.views = objective.needsViews
        return detail
    }

    /// What the optimizer reads of a run when only its reloads are read (the daylight-saving
    /// check: whether a day waited for budget): no display accounting at all (``display`` off), no
    /// stretches, no view metrics, the charge times kept.
    package static let grantsOnly: RunDetail = {
        var detail = RunDetail.optimization
        detail.ageSegments = false
        detail.views = false
        detail.display = false
        return detail
    }()
}
