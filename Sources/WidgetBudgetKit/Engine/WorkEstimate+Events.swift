/// The events a simulation may handle and record, counted from the scenario before any is drawn.
///
/// For each widget, over the whole run (expected counts of the event processes inside their
/// `during` windows, ``EventProcess/expectedCount(horizon:clock:)``: an upper bound on average):
/// - its views, predictable and unpredictable changes;
/// - the app's calls that can reach it: reload streams (an `on_change` stream at most one per
///   change), foreground sessions, launches from the widget, audio or navigation sessions, App
///   Intent taps and pushes (each up to its daily cap);
/// - the reloads: at most the upper daily budget each day, plus one per app call, plus the first;
///   each adds at most ``eventsPerReload`` events (request, grant, deliver, budget changes…) and
///   renders the entries of the timeline it delivers (the provider's most entries).
///
/// `events` is the sum over widgets and replications; `eventRows` the part a run records at its
/// ``EventLevel``: all of it for `all`, the reloads' events and the app's calls for `reloads`,
/// none for `none`.
extension WorkEstimate {
    /// Events one reload records at most besides its renders: request, deferral, budget-out,
    /// budget-back, grant, deliver (or kill or rejection).
    static let eventsPerReload = 6

    /// The counts for `scenario` at `level`: (events handled, events recorded), saturating.
    static func eventCounts(_ scenario: Scenario, level: EventLevel) -> (events: Int, rows: Int) {
        let horizon = Double(scenario.days) * 86_400
        let app = scenario.app
        var events = 0.0
        var rows = 0.0
        // The clock only when some process has windows (a time zone's transitions cost start-up).
        var clock: LocalClock?
        func expected(_ process: EventProcess) -> Double {
            guard process.hasWindows else { return process.expectedCount(horizon: horizon) }
            let made = clock ?? LocalClock(start: scenario.start, timeZone: scenario.timeZone, horizon: horizon)
            clock = made
            return process.expectedCount(horizon: horizon, clock: made)
        }
        for widget in scenario.widgets {
            let views = expected(widget.views)
            let predictable = expected(widget.predictable)
            let unpredictable = expected(widget.unpredictable)
            func calls(_ trigger: AppActivity.Trigger) -> Double {
                switch trigger {
                case let .process(process): return expected(process)
                case .onChange: return unpredictable
                case .onForeground, .onBackground:
                    return expected(app.foreground) + expected(app.launchesFromWidget)
                }
            }
            var appCalls = app.reloads.reduce(0) { $0 + calls($1.trigger) }
            appCalls += expected(app.foreground) + expected(app.launchesFromWidget)
            appCalls += app.sessions.reduce(0) { $0 + expected($1.process) }
            appCalls += app.intents.filter { $0.kind == widget.kind }.reduce(0) { $0 + expected($1.process) }
            if let pushes = app.pushes { appCalls += min(calls(pushes.trigger), Double(pushes.daily) * Double(scenario.days)) }
            let reloads = Double(scenario.budget.dailyMax) * Double(scenario.days) + appCalls + 1
            let reloadEvents = reloads * Double(eventsPerReload) + appCalls
            let renders = reloads * Double(max(1, widget.provider.maxEntries))
            let all = views + predictable + unpredictable + reloadEvents + renders
            events += all
            switch level {
            case .none: break
            case .reloads: rows += reloadEvents
            case .all: rows += all
            }
        }
        let r = Double(scenario.replications)
        return (Bounds.saturatingInt((events * r).rounded(.up)), Bounds.saturatingInt((rows * r).rounded(.up)))
    }

    /// Whether the events are within ``Bounds/maxEvents`` and ``Bounds/maxEventRows``.
    var eventsWithinLimit: Bool { events <= Bounds.maxEvents && eventRows <= Bounds.maxEventRows }

    /// The refusal's text for events past a limit: `2 days × 1 replication × 100 widgets =
    /// 200 widget-days with up to 17600000 events written to events.csv (about 1.8 GB) is past the
    /// limit of 10000000 rows`.
    var eventsRefusal: String {
        if events > Bounds.maxEvents {
            return "\(factors) = \(widgetDays) widget-days with up to \(events) events (views, changes, app calls, reloads and "
                + "the entries they render) is past the limit of \(Bounds.maxEvents) events"
        }
        return "\(factors) = \(widgetDays) widget-days with up to \(eventRows) events written to \(eventsFile) (about "
            + "\(Self.size(Double(eventRows) * Self.bytesPerEventRow))) is past the limit of \(Bounds.maxEventRows) rows"
    }

    /// The length of an `events.csv` row, in bytes (about 100: a view row is 95).
    static let bytesPerEventRow: Double = 100
}
