/// One widget's running state while a device log streams through the analyzer: the previous
/// timeline, the app request waiting for an answer, and the tallies.
struct WidgetLogState: Sendable {
    /// The previous timeline.
    struct Previous: Sendable {
        var time: Double
        var offset: Double
        /// When its policy asks for the next reload (never before `time`); `NaN` for `.never`.
        var due: Double
        /// False when the log did not say (no policy, or `.atEnd` without `last_entry`).
        var policyKnown: Bool
        var entries: Int?
        var memoryMB: Double?
        var position: DeviceLogRecord.Position
    }

    /// Per local day counts.
    struct DayTally: Sendable {
        var reloads = 0, charged = 0, exempt = 0, appRequests = 0, coalesced = 0
        var snapshots = 0, placeholders = 0, views = 0, likelyKills = 0
    }

    /// Per timeline size.
    struct MemoryTally: Sendable {
        /// Footprints kept per size for the median: enough for a robust middle, bounded memory.
        static let sampleCap = 101
        var timelines = 0
        var peakMB: Double?
        var likelyKills = 0
        var samples: [Float] = []

        mutating func add(_ mb: Double?) {
            timelines += 1
            guard let mb else { return }
            peakMB = Swift.max(peakMB ?? mb, mb)
            if samples.count < Self.sampleCap { samples.append(Float(mb)) }
        }

        var medianMB: Double? { Quantiles.median(samples.map(Double.init)) }
    }

    /// A reload that an app request made just before the previous one may have brought, but that
    /// came after the minimum interval and the answer window: held for budget (no kill) when the
    /// budget explains its wait, else a retry after a kill. Settled at the end.
    struct HeldRequest: Sendable {
        /// The index in ``reloads`` of the reload.
        var reload: Int
        /// The timeline before it, killed if the budget does not explain the wait.
        var previous: Previous
    }

    /// An app request answered late: settled at the end, when the budget is known.
    struct LateApp: Sendable {
        /// When the app asked, Unix seconds.
        var request: Double
        /// The index in ``reloads`` of the reload that answered it.
        var reload: Int
        /// When the previous timeline's policy was due (`NaN` for `.never`).
        var due: Double
    }

    let kind: String
    let family: String
    /// The copy of the widget (the `instance` column, or `1`, `2`, … when inferred); empty for one.
    var instance = ""
    /// True when the copies were inferred (the log has no `instance` column).
    var instanceInferred = false
    let settings: DeviceLogAnalysisSettings
    var reloads: [ReloadObservation] = []
    var lateApps: [LateApp] = []
    var heldForBudget: [HeldRequest] = []
    /// Per reload that came when its previous timeline's policy was due (or later): seconds after
    /// local midnight, and lateness.
    var lateness: [(secondsOfDay: Float, lateness: Float)] = []
    var previous: Previous?
    /// The first app request since the previous timeline still waiting, `NaN` when none.
    var pendingApp = Double.nan
    /// The latest app request, answered or not: one made just before a reload may reach
    /// WidgetKit after it (the app-reload delay) and bring another reload once the minimum
    /// interval has passed.
    var lastAppCall = -Double.infinity
    var placeholderSinceLast = false
    var days: [Int: DayTally] = [:]
    var hourReloads = [Int](repeating: 0, count: 24)
    var hourCharged = [Int](repeating: 0, count: 24)
    var hourViews = [Int](repeating: 0, count: 24)
    var hourChanges = [Int](repeating: 0, count: 24)
    var hourPredictableChanges = [Int](repeating: 0, count: 24)
    var snapshots = 0, placeholders = 0, views = 0, changes = 0, predictableChanges = 0
    /// Predictable changes on each local wall-clock grid of ``ChangeGrid/periods``.
    var predictableOnGrid = [Int](repeating: 0, count: ChangeGrid.periods.count)
    var app = AppReloadTally()
    var memory: [Int: MemoryTally] = [:]
    var kills: [LikelyKill] = []
    /// Seconds from a likely kill to the reload after it (WidgetKit's retry), the first
    /// ``retryGapCap``.
    var retryGaps: [Float] = []
    static let retryGapCap = 1000
    var killCount = 0
    var shapes = TimelineShapeTally()
    var shortestGap = Double.infinity

    /// The widget's first row.
    let firstPosition: DeviceLogRecord.Position

    init(kind: String, family: String, settings: DeviceLogAnalysisSettings, firstPosition: DeviceLogRecord.Position) {
        self.kind = kind
        self.family = family
        self.settings = settings
        self.firstPosition = firstPosition
    }

