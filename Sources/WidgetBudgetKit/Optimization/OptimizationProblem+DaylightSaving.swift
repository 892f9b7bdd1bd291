import Foundation

/// A day on which the scenario's time zone changes its clocks, judged on its own.
///
/// A policy chosen over a horizon without such a day can still run out on it: on the
/// spring-forward day a rolling 24 hours holds 25 hours of the wall clock (a schedule's busy
/// hour counts twice), and under `midnight` the fall-back day is 25 hours long.
public struct DaylightSavingDay: Sendable {
    /// The local date of the day, `yyyy-MM-dd`.
    public let date: String
    /// True when the clocks go forward that day (the day is shorter).
    public let springForward: Bool
    /// The day and the day before (whose reloads are still in a rolling window), as a problem of
    /// their own: the scenario starting at the earlier local midnight, 2 days long, the same seed;
    /// `nil` when the horizon holds the day (it is judged with the horizon).
    let problem: OptimizationProblem?

    /// True when the horizon holds the day.
    public var inHorizon: Bool { problem == nil }

    /// `spring forward 2026-03-29` or `fall back 2026-10-25`.
    public var label: String { (springForward ? "spring forward " : "fall back ") + date }
}

extension OptimizationProblem {
    /// The days of the year after `scenario`'s start on which its time zone changes its clocks
    /// (the next spring-forward and fall-back days), each replayed as a 2-day problem unless the
    /// horizon holds it. The replayed widget keeps the budget it has over `horizon`
    /// (``HorizonBudget``).
    static func daylightSavingDays(_ scenario: Scenario, settings: OptimizationSettings, horizon: HorizonBudget) -> [DaylightSavingDay] {
        let zone = scenario.timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let yearEnd = scenario.start.addingTimeInterval(366 * Seconds.day)
        let horizonEnd = scenario.start.addingTimeInterval(Double(scenario.days) * Seconds.day)
        var out: [DaylightSavingDay] = []
        var cursor = scenario.start
        while out.count < 2, let t = zone.nextDaylightSavingTimeTransition(after: cursor), t < yearEnd {
            cursor = t
            let dayStart = calendar.startOfDay(for: t)
            guard let replayStart = calendar.date(byAdding: .day, value: -1, to: dayStart) else { continue }
            var s = scenario
            s.start = replayStart
            s.days = 2
            let forward = zone.secondsFromGMT(for: t) > zone.secondsFromGMT(for: t.addingTimeInterval(-1))
            let parts = calendar.dateComponents([.year, .month, .day], from: dayStart)
            let date = Self.dateLabel(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
            // A change the horizon holds is judged with it.
            // Its widget keeps the horizon's budget (views a day, what is left of a learning period).
            var kept = horizon
            kept.dayOffset = Int((replayStart.timeIntervalSince(scenario.start) / Seconds.day).rounded())
            let problem =
                t < horizonEnd
                ? nil : OptimizationProblem(scenario: s, settings: settings, daylightSavingDays: false, horizonBudget: kept)
            out.append(DaylightSavingDay(date: date, springForward: forward, problem: problem))
        }
        return out
    }

    /// `yyyy-MM-dd`: `String(format: "%04d-%02d-%02d", year, month, day)`, each number in decimal
    /// padded with zeros to its width (after the sign), without the format's reading of its
    /// arguments through `CVarArg` (dynamic casts whose first conformance lookups scanned the
    /// binary's conformances: 1.1 M instructions of the bench's start for four labels, round 15
    /// `age`).
    static func dateLabel(year: Int, month: Int, day: Int) -> String {
        func padded(_ n: Int, _ width: Int) -> String {
            let digits = String(n.magnitude)
            let sign = n < 0 ? "-" : ""
            let zeros = max(0, width - sign.count - digits.count)
            return sign + String(repeating: "0", count: zeros) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// The first daylight-saving day on which `spec` waits for budget at the range's smallest
    /// budget (so at some budget of the range) in any of `replications`, or `nil`.
    ///
    /// One run per replication and day suffices: a run that never waits at B_min is the same run
    /// at every larger B (``NeededBudget``). Only the run's deferrals are read, so it accounts no
    /// display (``RunDetail/grantsOnly``: the same deferrals as a run with every detail). It keeps
    /// its charge times, never read: under the rolling rule the grant then answers the rule from
    /// them (`EnginePaths.rollingFromCharges`) instead of charging the rule's own array, which
    /// asked the runtime whether it was shared at every charge (#26 engine-2, round 15 `age`: the
    /// check 59.0 M -> 55.8 M of the bench, the copy of the times out at the run's end included).
    ///
    /// `horizonWaits`: whether some of this problem's own runs of `spec` at B_min, one per
    /// replication of `replications`, waited for budget; `horizonCharges`, their charge times, in
    /// the order of `replications` (none: not known). When none waited, a day whose runs are
    /// those runs up to the day's horizon
    /// (``horizonRunsStand(in:spec:replications:appThrottle:horizonCharges:)``) waits on none of
    /// them either, and is not run (round 15 `age`).
    func daylightSavingShortfall(
        _ spec: ProviderSpec, replications: [Int], appThrottle: Double?, horizonWaits: Bool = true,
        horizonCharges: [[SimTime]] = []
    ) -> DaylightSavingDay? {
        let detail = RunDetail.grantsOnly
        for day in daylightSavingDays {
            guard let problem = day.problem else { continue }
            if !horizonWaits
                && horizonRunsStand(
                    in: problem, spec: spec, replications: replications, appThrottle: appThrottle, horizonCharges: horizonCharges)
            {
                continue
            }
            let provider = problem.sharedProvider(spec)
            for r in replications {
                let run = problem.simulate(
                    spec, provider: provider, replication: r, budget: settings.constraints.budgets.lowerBound, model: scenario.budget.model,
                    appThrottle: appThrottle, detail: detail)
                if run.days.contains(where: { $0.deferred > 0 }) { return day }
            }
        }
        return nil
    }

    /// Whether the run of `spec` at any budget B in each replication of `replications` of the
    /// daylight-saving day's `problem` is, up to that problem's horizon, this problem's own run of
    /// the replication at B: the same requests, grants and charges at the same instants, so it
    /// waits for budget only where this one does.
    ///
    /// A run's reloads never read the display (docs/design/engine.md, "A run without the
    /// display"); what they read besides is asked to read no clock and no input but the reload
    /// delays, which both runs draw from the same seed (the scenario's, the replication and the
    /// widget: `WidgetInputs.delaySeed`) in the same order, one at each delivery:
    /// - the provider is a fixed one (its timelines dated from the reload, in seconds of the run:
    ///   ``FixedProvider/getTimeline(in:into:)``), and when aligned to the clock, both clocks
    ///   give its second entry the same date (`LocalClock.nextAligned(after:step:)`, to the bit)
    ///   at every grant this problem's runs make up to the day's horizon (`horizonCharges`, one
    ///   list per replication of `replications`: every grant is charged without foreground
    ///   sessions and App Intents): the day's run makes those grants while the dates agree, so
    ///   they agree at each of its grants;
    /// - the budget is the rolling rule (charges in the trailing 24 hours of the run's seconds,
    ///   whatever the local days), B the same every day (no learning period, not by views);
    /// - no `unseen_after` hold (which reads the views) and, in both inputs, no app request or
    ///   push, App Intent, foreground session, launch, media session, low-power window, location
    ///   change or unpredictable change;
    /// - this problem's horizon is at least the day's (the replay of two days, 47 or 49 hours).
    /// Memory kills, their retries and rejections follow from the provider and the settings, the
    /// same in both. Both runs start empty at their second 0, a local midnight.
    /// `DaylightSavingHorizonTests` compares the two runs' charge times and waits.
    func horizonRunsStand(
        in problem: OptimizationProblem, spec: ProviderSpec, replications: [Int], appThrottle: Double?, horizonCharges: [[SimTime]] = []
    ) -> Bool {
        guard case let .fixed(provider) = spec else { return false }
        let budget = scenario.budget
        guard
            budget.model == .rolling24h && budget.learningDays == 0 && !budget.byViews && !scenario.system.unseenAfter.isFinite
                && problem.calendar.horizon <= calendar.horizon && problem.scenario.system == scenario.system
                && problem.scenario.memory == scenario.memory && problem.scenario.budget == budget
        else { return false }
        for r in replications {
            guard let mine = drawnSeed(r, appThrottle: appThrottle), let theirs = problem.drawnSeed(r, appThrottle: appThrottle),
                mine == theirs
            else { return false }
        }
        guard let step = provider.align.step else { return true }
        // The dates a change of the clock could move: asked of both clocks at every grant.
        guard horizonCharges.count == replications.count else { return false }
        let end = problem.calendar.horizon, mine = calendar.clock, theirs = problem.calendar.clock
        for charges in horizonCharges {
            for t in charges {
                if t > end { break }
                let first = t + provider.firstOffset
                guard mine.nextAligned(after: first, step: step).bitPattern == theirs.nextAligned(after: first, step: step).bitPattern
                else { return false }
            }
        }
        return true
    }

    /// The delay seed of replication `r`'s drawn inputs when they ask for reloads at no time of
    /// their own (``horizonRunsStand(in:spec:replications:appThrottle:horizonCharges:)``); `nil` otherwise, or
    /// when they are not drawn. Read in place: no copy of the inputs.
    private func drawnSeed(_ r: Int, appThrottle: Double?) -> UInt64? {
        for entry in drawnInputs where entry.throttle == appThrottle {
            guard r < entry.inputs.count else { return nil }
            let quiet =
                entry.inputs[r].appRequests.isEmpty && entry.inputs[r].intents.times.isEmpty && entry.inputs[r].foreground.isEmpty
                && entry.inputs[r].lowPower.isEmpty && entry.inputs[r].locationChanges.count == 0
                && entry.inputs[r].unpredictable.times.isEmpty && entry.inputs[r].learningDays == 0
            return quiet ? entry.inputs[r].delaySeed : nil
        }
        return nil
    }
}
