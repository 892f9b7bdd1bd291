/// Reads a device log record by record and analyses it: reloads per day and hour, lateness, the
/// budget and its model, app reloads, memory, anomalies.
///
/// Feed records in time order with ``add(_:)`` (records at the same instant may come in any order:
/// they are put in a canonical one), then call ``finish()``. The rows themselves are not kept: per
/// reload the analyzer holds one compact observation (32 bytes) for the estimators, and fixed-size
/// tallies per widget, day and hour.
///
/// ```swift
/// var analyzer = DeviceLogAnalyzer()
/// for record in records { analyzer.add(record) }
/// let analysis = analyzer.finish()
/// print(analysis.widgets[0].budget.daily ?? "no stall: budget not reached")
/// ```
public struct DeviceLogAnalyzer: Sendable {
    /// The assumptions of the analysis.
    public let settings: DeviceLogAnalysisSettings

    private struct WidgetKey: Hashable, Sendable {
        var kind: String
        var family: String
        var instance: String
    }

    private var widgets: [WidgetLogState] = []
    private var widgetIndex: [WidgetKey: Int] = [:]
    private var kindIndex: [String: [Int]] = [:]
    /// Records at the current instant, waiting to be put in canonical order.
    private var group: [DeviceLogRecord] = []
    private var records = 0
    private var duplicates = 0
    private var firstDuplicate: DeviceLogRecord.Position?
    private var anomalies: [LogAnomaly] = []
    private var first: (time: Double, offset: Double)?
    private var last: (time: Double, offset: Double)?
    private var offsets: [Double] = []
    private var offsetChanges: [UTCOffsetChange] = []
    private var hourCoverage = [Double](repeating: 0, count: 24)
    private var dayCoverage: [Int: Double] = [:]
    private var coveredSeconds = 0.0
    private var openSession: (start: Double, offset: Double, position: DeviceLogRecord.Position)?
    private var sessions: [(start: Double, end: Double)] = []
    private var sessionStartsByHour = [Int](repeating: 0, count: 24)
    private var appByKind: [String: [Int]] = [:]
    private var appAfterChange: [String: Int] = [:]
    /// The latest `change` row per kind, and of any kind (under the empty kind).
    private var lastChange: [String: Double] = [:]
    private var appKindOrder: [String] = []
    /// Events naming kinds that had no timeline when they came: (count, first position, events).
    private var orphanKinds: [String: (count: Int, position: DeviceLogRecord.Position, events: Set<String>)] = [:]
    /// Copies of a widget inferred from a log without the `instance` column, per (kind, family):
    /// the indices of their states, the first one's first.
    private var copies: [WidgetKey: [Int]] = [:]
    /// Widgets whose inferred copies reached ``maxInferredCopies``.
    private var tooManyCopies = Set<WidgetKey>()
    /// The most copies inferred for one widget: a scenario's `instances` limit.
    static let maxInferredCopies = 100
    /// Delivered widget pushes (`push` rows), times in order.
    private var pushTimes: [Double] = []
    private var pushesByHour = [Int](repeating: 0, count: 24)
    private var pushesAfterChange = 0
    /// Instants of unpredictable changes per kind and of any kind (the empty kind), each once:
    /// what a server pushing on change sends.
    private var changeTimes: [String: [Double]] = [:]
    /// App reload calls per kind (reloadAll under the empty kind), times in order, for a cap.
    private var appTimes: [String: [Double]] = [:]

    /// Creates an analyzer.
    public init(settings: DeviceLogAnalysisSettings = DeviceLogAnalysisSettings()) {
        self.settings = settings
    }

    /// Adds the next record. Its time must not be earlier than the previous record's.
    public mutating func add(_ record: DeviceLogRecord) {
        if let t = group.first?.time {
            precondition(record.time >= t, "DeviceLogAnalyzer.add: records must come in time order")
            if record.time > t { flush() }
        }
        // WidgetKit never reloads one widget twice at once: identical timelines of one file at one
        // instant (without `instance`) are copies of the widget, told apart in `copy(for:)`; only
        // rows repeated across files (a log given twice) are duplicates.
        for other in group where other.sameContent(as: record) {
            if record.event == .timeline && record.instance.isEmpty && other.position.file == record.position.file { continue }
            duplicates += 1
            if firstDuplicate == nil || record.position < firstDuplicate! { firstDuplicate = record.position }
            return
        }
        group.append(record)
    }

