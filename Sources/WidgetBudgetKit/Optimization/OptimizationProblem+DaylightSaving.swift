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
    func daylightSavingShortfall(_ spec: ProviderSpec, replications: [Int], appThrottle: Double?) -> DaylightSavingDay? {
        let detail = RunDetail.grantsOnly
        for day in daylightSavingDays {
            guard let problem = day.problem else { continue }
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
}