    /// A `timeline` row: classifies the reload, settles the previous timeline and the waiting app
    /// request, and makes this timeline the previous one. `foregroundStart` is the start of the
    /// foreground session open at the row, if any.
    mutating func timeline(_ r: DeviceLogRecord, foregroundStart: Double?) {
        let t = r.time
        var cause = ReloadObservation.Cause.first
        var requested = Double.nan
        var minIntervalEnd = -Double.infinity
        if let p = previous {
            minIntervalEnd = p.time + settings.minReloadInterval
            shortestGap = Swift.min(shortestGap, t - p.time)
            let policyDue = !p.due.isNaN && t >= p.due - settings.earlyTolerance
            if policyDue { lateness.append((Float(LocalTime.secondsOfDay(t, offset: r.utcOffset)), Float(t - p.due))) }
            if !pendingApp.isNaN {
                if !p.due.isNaN && p.due <= pendingApp {
                    cause = .policyAndApp
                    requested = p.due
                } else {
                    cause = .app
                    requested = pendingApp
                }
                settleApp(at: t, previous: p, minIntervalEnd: minIntervalEnd)
            } else if policyDue {
                cause = .policy
                requested = p.due
            } else if lastAppCall > p.time - settings.appAnswerWindow {
                // An app request from just before the previous reload that reached WidgetKit after
                // it: held by the minimum interval, and perhaps then by the budget. Came later than
                // the interval allows, it was either held for budget or a retry after a kill: the
                // budget, known at the end, tells.
                cause = .app
                requested = lastAppCall
                if t > minIntervalEnd + settings.appAnswerWindow && !placeholderSinceLast {
                    heldForBudget.append(HeldRequest(reload: reloads.count, previous: p))
                }
            } else if placeholderSinceLast || (p.policyKnown && t >= p.time + settings.killRetryInterval - settings.earlyTolerance) {
                // WidgetKit's retry after a kill: asked for at the kill plus the retry interval.
                cause = .retry
                requested = p.time + settings.killRetryInterval
            } else {
                cause = p.policyKnown ? .unprompted : .unknown
            }
            if placeholderSinceLast {
                kill(p, reason: .placeholder)
            } else if cause == .unprompted || cause == .retry {
                kill(p, reason: .unpromptedReload)
            }
            // A kill and WidgetKit's retry: the gap measures `retry_after` (plus its delay).
            if (placeholderSinceLast || cause == .unprompted || cause == .retry) && retryGaps.count < Self.retryGapCap {
                retryGaps.append(Float(t - p.time))
            }
        }
        let charged = foregroundStart == nil
        reloads.append(
            ReloadObservation(
                time: t, offset: r.utcOffset, requested: requested, appRequested: previous == nil ? .nan : pendingApp,
                minIntervalEnd: minIntervalEnd,
                foregroundStart: foregroundStart ?? .nan, cause: cause, charged: charged))

        let day = LocalTime.day(t, offset: r.utcOffset)
        let hour = LocalTime.hour(t, offset: r.utcOffset)
        days[day, default: DayTally()].reloads += 1
        hourReloads[hour] += 1
        if charged {
            days[day, default: DayTally()].charged += 1
            hourCharged[hour] += 1
        } else {
            days[day, default: DayTally()].exempt += 1
        }
        memory[r.entries ?? -1, default: MemoryTally()].add(r.memoryMB)
        shapes.add(r)

        var due = Double.nan
        var known = r.policy != nil
        if let date = r.policyReloadDate {
            due = Swift.max(date, t)
        } else if case .atEnd = r.policy {
            known = false  // `.atEnd` without `last_entry`: due when, the log does not say.
        }
        previous = Previous(
            time: t, offset: r.utcOffset, due: due, policyKnown: known, entries: r.entries, memoryMB: r.memoryMB,
            position: r.position)
        pendingApp = .nan
        placeholderSinceLast = false
    }

    /// Makes this state the copy `label` of its widget, inferred from the timelines' spacing.
    mutating func inferInstance(_ label: String) {
        instance = label
        instanceInferred = true
    }