    /// Adds an oddity found while reading (unsorted rows, clock jumps), for the report.
    public mutating func note(_ anomaly: LogAnomaly) {
        anomalies.append(anomaly)
    }

    /// The analysis of everything added.
    public mutating func finish() -> DeviceLogAnalysis {
        flush()
        if let open = openSession, let end = last?.time {
            anomalies.append(
                LogAnomaly(
                    kind: .unmatchedForeground, position: open.position,
                    message: "foreground-start without a foreground-end: the session is taken to last until the log ends"))
            sessions.append((open.start, end))
            openSession = nil
        }
        for i in widgets.indices { widgets[i].close() }
        if duplicates > 0, let position = firstDuplicate {
            anomalies.append(
                LogAnomaly(
                    kind: .duplicate, position: position, count: duplicates,
                    message: "\(duplicates) row\(duplicates == 1 ? "" : "s") repeated word for word at the same instant; counted once"))
        }
        let timelineKinds = Set(widgets.filter { !$0.reloads.isEmpty }.map(\.kind))
        for w in widgets where w.reloads.isEmpty {
            let count = w.snapshots + w.placeholders + w.views
            let name = w.family.isEmpty ? "'\(w.kind)'" : "'\(w.kind)' (\(w.family))"
            anomalies.append(
                LogAnomaly(
                    kind: .unknownKind, position: w.firstPosition, count: count,
                    message:
                        "\(count) snapshot/placeholder/view event\(count == 1 ? "" : "s") for widget \(name), which never had a timeline"))
        }
        for kind in orphanKinds.keys.sorted() where !timelineKinds.contains(kind) {
            let o = orphanKinds[kind]!
            anomalies.append(
                LogAnomaly(
                    kind: .unknownKind, position: o.position, count: o.count,
                    message: "\(o.count) \(o.events.sorted().joined(separator: "/")) event\(o.count == 1 ? "" : "s") for kind '\(kind)', "
                        + "which never had a timeline"))
        }
        anomalies.sort { $0.position < $1.position }
        let summaries = widgets.filter { !$0.reloads.isEmpty }.map { $0.summary(hourCoverage: hourCoverage, dayCoverage: dayCoverage) }
        return DeviceLogAnalysis(
            settings: settings, records: records, firstTime: first?.time ?? 0, lastTime: last?.time ?? 0,
            firstOffset: first?.offset ?? 0, offsets: offsets, offsetChanges: offsetChanges, coveredSeconds: coveredSeconds,
            hourCoverage: hourCoverage,
            widgets: summaries, app: appProfile(), anomalies: anomalies)
    }

    // MARK: Records

    /// Processes the records of one instant in canonical order.
    private mutating func flush() {
        guard !group.isEmpty else { return }
        group.sort { a, b in
            a.event.tieOrder != b.event.tieOrder ? a.event.tieOrder < b.event.tieOrder : a.position < b.position
        }
        if openSession == nil, let end = group.firstIndex(where: { $0.event == .foregroundEnd }),
            let start = group.firstIndex(where: { $0.event == .foregroundStart })
        {
            // A session that starts and ends at one instant is empty: `[t, t)` makes nothing free.
            let r = group[start]
            records += 2
            cover(until: r)
            sessions.append((r.time, r.time))
            sessionStartsByHour[LocalTime.hour(r.time, offset: r.utcOffset)] += 1
            group.remove(at: Swift.max(start, end))
            group.remove(at: Swift.min(start, end))
        }
        for record in group { process(record) }
        group.removeAll(keepingCapacity: true)
    }

