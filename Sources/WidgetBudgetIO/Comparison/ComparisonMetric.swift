import WidgetBudgetKit

/// A metric compared between scenarios: how to read it from a summary, its unit, and which way
/// is better.
public enum ComparisonMetric: String, Sendable, Equatable, CaseIterable {
    case freshness
    case viewFreshness = "view_freshness"
    case meanAge = "mean_age_s"
    case p95Age = "p95_age_s"
    case maxAge = "max_age_s"
    case chargedPerDay = "charged_per_day"
    case exhaustedDays = "exhausted_day_fraction"
    case exhaustedMinutes = "exhausted_minutes_per_day"
    case rendersPerDay = "renders_per_day"
    case kills
    case peakMemory = "peak_memory_mb"

    /// Which way is better.
    public enum Direction: String, Sendable {
        case higher, lower, neither
    }

    /// How values print.
    enum Style {
        /// A fraction shown as a percentage; differences in percentage points.
        case percent
        /// Seconds shown as `42s`, `5.3m`, `2.1h`.
        case duration
        /// Minutes shown as a duration.
        case minutes
        /// A number with one decimal.
        case decimal
        /// A whole number.
        case count
        /// Megabytes with one decimal.
        case megabytes
    }

    /// The metric's name in the comparison table.
    public var label: String {
        switch self {
        case .freshness: return "fresh"
        case .viewFreshness: return "views fresh"
        case .meanAge: return "mean age"
        case .p95Age: return "p95 age"
        case .maxAge: return "max age"
        case .chargedPerDay: return "charged reloads/day"
        case .exhaustedDays: return "days out of budget"
        case .exhaustedMinutes: return "waiting for budget/day"
        case .rendersPerDay: return "renders/day"
        case .kills: return "kills"
        case .peakMemory: return "peak memory"
        }
    }

    /// The unit of the values in `comparison.csv` (those of `summary.csv`).
    public var unit: String {
        switch self {
        case .freshness, .viewFreshness, .exhaustedDays: return "fraction"
        case .meanAge, .p95Age, .maxAge: return "s"
        case .chargedPerDay: return "reloads/day"
        case .exhaustedMinutes: return "min/day"
        case .rendersPerDay: return "renders/day"
        case .kills: return "kills"
        case .peakMemory: return "MB"
        }
    }

    /// Which way is better: fresher, younger, fewer reloads, less waiting, fewer kills, less
    /// memory. Renders are neither: more renders are only the display changing more often.
    public var better: Direction {
        switch self {
        case .freshness, .viewFreshness: return .higher
        case .rendersPerDay: return .neither
        default: return .lower
        }
    }

    var style: Style {
        switch self {
        case .freshness, .viewFreshness, .exhaustedDays: return .percent
        case .meanAge, .p95Age, .maxAge: return .duration
        case .exhaustedMinutes: return .minutes
        case .chargedPerDay, .rendersPerDay: return .decimal
        case .kills: return .count
        case .peakMemory: return .megabytes
        }
    }

    /// The value in a summary (pooled over replications, as `summary.csv` has it); `nil` when the
    /// metric does not apply (views fresh without views).
    public func value(_ s: WidgetSummary) -> Double? {
        switch self {
        case .freshness: return s.freshness
        case .viewFreshness: return s.viewFreshness
        case .meanAge: return s.meanAge
        case .p95Age: return s.p95Age
        case .maxAge: return s.maxAge
        case .chargedPerDay: return s.chargedPerDay
        case .exhaustedDays: return s.exhaustedDayFraction
        case .exhaustedMinutes: return s.exhaustedMinutesPerDay
        case .rendersPerDay: return s.rendersPerDay
        case .kills: return Double(s.kills)
        case .peakMemory: return s.peakMemoryMB
        }
    }

    /// `value` as the table prints it.
    func format(_ value: Double) -> String {
        switch style {
        case .percent: return NumberFormat.fixed(value * 100, 1) + "%"
        case .duration: return Self.duration(value)
        case .minutes: return Self.duration(value * 60)
        case .decimal: return NumberFormat.fixed(value, 1)
        case .count: return NumberFormat.fixed(value, 0)
        case .megabytes: return NumberFormat.fixed(value, 1) + " MB"
        }
    }

    /// A difference as the table prints it, signed: `+75.6 pts`, `−6.9h`.
    func formatDifference(_ d: Double) -> String {
        let sign = d > 0 ? "+" : d < 0 ? "−" : "±"
        let magnitude = abs(d)
        switch style {
        case .percent: return sign + NumberFormat.fixed(magnitude * 100, 1) + " pts"
        case .duration: return sign + Self.duration(magnitude)
        case .minutes: return sign + Self.duration(magnitude * 60)
        case .decimal: return sign + NumberFormat.fixed(magnitude, 1)
        case .count: return sign + NumberFormat.fixed(magnitude, 0)
        case .megabytes: return sign + NumberFormat.fixed(magnitude, 1) + " MB"
        }
    }

    /// Seconds as `0.4s` under 10 s (small ages matter when comparing), else as
    /// ``NumberFormat/humanDuration(_:)``.
    static func duration(_ seconds: Double) -> String {
        seconds > 0 && seconds < 9.95 ? NumberFormat.fixed(seconds, 1) + "s" : NumberFormat.humanDuration(seconds)
    }

    /// Digits kept in `comparison.csv`.
    var csvDigits: Int {
        switch style {
        case .percent: return 6
        case .count: return 0
        default: return 3
        }
    }
}
