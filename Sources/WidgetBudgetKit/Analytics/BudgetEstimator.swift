/// Estimates a widget's daily budget and budget model from its reloads.
///
/// Under budget pressure a due reload waits until budget comes back: a *stall*. Each model says
/// when that is — `rolling-24h`: when the oldest of the last B charged reloads turns 24 h old;
/// `midnight`: at local midnight; `token-bucket`: when the bucket has refilled one token. The
/// estimator replays the charged reloads of the log through each model for every plausible B and
/// counts the observations it gets wrong ("misfits"):
/// - a stall whose end the model does not predict within ``DeviceLogAnalysisSettings/resumeTolerance``
///   (or a stall the model says should not have happened: budget was left);
/// - a charged reload the model would have refused (B too small for what the log shows).
///
/// Per model the best B has the fewest misfits, then the smallest mean error; the models are
/// ranked the same way. Every stall proves that B charged reloads were in use, so with any stall
/// B lies between half the busiest 24 hours (midnight and token bucket can grant up to 2B in a
/// day) and the busiest 24 hours themselves; those are the candidates.
enum BudgetEstimator {
    /// Errors beyond this count as this much in the mean (one wild stall must not decide).
    static let errorCap = 6 * Seconds.hour

    /// The stalls among `reloads`: reloads asked for (policy or app) that came more than
    /// `settings.stallThreshold` after they could have run.
    static func stalls(in reloads: [ReloadObservation], chargedTimes: [Double], settings: DeviceLogAnalysisSettings)
        -> [(index: Int, stall: BudgetStall)]
    {
        var out: [(Int, BudgetStall)] = []
        for (i, r) in reloads.enumerated() {
            let trigger: BudgetStall.Trigger
            switch r.cause {
            case .policy, .policyAndApp: trigger = .policy
            case .app: trigger = .app
            case .retry: trigger = .retry
            case .first, .unprompted, .unknown: continue
            }
            let start = r.waitStart
            guard r.time - start > settings.stallThreshold else { continue }
            var foreground: Double?
            if !r.charged {
                // Free because the app came to the foreground: ended by the app if the session began
                // during the wait; a session already open when it was due makes it no budget stall.
                guard r.foregroundStart > start else { continue }
                foreground = r.foregroundStart
            }
            let in24h = count(chargedTimes, after: start - Seconds.day, upTo: start)
            let midnight = Double(LocalTime.day(start, offset: r.offset)) * Seconds.day - r.offset
            let sinceMidnight = count(chargedTimes, after: midnight - 1e-6, upTo: start)
            out.append(
                (
                    i,
                    BudgetStall(
                        start: start, end: r.time, utcOffset: r.offset, trigger: trigger, foregroundStart: foreground,
                        chargedIn24h: in24h, chargedSinceMidnight: sinceMidnight)
                ))
        }
        return out
    }

    /// The budget estimate for one widget.
    static func estimate(_ reloads: [ReloadObservation], settings: DeviceLogAnalysisSettings) -> BudgetEstimate {
        var chargedTimes: [Double] = []
        var perDay: [Int: Int] = [:]
        for r in reloads where r.charged {
            chargedTimes.append(r.time)
            perDay[r.day, default: 0] += 1
        }
        var busiest = 0
        var busiestEnd: Double?
        var lo = 0
        for (hi, t) in chargedTimes.enumerated() {
            while chargedTimes[lo] <= t - Seconds.day { lo += 1 }
            if hi - lo + 1 > busiest {
                busiest = hi - lo + 1
                busiestEnd = t
            }
        }

        let found = stalls(in: reloads, chargedTimes: chargedTimes, settings: settings)
        var estimate = BudgetEstimate(
            maxChargedIn24h: busiest, busiestWindowEnd: busiestEnd, maxChargedPerDay: perDay.values.max() ?? 0,
            stalls: found.map(\.stall), fits: [])
        guard !found.isEmpty, busiest > 0 else { return estimate }

        let indices = found.map(\.index)
        let low = Swift.max(1, (busiest + 1) / 2 - 1)
        let high = busiest + 1
        var fits: [BudgetModelFit] = []
        for model in BudgetModel.allCases {
            fits.append(fit(model, candidates: low...high, reloads: reloads, stalls: estimate.stalls, at: indices, settings: settings))
        }
        fits.sort { a, b in
            if a.misfits != b.misfits { return a.misfits < b.misfits }
            if abs(a.meanError - b.meanError) >= 1 { return a.meanError < b.meanError }
            return BudgetModel.allCases.firstIndex(of: a.model)! < BudgetModel.allCases.firstIndex(of: b.model)!
        }
        estimate.fits = fits
        for fit in fits {
            let run = evaluate(
                fit.model, daily: fit.daily, reloads: reloads, stalls: estimate.stalls, at: indices, settings: settings,
                recordPredictions: true)
            for (s, predicted) in run.predicted.enumerated() { estimate.stalls[s].predictedEnd[fit.model] = predicted }
        }
        return estimate
    }

