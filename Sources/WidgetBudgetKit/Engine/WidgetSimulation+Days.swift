// Day closing (the day's metrics handed over, the next day's budget) and event recording
// (``EventRecorder``).
extension WidgetSimulation {
    /// Ends the day at `t`: accounts it to its end, hands its metrics over, and starts the next day
    /// (its budget, and the daily budget after the learning period).
    mutating func closeDay(at t: SimTime) {
        account(until: t)
        countBulkRenders(through: t, inclusive: false)
        if waitingForBudget {
            day.exhaustedSeconds += t - waitStart
            waitStart = t
        }
        if runDetail.dayAgeQuantiles {
            if segments.runs.isEmpty {
                day.p95Age = AgeQuantile.timeWeighted(segments.suffix(from: daySegmentStart), totalTime: day.length, p: 0.95)
            } else {
                // A jump's runs in the buffer (`EnginePaths.jumpRuns`, which keeps only shapes: the
                // buffer holds this day's stretches alone), read run by run.
                day.p95Age = AgeQuantile.timeWeighted(segments.slots, totalTime: day.length, p: 0.95)
            }
        }
        days.append(day)
        if !runDetail.stretchTimes {
            // Only the shapes are kept: the day's stretches folded in (after the figures took what
            // they read of them), the buffer reused; when nothing reads a day's stretches at its
            // close, the days' stretches together, once the buffer is half full (and at the
            // run's end: ``RunDetail/foldedSlots``).
            if let plan = runDetail.figures {
                figures.close(day: dayIndex, day, stretches: segments.suffix(from: 0), plan: plan, calendar: calendar)
                foldSegments()
            } else if runDetail.dayAgeQuantiles || segments.count > runDetail.foldedSlots / 2 {
                foldSegments()
            } else if segments.count > 0 {
                segments.reserve(runDetail.foldedSlots, marks: runDetail.foldedSlots / 4)
            }
        }
        daySegmentStart = segments.count
        dayIndex += 1
        // Room for the rest of the run at the first day's rate, so the array seldom grows again
        // (half as much again when the run is summarised and dropped: room is cheaper than a copy).
        // (The shapes make room as they fold, `foldSegments`.)
        if dayIndex == 1 && calendar.days > 1 && runDetail.stretchTimes {
            let days = runDetail.trimSegments ? calendar.days : calendar.days + calendar.days / 2
            segments.reserve(segments.count * days)
        }
        if dayIndex < calendar.days {
            day = DayMetrics(
                budget: inputs.budget(onDay: dayIndex), length: calendar.dayStarts[dayIndex + 1] - calendar.dayStarts[dayIndex])
            if dayIndex == inputs.learningDays { budget.setDaily(inputs.dailyBudget, at: t) }
        }
    }

    /// Folds the stretches in the buffer into the shapes (a slot marked as a run of a jump's
    /// stretches with its count, `EnginePaths.jumpRuns`), and empties the buffer: the stretches of
    /// the day closed, or of the days since the last fold (``RunDetail/foldedSlots``).
    ///
    /// From the second day on, once another day like the average one so far might not fit, makes
    /// room for the rest of the run at that rate and an eighth more, so the runs are seldom
    /// copied to a bigger array (room never written is never resident). (A room set after the
    /// first day alone, as the stretches' is, was often none: 3,712 of the optimizer bench's 5,720
    /// runs had no stale stretch on their first day; #26 engine-2.)
    mutating func foldSegments() {
        segments.fold(into: &shapes)
        let kept = shapes.runs.count, done = dayIndex + 1
        if done >= 2 && done < calendar.days && shapes.runs.capacity - kept <= kept / done {
            shapes.reserveCapacity(kept + (kept / done + 1) * (calendar.days - done) * 9 / 8)
        }
    }

    /// Records an event at `t` when the run's ``EventLevel`` keeps it (``EventRecorder``), a
    /// reload event also for the figures (`RunFigures.record`); `budgetLeft` is read only then.
    ///
    /// Only the level's check is inlined: the recording, out of line, would otherwise be copied
    /// into every call site (six in `tryGrant`), which made the grant too large for the optimizer
    /// to inline the array operations it calls at every reload (issue #26 engine-2).
    @inline(__always)
    mutating func record(
        _ t: SimTime, _ kind: EngineEvent.Kind, source: ReloadSource?, charged: Bool? = nil,
        entries: Int = -1, memory: Double = -1, detail: EngineEvent.Detail
    ) {
        guard recorder.keeps(kind) else { return }
        recordKept(t, kind, source: source, charged: charged, entries: entries, memory: memory, detail: detail)
    }

    /// ``record(_:_:source:charged:entries:memory:detail:)`` once the level keeps the event.
    @inline(never)
    mutating func recordKept(
        _ t: SimTime, _ kind: EngineEvent.Kind, source: ReloadSource?, charged: Bool?, entries: Int, memory: Double,
        detail: EngineEvent.Detail
    ) {
        let left = source == nil || !runDetail.budgetLeft ? -1 : budget.left(at: t)
        let event = recorder.record(
            t, kind, source: source, charged: charged, budgetLeft: left, entries: entries, memory: memory, detail: detail)
        if kind.isReloadEvent { figures.record(event) }
    }
}
