import WidgetBudgetKit

/// Turns a simulation into the device log its widgets and app would have written: the companion of
/// `widgetbudget analyze`, for trying the analysis on a scenario whose truth is known.
///
/// Per widget, every grant (a `getTimeline` call) becomes a `timeline` row; its entries, their
/// dates and the policy are rebuilt by running the scenario's provider again at each grant, in
/// order (the engine's events carry only counts), and `memory_mb` is the engine's footprint. A
/// killed timeline is logged too (the provider ran); when the widget had shown nothing yet, a
/// `placeholder` row follows a second later. App requests become `app-reload` rows, delivered widget pushes `push` rows (kind empty for
/// `reloadAllTimelines()`) at the moment the app calls, as on a device (`app_reload_delay` before
/// they reach WidgetKit). Foreground sessions become `foreground-start`/`foreground-end`
/// rows, the user's views `view` rows and the widget's content changes `change` rows
/// (`content` predictable or unpredictable), as an app that logs what its server pushes would. Times carry the scenario's UTC offset; rows at the same
/// instant come in ``DeviceLogRecord/Event/tieOrder``, the engine's own order (a session is
/// `[start, end)`: its `foreground-end` comes before a reload at that instant).
///
/// What a device log cannot show is lost, as on a device: App Intent reloads look like charged
/// reloads, and the budget is not in the log at all.
public enum DeviceLogExporter {
    /// The device log of replication `replication` (0-based) of `result`, in time order.
    ///
    /// `result` must have been run with events (``EventLevel/reloads`` or ``EventLevel/all``).
    ///
    /// Copies of a widget (`instances`) write `instance` `1`, `2`, … on their `timeline`,
    /// `placeholder` and `view` rows, unless `instanceColumn` is false (a log from before the
    /// column: `analyze` then infers the copies); the content changes they share are logged once.
    /// Each delivered widget push (`app.pushes`) is a `push` row.
    public static func records(_ result: SimulationResult, replication: Int = 0, instanceColumn: Bool = true) -> [DeviceLogRecord] {
        let scenario = result.scenario
        let calendar = result.calendar
        let clock = calendar.clock
        let epoch = scenario.start.timeIntervalSince1970
        func unix(_ t: SimTime) -> Double { epoch + t }
        func offset(_ t: SimTime) -> Double { clock.utcOffset(at: t) }

        var out: [(order: Int, sequence: Int, record: DeviceLogRecord)] = []
        func emit(
            _ t: SimTime, _ event: DeviceLogRecord.Event, kind: String = "", family: String = "", instance: String = "",
            _ fill: (inout DeviceLogRecord) -> Void = { _ in }
        ) {
            var r = DeviceLogRecord(time: unix(t), utcOffset: offset(t), event: event, kind: kind, family: family, instance: instance)
            fill(&r)
            out.append((event.tieOrder, out.count, r))
        }

        var appCalls = Set<AppCall>()
        for (w, spec) in scenario.widgets.enumerated() {
            let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: w, replication: replication)
            // Copies of a widget (`instances`) label their rows; the content they share is logged once.
            let copy = instanceColumn && spec.instances > 1 ? String(spec.instance) : ""
            var provider = spec.provider.makeProvider(clock: clock, horizon: calendar.horizon)
            var timeline = ReplayTimeline()
            var delivered = false
            let events = result.runs[replication][w].events
            for (i, e) in events.enumerated() {
                switch e.kind {
                case .grant:
                    timeline.reset()
                    let context = ReplayContext(
                        now: e.time, clock: clock, unpredictableChanges: inputs.unpredictable, family: spec.family)
                    provider.getTimeline(in: context, into: &timeline)
                    timeline.entries.sort { $0.date < $1.date }
                    // The grant's outcome is the next deliver or kill of this widget.
                    let outcome = events[(i + 1)...].first { $0.kind == .deliver || $0.kind == .kill }
                    let entries = timeline.entries
                    let policy: ReloadPolicy
                    switch timeline.policy {
                    case .atEnd: policy = .atEnd
                    case .never: policy = .never
                    case let .after(date): policy = .after(unix(date))
                    }
                    emit(e.time, .timeline, kind: spec.kind, family: spec.family, instance: copy) { r in
                        r.entries = entries.count
                        r.firstEntry = entries.first.map { unix($0.date) }
                        r.lastEntry = entries.last.map { unix($0.date) }
                        r.policy = policy
                        r.memoryMB = outcome.map { $0.memoryMB >= 0 ? $0.memoryMB : nil } ?? nil
                    }
                    if outcome?.kind == .kill && !delivered {
                        // WidgetKit falls back on the placeholder once the extension is gone: a second later.
                        emit(e.time + 1, .placeholder, kind: spec.kind, family: spec.family, instance: copy)
                    }
                    if outcome?.kind == .deliver { delivered = true }
                default:
                    break
                }
            }
            // The app logs its call, not the moment the request reaches WidgetKit (after
            // `app_reload_delay`); reloadAllTimelines() is one call for every widget.
            for request in inputs.appRequests {
                let kind = request.source == .appAll ? "" : spec.kind
                if appCalls.insert(AppCall(time: request.calledAt, kind: kind, push: request.push)).inserted {
                    emit(request.calledAt, request.push ? .push : .appReload, kind: kind)
                }
            }
            for t in inputs.views.times { emit(t, .view, kind: spec.kind, family: spec.family, instance: copy) }
            guard spec.instance == 1 else { continue }
            for t in inputs.unpredictable.times { emit(t, .change, kind: spec.kind, family: spec.family) }
            for t in inputs.predictable.eventTimes.times {
                emit(t, .change, kind: spec.kind, family: spec.family) { $0.predictable = true }
            }
        }
        if !scenario.widgets.isEmpty {
            let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: replication)
            for (start, end) in zip(inputs.foreground.starts, inputs.foreground.ends) {
                emit(start, .foregroundStart)
                if end < calendar.horizon { emit(end, .foregroundEnd) }
            }
        }
        out.sort { a, b in
            if a.record.time != b.record.time { return a.record.time < b.record.time }
            return a.order != b.order ? a.order < b.order : a.sequence < b.sequence
        }
        return out.enumerated().map { i, item in
            var r = item.record
            r.position = DeviceLogRecord.Position(file: 0, line: i + 2)
            return r
        }
    }

    private struct AppCall: Hashable {
        var time: SimTime
        var kind: String
        var push: Bool
    }
}
