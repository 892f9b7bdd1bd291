/// Splits a widget's reloads into exact and censored delays, given its fitted budget.
///
/// A policy reload requested at `q` (its due time) ran at `t`. WidgetKit grants it at the latest
/// of `q + delay`, the previous reload plus the minimum interval, and — when the budget was spent
/// at `q` — the instant budget came back (or a foreground session began). When `t` is later than
/// every such constraint, the request itself came at `t`: the delay `t − q` is exact. Otherwise
/// the reload was held by a constraint and only `delay ≤ t − q` is known; so is a stall no
/// constraint explains (a low-power window, say): delays longer than the stall threshold are not
/// WidgetKit's usual delay. When the app's request
/// brought the reload first, the delay was at least the time from `q` to that request. Reloads the
/// app asked for before the policy came due say nothing about the policy's delay; they give the
/// app-reload delay the same way.
enum ReloadDelaySampler {
    /// Slack for rounding in logged times, seconds.
    static let slack = 1.0

    /// What the replay finds.
    struct Samples {
        /// Policy reload delays.
        var policy = CensoredSample()
        /// App reload delays.
        var app = CensoredSample()
        /// Late app requests that waited for budget (or came before the policy's reload).
        var deferred = 0
        /// Late app requests WidgetKit did not act on though it had budget.
        var ignored = 0
    }

    /// Replays the reloads through the fitted budget model: delays, and the late app requests told
    /// apart (`lateApps` in order of their reloads).
    static func samples(
        _ reloads: [ReloadObservation], budget: BudgetEstimate, lateApps: [WidgetLogState.LateApp],
        settings: DeviceLogAnalysisSettings
    ) -> Samples {
        var out = Samples()
        var replay = budget.model.map { ReloadBudget(model: $0, daily: max(1, budget.daily ?? 1)) }
        var next = 0
        for (i, r) in reloads.enumerated() {
            while next < lateApps.count && lateApps[next].reload == i {
                let late = lateApps[next]
                let offset = r.offset
                let spent =
                    r.charged
                    && replay.map { !$0.isAvailable(at: late.request, window: $0.window(unixTime: late.request, utcOffset: offset)) }
                        ?? false
                let byPolicy = !late.due.isNaN && r.time >= late.due - settings.earlyTolerance
                if spent || !byPolicy { out.deferred += 1 } else { out.ignored += 1 }
                next += 1
            }
            if !r.requested.isNaN {
                let value = r.time - r.requested
                switch r.cause {
                case .policy:
                    // A stall that no constraint explains (low power, WidgetKit's whims) is no
                    // measure of the usual delay either: only an upper bound.
                    if r.time > constraint(r, at: r.requested, replay) + slack && r.time - r.waitStart <= settings.stallThreshold {
                        out.policy.add(exact: value)
                    } else {
                        out.policy.add(atMost: value)
                    }
                case .policyAndApp:
                    // The app asked at `a` after the policy came due. Had the policy's request come
                    // before `a` with nothing holding it, the reload would have run before `a`: so
                    // when nothing held it, the delay was at least `a − due`. When something held
                    // both, the reload tells nothing about the delay.
                    let a = r.appRequested
                    if !a.isNaN && constraint(r, at: r.requested, replay) < a - slack { out.policy.add(atLeast: a - r.requested) }
                case .app:
                    if r.time > constraint(r, at: r.requested, replay) + slack && r.time - r.waitStart <= settings.stallThreshold {
                        out.app.add(exact: value)
                    } else {
                        out.app.add(atMost: value)
                    }
                case .first, .unprompted, .unknown, .retry:
                    break
                }
            }
            if r.charged, let window = replay?.window(unixTime: r.time, utcOffset: r.offset) { replay?.charge(at: r.time, window: window) }
        }
        return out
    }

    /// The earliest instant a reload requested at `q` could run: the minimum interval and, when
    /// the budget was spent at `q`, the instant it came back (or the foreground session that made
    /// the reload free, if that came first).
    static func constraint(_ r: ReloadObservation, at q: Double, _ replay: ReloadBudget?) -> Double {
        var c = r.minIntervalEnd
        if let model = replay, !model.isAvailable(at: q, window: model.window(unixTime: q, utcOffset: r.offset)) {
            var back = model.nextAvailable(afterUnixTime: q, utcOffset: r.offset)
            if !r.charged && r.foregroundStart > q { back = Swift.min(back, r.foregroundStart) }
            c = Swift.max(c, back)
        }
        return c
    }
}