    private mutating func process(_ r: DeviceLogRecord) {
        records += 1
        cover(until: r)
        switch r.event {
        case .timeline:
            let i = copy(for: r)
            widgets[i].timeline(r, foregroundStart: openSession?.start)
        case .push:
            pushTimes.append(r.time)
            pushesByHour[LocalTime.hour(r.time, offset: r.utcOffset)] += 1
            if let changed = lastChange[r.kind], r.time - changed <= AppActivityProfile.changeWindow { pushesAfterChange += 1 }
            // WidgetKit reloads the widgets as for `reloadAllTimelines()` (or the kind pushed).
            let targets = r.kind.isEmpty ? Array(widgets.indices) : (kindIndex[r.kind] ?? [])
            for i in targets {
                widgets[i].appReload(at: r.time, offset: r.utcOffset, all: r.kind.isEmpty, inForeground: openSession != nil)
            }
        case .change:
            lastChange[r.kind] = r.time
            lastChange[""] = r.time
            if !r.predictable {
                for k in Set([r.kind, ""]) where changeTimes[k]?.last != r.time { changeTimes[k, default: []].append(r.time) }
            }
            fallthrough
        case .snapshot, .placeholder, .view:
            guard !r.kind.isEmpty else {
                orphan(r)
                break
            }
            var targets = (kindIndex[r.kind] ?? []).filter {
                (r.family.isEmpty || widgets[$0].family == r.family) && (r.instance.isEmpty || widgets[$0].instance == r.instance)
            }
            // A placeholder often comes before the widget's first timeline: the widget starts here.
            if targets.isEmpty { targets = [widget(kind: r.kind, family: r.family, instance: r.instance, at: r)] }
            for i in targets { widgets[i].other(r) }
        case .appReload:
            if appByKind[r.kind] == nil {
                appByKind[r.kind] = [Int](repeating: 0, count: 24)
                appKindOrder.append(r.kind)
            }
            appByKind[r.kind]![LocalTime.hour(r.time, offset: r.utcOffset)] += 1
            appTimes[r.kind, default: []].append(r.time)
            if let changed = lastChange[r.kind], r.time - changed <= AppActivityProfile.changeWindow {
                appAfterChange[r.kind, default: 0] += 1
            }
            let targets = r.kind.isEmpty ? Array(widgets.indices) : (kindIndex[r.kind] ?? [])
            if targets.isEmpty && !r.kind.isEmpty { orphan(r) }
            for i in targets {
                widgets[i].appReload(at: r.time, offset: r.utcOffset, all: r.kind.isEmpty, inForeground: openSession != nil)
            }
        case .foregroundStart:
            if let open = openSession {
                anomalies.append(
                    LogAnomaly(
                        kind: .unmatchedForeground, position: open.position,
                        message: "foreground-start without a foreground-end before the next start: the session is taken to end there"))
                sessions.append((open.start, r.time))
            }
            openSession = (r.time, r.utcOffset, r.position)
            sessionStartsByHour[LocalTime.hour(r.time, offset: r.utcOffset)] += 1
        case .foregroundEnd:
            if let open = openSession {
                sessions.append((open.start, r.time))
                openSession = nil
            } else {
                anomalies.append(
                    LogAnomaly(
                        kind: .unmatchedForeground, position: r.position, message: "foreground-end without a foreground-start: ignored"))
            }
        }
    }

