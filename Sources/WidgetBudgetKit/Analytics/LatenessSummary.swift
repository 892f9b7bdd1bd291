/// How late reloads came: each reload that came when the previous timeline's policy asked for one
/// (or later), against that time (`.atEnd`: the last entry; `.after(d)`: `d`; never before the
/// reload that returned it). Reloads well before it (brought by the app, or WidgetKit's own) are
/// not late and not counted. The lateness includes every wait: WidgetKit's delay, the minimum
/// interval, the budget; ``DelayEstimate`` takes the waits out.
public struct LatenessSummary: Sendable, Equatable {
    /// Reloads that came when (or after) their policy was due.
    public var count: Int
    /// Median lateness, seconds.
    public var median: Double?
    /// 90th percentile, seconds.
    public var p90: Double?
    /// 99th percentile, seconds.
    public var p99: Double?
    /// The latest, seconds.
    public var max: Double?
    /// Lateness at the 5 %, 10 %, …, 95 % and 99 % points: (p, seconds).
    public var quantiles: [(p: Double, value: Double)]
    /// Median lateness from 04:00 to 16:00 local time, seconds.
    public var firstHalfMedian: Double?
    /// Median lateness from 16:00 to 04:00, seconds.
    public var secondHalfMedian: Double?
    /// Spearman's rank correlation between the time of the user's day (hours since 04:00) and
    /// lateness: near 0 when lateness does not depend on the hour, towards 1 when it grows through
    /// the day (budget pressure).
    public var timeOfDayCorrelation: Double?

    /// Equal when every statistic is equal (the quantile tuples compared by value; their points are fixed).
    public static func == (a: LatenessSummary, b: LatenessSummary) -> Bool {
        a.count == b.count && a.median == b.median && a.p90 == b.p90 && a.p99 == b.p99 && a.max == b.max
            && a.firstHalfMedian == b.firstHalfMedian && a.secondHalfMedian == b.secondHalfMedian
            && a.timeOfDayCorrelation == b.timeOfDayCorrelation && a.quantiles.map(\.value) == b.quantiles.map(\.value)
    }

    /// True when lateness clearly grows through the day: a correlation of at least 0.2 over at
    /// least 20 reloads.
    public var growsLateInDay: Bool {
        count >= 20 && (timeOfDayCorrelation ?? 0) >= 0.2
    }

    /// Spearman's correlation is computed on at most this many reloads, evenly spread.
    static let correlationSample = 100_000

    /// The summary of lateness values `(seconds after local midnight, lateness in seconds)`.
    init(_ samples: [(secondsOfDay: Float, lateness: Float)]) {
        count = samples.count
        let sorted = samples.map { Double($0.lateness) }.sorted()
        median = Quantiles.of(sorted: sorted, 0.5)
        p90 = Quantiles.of(sorted: sorted, 0.9)
        p99 = Quantiles.of(sorted: sorted, 0.99)
        max = sorted.last
        let points = stride(from: 0.05, through: 0.951, by: 0.05).map { $0 } + [0.99]
        quantiles = sorted.isEmpty ? [] : points.map { p in (p: p, value: Quantiles.of(sorted: sorted, p) ?? 0) }
        // The user's day runs from 04:00: reloads after midnight belong to the evening before.
        func dayTime(_ s: Double) -> Double { (s - 4 * Seconds.hour + Seconds.day).truncatingRemainder(dividingBy: Seconds.day) }
        var first: [Double] = [], second: [Double] = []
        for s in samples {
            if dayTime(Double(s.secondsOfDay)) < 12 * Seconds.hour {
                first.append(Double(s.lateness))
            } else {
                second.append(Double(s.lateness))
            }
        }
        firstHalfMedian = Quantiles.median(first)
        secondHalfMedian = Quantiles.median(second)
        let step = Swift.max(1, samples.count / Self.correlationSample)
        let spread = stride(from: 0, to: samples.count, by: step).map { samples[$0] }
        timeOfDayCorrelation = Quantiles.spearman(spread.map { dayTime(Double($0.secondsOfDay)) }, spread.map { Double($0.lateness) })
    }
}
