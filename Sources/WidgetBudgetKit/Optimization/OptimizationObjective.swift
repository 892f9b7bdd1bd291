/// What the optimizer makes best, measured at a candidate's worst budget.
public enum OptimizationObjective: String, Sendable, Equatable, CaseIterable, Codable {
    /// The time-weighted mean age, seconds (lower is better).
    case meanAge = "mean-age"
    /// The time-weighted 95th percentile of age, seconds (lower is better).
    case p95Age = "p95-age"
    /// The fraction of the user's views that saw fresh content (higher is better).
    case viewFreshness = "view-freshness"
    /// The fraction of time the display was fresh (higher is better).
    case freshness

    /// True for fractions to maximise, false for ages to minimise.
    public var higherIsBetter: Bool {
        self == .viewFreshness || self == .freshness
    }

    /// Decimals kept in `candidates.csv` (and compared): 2 for ages in seconds, 6 for fractions.
    public var decimals: Int {
        higherIsBetter ? 6 : 2
    }

    /// The objective's value in a summary, rounded to ``decimals`` (views missing count as 0).
    public func value(of summary: WidgetSummary) -> Double {
        let raw: Double
        switch self {
        case .meanAge: raw = summary.meanAge
        case .p95Age: raw = summary.p95Age
        case .viewFreshness: raw = summary.viewFreshness ?? 0
        case .freshness: raw = summary.freshness
        }
        return Quantize.round(raw, decimals)
    }

    /// The value turned into a loss: lower is better whatever the objective.
    public func loss(_ value: Double) -> Double {
        higherIsBetter ? -value : value
    }

    /// A short phrase for reports: `mean age`, `views that saw fresh content`.
    public var phrase: String {
        switch self {
        case .meanAge: return "mean age"
        case .p95Age: return "95th-percentile age"
        case .viewFreshness: return "views that saw fresh content"
        case .freshness: return "time fresh"
        }
    }
}
