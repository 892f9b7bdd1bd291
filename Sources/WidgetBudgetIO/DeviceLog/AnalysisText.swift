import WidgetBudgetKit

/// The sentences and short forms shared by the analysis report, the printed summary and the
/// calibrated scenario's comments.
public enum AnalysisText {
    /// A duration for prose: `42s`, `5.3m`, `2.1h`; `–` when unknown.
    public static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "–" }
        return seconds < 0 ? "-" + NumberFormat.humanDuration(-seconds) : NumberFormat.humanDuration(seconds)
    }

    /// A delay distribution in words: `uniform 0s–3m`, `exponential, mean 45s`, `constant 30s`.
    public static func delay(_ d: DelayDistribution) -> String {
        switch d {
        case let .constant(c): return "constant " + DurationFormat.string(c)
        case let .uniform(a, b): return "uniform " + DurationFormat.string(a) + "–" + DurationFormat.string(b)
        case let .exponential(mean): return "exponential, mean " + DurationFormat.string(mean)
        }
    }

    /// A delay distribution in scenario notation: `{uniform: [0s, 3m]}`, `{exponential: 45s}`, `30s`.
    public static func delayYAML(_ d: DelayDistribution) -> String {
        switch d {
        case let .constant(c): return DurationFormat.string(c)
        case let .uniform(a, b): return "{uniform: [" + DurationFormat.string(a) + ", " + DurationFormat.string(b) + "]}"
        case let .exponential(mean): return "{exponential: " + DurationFormat.string(mean) + "}"
        }
    }

    /// The budget in words: `45 (rolling-24h; 44–46)`, or `≥ 38 (never reached)`.
    public static func budgetShort(_ b: BudgetEstimate) -> String {
        guard let fit = b.fits.first else { return "≥ \(b.maxChargedIn24h) (never reached)" }
        guard b.explained else { return "≥ \(b.maxChargedIn24h) (stalls unexplained)" }
        let range = fit.interval.lowerBound == fit.interval.upperBound ? "" : "; \(fit.interval.lowerBound)–\(fit.interval.upperBound)"
        return "\(fit.daily) (\(fit.model.rawValue)\(b.undecided ? "?" : "")\(range))"
    }

    /// What the log says about the budget, in a few sentences.
    public static func budgetVerdict(_ b: BudgetEstimate, settings: DeviceLogAnalysisSettings) -> String {
        let busiest = "The busiest 24 hours held \(b.maxChargedIn24h) charged reload\(b.maxChargedIn24h == 1 ? "" : "s")"
        guard let best = b.fits.first else {
            return "No reload stalled (waited over \(DurationFormat.string(settings.stallThreshold)) after it was due): the budget was "
                + "never reached. \(busiest), so B ≥ \(b.maxChargedIn24h); which model applies cannot be told."
        }
        var text =
            "\(b.stalls.count) stall\(b.stalls.count == 1 ? "" : "s") (reloads that waited over "
            + "\(DurationFormat.string(settings.stallThreshold)) after they could have run). \(busiest). "
        guard b.explained else {
            return text + "No budget model explains the stalls: the best, \(best.model.rawValue) with B = \(best.daily), gets "
                + fitWords(best) + ". They are most likely not budget waits (WidgetKit ignoring the app's requests, low-power "
                + "delays), so all the log says is B ≥ \(b.maxChargedIn24h)."
        }
        text += "Best explained by \(best.model.rawValue) with B = \(best.daily)"
        if best.interval.lowerBound != best.interval.upperBound { text += " (\(best.interval.lowerBound)–\(best.interval.upperBound))" }
        text += ": " + fitWords(best) + "."
        if b.fits.count > 1 {
            let runner = b.fits[1]
            if b.undecided {
                text += " \(runner.model.rawValue) (B = \(runner.daily)) explains them exactly as well: the log cannot tell the two apart."
            } else {
                text += " Next: \(runner.model.rawValue) (B = \(runner.daily)): " + fitWords(runner) + "."
            }
        }
        return text
    }

    /// `14 of 14 stalls explained, 0 refused reloads, mean error 0s`.
    public static func fitWords(_ f: BudgetModelFit) -> String {
        "\(f.stallsExplained) of \(f.stalls) stalls explained, \(f.violations) reload\(f.violations == 1 ? "" : "s") it would have "
            + "refused, mean error \(duration(f.meanError))"
    }

    /// What the log says about lateness, in a few sentences.
    public static func latenessVerdict(_ l: LatenessSummary) -> String {
        guard l.count > 0 else { return "No reload came when a logged policy asked for it: lateness cannot be measured." }
        var text =
            "\(l.count) reload\(l.count == 1 ? "" : "s") came a median \(duration(l.median)) after their policy asked "
            + "(p90 \(duration(l.p90)), p99 \(duration(l.p99)), max \(duration(l.max))). "
        text += "Median 04:00–16:00: \(duration(l.firstHalfMedian)); 16:00–04:00: \(duration(l.secondHalfMedian))"
        if let rho = l.timeOfDayCorrelation { text += "; rank correlation with the time of day ρ = " + NumberFormat.fixed(rho, 2) }
        text += l.growsLateInDay ? ": lateness grows late in the day, a sign of budget pressure." : ": no growth late in the day."
        return text
    }

    /// What the delay estimate says, in a sentence.
    public static func delayVerdict(_ d: DelayEstimate, what: String) -> String {
        guard d.median != nil else { return "\(what): no reload came exactly when asked for; nothing to fit." }
        var text =
            "\(what) (Turnbull's estimator over \(d.exactCount) exact and \(d.censoredCount) censored values): median \(duration(d.median)), "
            + "p90 \(duration(d.p90)), p99 \(duration(d.p99)), max \(duration(d.max))"
        if let fit = d.fitted { text += "; fits " + delay(fit) + " (KS distance " + NumberFormat.fixed(d.fitDistance ?? 0, 2) + ")" }
        return text + "."
    }

    /// The memory fit in a sentence: the line, its interval, the limit and what bounds it, as
    /// `analysis.md` shows it above the `log-memory` figure.
    public static func memoryFit(_ m: MemoryCalibration) -> String {
        let mb = { (x: Double) in NumberFormat.fixed(x, 1) + " MB" }
        var line: String
        if m.baseFitted {
            let interval = m.perEntryInterval.map {
                " (95 % interval " + NumberFormat.fixed($0.lowerBound, 1) + "–" + NumberFormat.fixed($0.upperBound, 1) + " KB)"
            }
            line =
                "Memory fit: \(mb(m.baseMB)) + \(NumberFormat.fixed(m.perEntryKB, 1)) KB per entry\(interval ?? ""), "
                + "a Theil–Sen line through the median footprint of \(m.sizes) timeline sizes (\(m.timelines) timelines)."
        } else {
            line =
                "Memory fit: \(NumberFormat.fixed(m.perEntryKB, 1)) KB per entry over an assumed base of \(mb(m.baseMB)) "
                + "(fewer than \(MemoryCalibration.minimumSizes) timeline sizes: the line is not identified)."
        }
        switch (m.limitLower, m.limitUpper) {
        case let (lo?, hi?) where lo < hi:
            line += " Limit to simulate: \(mb(m.limitMB)) (rendered up to \(mb(lo)), killed from \(mb(hi)))."
        case let (_, hi?):
            line += " Limit to simulate: \(mb(m.limitMB)) (killed from \(mb(hi)))."
        case let (lo?, nil):
            line += " Limit to simulate: \(mb(m.limitMB)) (no kill; rendered up to \(mb(lo)))."
        case (nil, nil):
            line += " Limit to simulate: \(mb(m.limitMB))."
        }
        return m.uncertain ? line + " UNCERTAIN: few samples." : line
    }
}