    /// The index of the copy of the widget that wrote timeline `r`: its `instance`, or, when the
    /// log does not say, inferred. WidgetKit never reloads one widget twice within the minimum
    /// interval, so a timeline that comes sooner after every known copy's previous one is another
    /// copy's (copies write near-identical rows a few seconds apart: an app reload or a push
    /// reloads them all); otherwise it is the copy whose reload was due (its policy, a waiting app
    /// request, a retry after a kill) the shortest while ago.
    private mutating func copy(for r: DeviceLogRecord) -> Int {
        guard r.instance.isEmpty, settings.minReloadInterval > 0 else {
            return widget(kind: r.kind, family: r.family, instance: r.instance, at: r)
        }
        let key = WidgetKey(kind: r.kind, family: r.family, instance: "")
        guard let first = widgetIndex[key] else { return widget(kind: r.kind, family: r.family, instance: "", at: r) }
        let known = copies[key] ?? [first]
        var best: (fit: (stalled: Bool, score: Double, spent: Int), index: Int)?
        for i in known {
            guard let fit = widgets[i].copyScore(at: r.time) else { continue }
            if best == nil || widgets[i].fitsBetter(fit, than: best!.fit) { best = (fit, i) }
        }
        if let best { return best.index }
        // More copies than a scenario takes (`instances` ≤ 100) is not a Home Screen: the rest of
        // the burst goes to the copy that reloaded longest ago, and the analysis says so.
        if known.count >= Self.maxInferredCopies {
            if !tooManyCopies.contains(key) {
                tooManyCopies.insert(key)
                anomalies.append(
                    LogAnomaly(
                        kind: .inferredInstance, position: r.position,
                        message: "more than \(Self.maxInferredCopies) timelines of '\(r.kind)' within "
                            + "\(DurationFormat.string(settings.minReloadInterval)) of each other: not copies of a widget; "
                            + "the extra ones are counted with the copy that reloaded longest ago"))
            }
            return known.min { (widgets[$0].previous?.time ?? -.infinity) < (widgets[$1].previous?.time ?? -.infinity) }!
        }
        if known.count == 1 { widgets[first].inferInstance("1") }
        var state = WidgetLogState(kind: r.kind, family: r.family, settings: settings, firstPosition: r.position)
        state.inferInstance(String(known.count + 1))
        widgets.append(state)
        let i = widgets.count - 1
        kindIndex[r.kind, default: []].append(i)
        copies[key] = known + [i]
        let name = r.family.isEmpty ? "'\(r.kind)'" : "'\(r.kind)' (\(r.family))"
        anomalies.append(
            LogAnomaly(
                kind: .inferredInstance, position: r.position,
                message: "a timeline of \(name) came sooner than \(DurationFormat.string(settings.minReloadInterval)) after every "
                    + "copy's previous one: copy #\(known.count + 1) inferred (the log has no instance column)"))
        return i
    }

    /// The index of the widget (kind, family, instance), created at its first row.
    private mutating func widget(kind: String, family: String, instance: String = "", at r: DeviceLogRecord) -> Int {
        let key = WidgetKey(kind: kind, family: family, instance: instance)
        if let i = widgetIndex[key] { return i }
        var state = WidgetLogState(kind: kind, family: family, settings: settings, firstPosition: r.position)
        state.instance = instance
        widgets.append(state)
        let i = widgets.count - 1
        widgetIndex[key] = i
        kindIndex[kind, default: []].append(i)
        if let start = first?.time, r.time - start > Seconds.day {
            let name = family.isEmpty ? "'\(kind)'" : "'\(kind)' (\(family))"
            anomalies.append(
                LogAnomaly(
                    kind: .newKind, position: r.position,
                    message: "widget \(name) first appears \(DurationFormat.string((r.time - start).rounded())) into the log"))
        }
        return i
    }

    private mutating func orphan(_ r: DeviceLogRecord) {
        var o = orphanKinds[r.kind] ?? (0, r.position, [])
        o.count += 1
        o.events.insert(r.event.rawValue)
        orphanKinds[r.kind] = o
    }

    // MARK: Coverage

