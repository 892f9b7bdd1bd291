/// A reload that waited far longer than WidgetKit's usual delay after it was due: most likely the
/// budget was spent, and the reload ran when budget came back (or when the app came to the
/// foreground, which makes reloads free).
public struct BudgetStall: Sendable, Equatable, Codable {
    /// What had asked for the reload.
    public enum Trigger: String, Sendable, Equatable, Codable {
        /// The timeline's policy.
        case policy
        /// The app.
        case app
        /// WidgetKit's retry after a kill.
        case retry
    }

    /// When the reload could have run: it was due (or requested by the app) and the minimum
    /// reload interval had passed. Unix seconds.
    public var start: Double
    /// When it came, Unix seconds.
    public var end: Double
    /// The UTC offset at `start`, seconds.
    public var utcOffset: Double
    /// What had asked for the reload.
    public var trigger: Trigger
    /// The start of the foreground session in which the reload came for free, when it did: then the
    /// stall ended by the app, not by budget coming back.
    public var foregroundStart: Double?
    /// Charged reloads in the 24 hours up to `start` (B, if the budget is a rolling 24-hour window).
    public var chargedIn24h: Int
    /// Charged reloads since local midnight up to `start` (B, if the budget resets at midnight).
    public var chargedSinceMidnight: Int
    /// When each model, at its best budget, says budget came back (`nil` until fitted).
    public var predictedEnd = ModelPredictions()

    /// How long the reload waited, seconds.
    public var duration: Double { end - start }

    /// True when the app's foreground session, not the budget, ended the stall.
    public var endedByForeground: Bool { foregroundStart != nil }
}

/// How well one budget model, at its best daily budget, explains a widget's stalls.
public struct BudgetModelFit: Sendable, Equatable, Codable {
    /// The model.
    public var model: BudgetModel
    /// The daily budget B that explains the log best under this model.
    public var daily: Int
    /// The budgets that explain it (almost) as well: at most `max(1, stalls / 10)` more misfits.
    public var interval: ClosedRange<Int>
    /// Stalls whose end the model predicts within the tolerance (or, for stalls ended by the app's
    /// foreground, that the model agrees were still out of budget).
    public var stallsExplained: Int
    /// Stalls in all.
    public var stalls: Int
    /// Charged reloads the model would have refused: the log shows more budget than it allows.
    public var violations: Int
    /// Mean |predicted − actual end| over the stalls ended by budget, seconds (each capped at 6 h).
    public var meanError: Double

    /// Observations the model gets wrong: unexplained stalls plus refused reloads.
    public var misfits: Int { stalls - stallsExplained + violations }
}

/// What a log says about a widget's daily budget: the busiest 24 hours, the stalls, and which
/// budget model and daily budget B explain them.
public struct BudgetEstimate: Sendable, Equatable, Codable {
    /// The most charged reloads in any 24-hour window.
    public var maxChargedIn24h: Int
    /// The end of that window (the time of its last reload), Unix seconds.
    public var busiestWindowEnd: Double?
    /// The most charged reloads in one local calendar day.
    public var maxChargedPerDay: Int
    /// Every stall, in time order.
    public var stalls: [BudgetStall]
    /// One fit per model, best first (empty when nothing stalled: then B ≥ ``maxChargedIn24h`` is
    /// all the log says).
    public var fits: [BudgetModelFit]

    /// The model that explains the stalls best; `nil` without stalls, or when no model explains
    /// them (see ``explained``).
    public var model: BudgetModel? { explained ? fits.first?.model : nil }
    /// The estimated daily budget; `nil` without stalls, or when no model explains them.
    public var daily: Int? { explained ? fits.first?.daily : nil }
    /// True when the best model explains at least half the stalls and refuses fewer reloads than
    /// it explains stalls; otherwise the stalls are most likely not budget waits (WidgetKit ignoring
    /// the app's requests, low-power delays) and ``model``/``daily`` mean little.
    public var explained: Bool {
        guard let best = fits.first else { return false }
        return 2 * best.stallsExplained >= best.stalls && best.violations < Swift.max(1, best.stallsExplained)
    }

    /// True when the runner-up explains the stalls exactly as well: the log cannot tell them apart.
    public var undecided: Bool {
        fits.count > 1 && fits[0].misfits == fits[1].misfits && abs(fits[0].meanError - fits[1].meanError) < 1
    }
}