    /// How well a timeline at `t` fits as this copy's next reload, or `nil` when it cannot be this
    /// copy's: sooner than the minimum interval after its previous timeline.
    ///
    /// `score` is how long its reload had been due: by a waiting app request, by its policy, or
    /// (a day more, so any due reload wins) by a retry after a kill; `stalled` when that is past the
    /// stall threshold (held for budget); `spent` counts its charged reloads in the last 24 hours,
    /// which tells copies due alike apart: budget comes back first to the one that spent least,
    /// under every model.
    func copyScore(at t: Double) -> (stalled: Bool, score: Double, spent: Int)? {
        guard let p = previous else { return (false, 0, 0) }
        guard t - p.time >= settings.minReloadInterval - 0.5 else { return nil }
        var score = Seconds.day + abs(t - (p.time + settings.killRetryInterval))
        if !pendingApp.isNaN { score = Swift.min(score, Swift.max(0, t - Swift.max(pendingApp, p.time + settings.minReloadInterval))) }
        if !p.due.isNaN && t >= p.due - settings.earlyTolerance { score = Swift.min(score, Swift.max(0, t - p.due)) }
        var spent = 0
        for r in reloads.reversed() {
            if r.time <= t - Seconds.day { break }
            if r.charged { spent += 1 }
        }
        return (score > settings.stallThreshold && score < Seconds.day, score, spent)
    }

    /// True when a timeline fits copy `a` better than copy `b` (their ``copyScore(at:)``s): a
    /// reload due lately before a stalled one; of two stalled, or two due within the answer
    /// window of each other, the one that spent less in the last 24 hours; else the one due first.
    func fitsBetter(
        _ a: (stalled: Bool, score: Double, spent: Int), than b: (stalled: Bool, score: Double, spent: Int)
    ) -> Bool {
        if a.stalled != b.stalled { return !a.stalled }
        if (a.stalled || abs(a.score - b.score) <= settings.appAnswerWindow) && a.spent != b.spent { return a.spent < b.spent }
        return a.score < b.score
    }

    /// An app reload request aimed at this widget.
    mutating func appReload(at t: Double, offset: Double, all: Bool, inForeground: Bool) {
        app.requests += 1
        if all { app.reloadAll += 1 }
        if inForeground { app.inForeground += 1 }
        let day = LocalTime.day(t, offset: offset)
        days[day, default: DayTally()].appRequests += 1
        lastAppCall = t
        if pendingApp.isNaN {
            pendingApp = t
        } else {
            app.coalesced += 1
            days[day, default: DayTally()].coalesced += 1
        }
    }

    /// A `snapshot`, `placeholder`, `view` or `change` row.
    mutating func other(_ r: DeviceLogRecord) {
        let day = LocalTime.day(r.time, offset: r.utcOffset)
        switch r.event {
        case .snapshot:
            snapshots += 1
            days[day, default: DayTally()].snapshots += 1
        case .placeholder:
            placeholders += 1
            days[day, default: DayTally()].placeholders += 1
            if previous != nil { placeholderSinceLast = true }
        case .view:
            views += 1
            days[day, default: DayTally()].views += 1
            hourViews[LocalTime.hour(r.time, offset: r.utcOffset)] += 1
        case .change where r.predictable:
            predictableChanges += 1
            let second = LocalTime.secondsOfDay(r.time, offset: r.utcOffset)
            for (i, period) in ChangeGrid.periods.enumerated() {
                let off = second.truncatingRemainder(dividingBy: period)
                if off < ChangeGrid.tolerance || period - off < ChangeGrid.tolerance { predictableOnGrid[i] += 1 }
            }
            hourPredictableChanges[LocalTime.hour(r.time, offset: r.utcOffset)] += 1
        case .change:
            changes += 1
            hourChanges[LocalTime.hour(r.time, offset: r.utcOffset)] += 1
        default:
            break
        }
    }

    /// The end of the log: a request still waiting was never answered; a placeholder after the
    /// last timeline suspects it.
    mutating func close() {
        if !pendingApp.isNaN {
            app.ignored += 1
            pendingApp = .nan
        }
        if placeholderSinceLast, let p = previous {
            kill(p, reason: .placeholder)
            placeholderSinceLast = false
        }
    }

    /// Settles the waiting app request with the reload at `t` (the next one in ``reloads``):
    /// answered in time, or late (ignored or deferred, told apart once the budget is known).
    private mutating func settleApp(at t: Double, previous p: Previous, minIntervalEnd: Double) {
        if t - Swift.max(pendingApp, minIntervalEnd) <= settings.appAnswerWindow {
            app.answered += 1
        } else {
            lateApps.append(LateApp(request: pendingApp, reload: reloads.count, due: p.due))
        }
    }

    mutating func kill(_ p: Previous, reason: LikelyKill.Reason) {
        killCount += 1
        if kills.count < 50 {
            kills.append(
                LikelyKill(
                    time: p.time, utcOffset: p.offset, entries: p.entries, memoryMB: p.memoryMB, reason: reason, position: p.position))
        }
        memory[p.entries ?? -1, default: MemoryTally()].likelyKills += 1
        days[LocalTime.day(p.time, offset: p.offset), default: DayTally()].likelyKills += 1
    }
}
