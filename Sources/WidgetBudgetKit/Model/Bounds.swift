/// The ranges every number from a scenario, a device log, a trace or a command-line option must
/// lie in before it reaches arithmetic. One table, documented in `docs/limits.md`.
///
/// The ranges are wide enough for any real widget (a budget of 40–70, timelines of minutes to
/// days, a few hundred entries) and narrow enough that no product of them overflows an `Int` or
/// loses its integer precision in a `Double` (2^53): the longest duration, 10 years, is 3.2e8 s.
public enum Bounds {
    /// The most days a scenario may simulate (10 years).
    public static let maxDays = 3660
    /// The largest timeline a scenario may declare (entries).
    public static let maxEntries = 100_000
    /// The most replications of a scenario.
    public static let maxReplications = 100_000
    /// The longest duration anywhere (spacings, offsets, delays, policies, intervals): 10 years,
    /// in seconds.
    public static let maxDuration: Double = 3660 * 86_400
    /// The shortest non-zero duration: 1 ms, in seconds.
    public static let minPositiveDuration: Double = 0.001
    /// The largest daily reload budget (WidgetKit's is 40–70).
    public static let maxDailyBudget = 100_000
    /// Memory sizes (limit, base) in MB: up to 1 TB.
    public static let memoryMB: ClosedRange<Double> = 0...1_000_000
    /// Memory per timeline entry, in KB: up to 1 GB.
    public static let perEntryKB: ClosedRange<Double> = 0...1_000_000
    /// Event rates (Poisson, fill rates), per hour: up to 1000 a second.
    public static let ratePerHour: ClosedRange<Double> = 0...3_600_000
    /// Any other number (levels of an until-full provider): ±1e12.
    public static let number: ClosedRange<Double> = -1e12...1e12
    /// The calendar years a scenario may start in.
    public static let years: ClosedRange<Int> = 1970...2200
    /// The most simulated widget-days (days × replications × widgets) a run may ask for without
    /// `--force`.
    public static let maxWidgetDays = 5_000_000
    /// The most events a run may handle without `--force`: views, content changes, app calls,
    /// reloads and the entries they render, counted from the scenario (``WorkEstimate``).
    public static let maxEvents = 1_000_000_000
    /// The most widgets (kind and family pairs) `analyze` accepts in its logs without `--force`.
    public static let maxLogWidgets = 1000
    /// The most rows a run may write to `events.csv` without `--force` (about 1 GB).
    public static let maxEventRows = 10_000_000
    /// Simulated widget-days per second assumed for the time estimate (docs/performance-history.md, "Figures"
    /// measured 35,000–83,000 on 2 cores; the lower figure, halved for metrics and output).
    public static let widgetDaysPerSecond: Double = 17_500
    /// The longest line (record) of a trace or a device log, in bytes.
    public static let maxRecordBytes = 64 * 1024
    /// The largest trace or device log read, in bytes (1 GiB).
    public static let maxInputFileBytes = 1 << 30
    /// The longest file name made from a scenario or widget name, in bytes (before any suffix).
    public static let maxNameBytes = 64

    /// `value` when it is finite and within `range`, else `nil`.
    public static func checked(_ value: Double, in range: ClosedRange<Double>) -> Double? {
        value.isFinite && range.contains(value) ? value : nil
    }

    /// `true` for a duration within `0...maxDuration`, or `-maxDuration...maxDuration` when
    /// `signed`.
    public static func isDuration(_ seconds: Double, signed: Bool = false) -> Bool {
        seconds.isFinite && abs(seconds) <= maxDuration && (signed || seconds >= 0)
    }

    /// `value` converted to `Int`, clamped to `Int`'s range (NaN becomes 0): a conversion that
    /// can never trap.
    @inline(__always)
    public static func saturatingInt(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value)
    }
}