    /// Counts the time from the previous record to `r` as observed (unless it is a gap), by local
    /// hour and day, and notes offset changes.
    private mutating func cover(until r: DeviceLogRecord) {
        defer { last = (r.time, r.utcOffset) }
        guard let previous = last else {
            first = (r.time, r.utcOffset)
            offsets.append(r.utcOffset)
            offsetChanges.append(UTCOffsetChange(time: r.time, offset: r.utcOffset))
            return
        }
        if r.utcOffset != previous.offset {
            if !offsets.contains(r.utcOffset) { offsets.append(r.utcOffset) }
            offsetChanges.append(UTCOffsetChange(time: r.time, offset: r.utcOffset))
            anomalies.append(
                LogAnomaly(
                    kind: .offsetChange, position: r.position,
                    message: "UTC offset \(LocalTime.offsetString(previous.offset)) → \(LocalTime.offsetString(r.utcOffset)) "
                        + "at \(LocalTime.dateTimeString(r.time, offset: r.utcOffset)) (daylight saving or travel)"))
        }
        let span = r.time - previous.time
        if span > settings.gapThreshold {
            anomalies.append(
                LogAnomaly(
                    kind: .gap, position: r.position,
                    message: "no rows for \(NumberFormatting.duration(span)) before this one (device off, log stopped, or clock "
                        + "jumped forward): not counted as observed time"))
            return
        }
        guard span > 0 else { return }
        coveredSeconds += span
        var wall = previous.time + previous.offset
        let end = r.time + previous.offset
        while wall < end {
            let hourStart = (wall / Seconds.hour).rounded(.down) * Seconds.hour
            let next = Swift.min(hourStart + Seconds.hour, end)
            let hour = ((Int(hourStart / Seconds.hour) % 24) + 24) % 24
            hourCoverage[hour] += next - wall
            dayCoverage[Int((wall / Seconds.day).rounded(.down)), default: 0] += next - wall
            wall = next
        }
    }

    // MARK: App

    private func appProfile() -> AppActivityProfile {
        func rates(_ counts: [Int]) -> [Double] {
            (0..<24).map { h in hourCoverage[h] > 0 ? Double(counts[h]) / (hourCoverage[h] / Seconds.hour) : 0 }
        }
        let hours = coveredSeconds / Seconds.hour
        let reloads = appKindOrder.map { kind -> AppActivityProfile.Reloads in
            let counts = appByKind[kind]!
            let total = counts.reduce(0, +)
            var r = AppActivityProfile.Reloads(
                kind: kind, count: total, perHour: rates(counts), overallPerHour: hours > 0 ? Double(total) / hours : 0,
                afterChange: appAfterChange[kind] ?? 0)
            if r.onChange, pushTimes.isEmpty, let cap = PushCap.fit(delivered: appTimes[kind] ?? [], sent: changeTimes[kind] ?? []),
                cap.confirmed
            {
                r.cap = cap
            }
            return r
        }
        var pushes: AppActivityProfile.Pushes?
        if !pushTimes.isEmpty {
            let changes = changeTimes[""] ?? []
            pushes = AppActivityProfile.Pushes(
                count: pushTimes.count, perHour: rates(pushesByHour), overallPerHour: hours > 0 ? Double(pushTimes.count) / hours : 0,
                afterChange: pushesAfterChange, changes: changes.count, busiest24h: PushCap.busiest24h(pushTimes),
                cap: PushCap.fit(delivered: pushTimes, sent: changes))
        }
        let durations = sessions.map { $0.end - $0.start }
        let inForeground = durations.reduce(0, +)
        return AppActivityProfile(
            reloads: reloads, foregroundSessions: sessions.count, foregroundPerHour: rates(sessionStartsByHour),
            foregroundOverallPerHour: hours > 0 ? Double(sessions.count) / hours : 0,
            foregroundMedianDuration: Quantiles.median(durations),
            foregroundMeanDuration: durations.isEmpty ? nil : inForeground / Double(durations.count),
            foregroundFraction: coveredSeconds > 0 ? Swift.min(1, inForeground / coveredSeconds) : 0, pushes: pushes)
    }
}

/// Durations in words for anomaly messages.
enum NumberFormatting {
    /// `3.2 h`, `2.0 d`, `45 min`.
    static func duration(_ seconds: Double) -> String {
        if seconds >= 2 * Seconds.day { return oneDecimal(seconds / Seconds.day) + " days" }
        if seconds >= 2 * Seconds.hour { return oneDecimal(seconds / Seconds.hour) + " h" }
        return String(Bounds.saturatingInt((seconds / 60).rounded())) + " min"
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Bounds.saturatingInt((value * 10).rounded())
        return String(tenths / 10) + "." + String(tenths % 10)
    }
}