    /// The best B for `model` among `candidates`, and the budgets nearly as good.
    ///
    /// Wide ranges are searched coarse to fine: every `step`-th budget first, then every budget
    /// around the best, widening while the neighbours stay within the interval's slack.
    static func fit(
        _ model: BudgetModel, candidates: ClosedRange<Int>, reloads: [ReloadObservation], stalls: [BudgetStall], at indices: [Int],
        settings: DeviceLogAnalysisSettings
    ) -> BudgetModelFit {
        var results: [Int: Evaluation] = [:]
        func run(_ b: Int) -> Evaluation {
            if let done = results[b] { return done }
            let e = evaluate(model, daily: b, reloads: reloads, stalls: stalls, at: indices, settings: settings)
            results[b] = e
            return e
        }
        func better(_ a: Int, than b: Int) -> Bool {
            let x = run(a), y = run(b)
            if x.misfits != y.misfits { return x.misfits < y.misfits }
            if abs(x.meanError - y.meanError) >= 1e-9 { return x.meanError < y.meanError }
            return a < b
        }
        let step = Swift.max(1, candidates.count / 32)
        var best = candidates.lowerBound
        for b in stride(from: candidates.lowerBound, through: candidates.upperBound, by: step) where better(b, than: best) { best = b }
        for b in Swift.max(candidates.lowerBound, best - step)...Swift.min(candidates.upperBound, best + step) where better(b, than: best) {
            best = b
        }
        let slack = Swift.max(1, stalls.count / 10)
        let limit = run(best).misfits + slack
        var lower = best, upper = best
        while lower > Swift.max(1, candidates.lowerBound - 1) && run(lower - 1).misfits <= limit { lower -= 1 }
        while upper < candidates.upperBound + 1 && run(upper + 1).misfits <= limit { upper += 1 }
        let e = run(best)
        return BudgetModelFit(
            model: model, daily: best, interval: lower...upper, stallsExplained: e.explained, stalls: stalls.count,
            violations: e.violations, meanError: e.meanError)
    }

    /// One replay's tally.
    struct Evaluation {
        var explained = 0
        var violations = 0
        var errorSum = 0.0
        var budgetEnded = 0
        var stalls = 0
        var predicted: [Double?] = []

        var misfits: Int { stalls - explained + violations }
        var meanError: Double { budgetEnded == 0 ? 0 : errorSum / Double(budgetEnded) }
    }

    /// Replays the charged reloads through `model` with budget `daily`, checking each stall (at
    /// reload `indices[s]`) against the model's budget-back instant.
    static func evaluate(
        _ model: BudgetModel, daily: Int, reloads: [ReloadObservation], stalls: [BudgetStall], at indices: [Int],
        settings: DeviceLogAnalysisSettings, recordPredictions: Bool = false
    ) -> Evaluation {
        var replay = ReloadBudget(model: model, daily: max(1, daily))
        var e = Evaluation()
        e.stalls = stalls.count
        var next = 0
        let tolerance = settings.resumeTolerance
        for (i, r) in reloads.enumerated() {
            while next < indices.count && indices[next] == i {
                let stall = stalls[next]
                let back = replay.nextAvailable(afterUnixTime: stall.start, utcOffset: stall.utcOffset)
                if let foreground = stall.foregroundStart {
                    // Ended by the app: the model must agree the budget was not back before.
                    if back > stall.start && back >= foreground - tolerance { e.explained += 1 }
                } else {
                    let error = abs(stall.end - back)
                    if error <= tolerance { e.explained += 1 }
                    e.errorSum += Swift.min(error, errorCap)
                    e.budgetEnded += 1
                }
                if recordPredictions { e.predicted.append(back) }
                next += 1
            }
            if r.charged {
                let window = replay.window(unixTime: r.time, utcOffset: r.offset)
                if !replay.isAvailable(at: r.time + 1, window: window) { e.violations += 1 }
                replay.charge(at: r.time, window: window)
            }
        }
        return e
    }

    /// The number of `times` (ascending) in `(a, b]`.
    static func count(_ times: [Double], after a: Double, upTo b: Double) -> Int {
        Swift.max(0, upperIndex(times, b) - upperIndex(times, a))
    }

    /// The index of the first element greater than `t`.
    static func upperIndex(_ times: [Double], _ t: Double) -> Int {
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
