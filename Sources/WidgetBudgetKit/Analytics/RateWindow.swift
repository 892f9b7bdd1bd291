/// A stretch of the day over which events (views, content changes) came at one Poisson rate.
///
/// ``windows(counts:coveredHours:)`` estimates the rate of each hour of the day (events in that
/// hour over the hours of it the log covers) with its 95 % interval, and merges neighbouring hours
/// whose intervals overlap the window's pooled interval, left to right from midnight: a few windows
/// where the rate really differs by time of day, instead of 24 items or one flat rate.
public struct RateWindow: Sendable, Equatable {
    /// The first hour, 0…23.
    public var startHour: Int
    /// The hour after the last, 1…24.
    public var endHour: Int
    /// Events in the window over the whole log.
    public var count: Int
    /// Hours of the window the log covers.
    public var coveredHours: Double

    /// Creates a window of `count` events over `coveredHours` hours observed.
    public init(startHour: Int, endHour: Int, count: Int, coveredHours: Double) {
        self.startHour = startHour
        self.endHour = endHour
        self.count = count
        self.coveredHours = coveredHours
    }

    /// Events per hour.
    public var perHour: Double { coveredHours > 0 ? Double(count) / coveredHours : 0 }

    /// The 95 % interval of the rate, events per hour: the variance-stabilised Poisson interval
    /// `(√n ± 1.96 / 2)² / hours` (exact enough from a handful of events on).
    public var interval: ClosedRange<Double> { Self.interval(count: count, hours: coveredHours) }

    /// Fewer events than this make a window's rate uncertain.
    public static let minimumCount = 10

    /// See ``interval``.
    static func interval(count: Int, hours: Double) -> ClosedRange<Double> {
        guard hours > 0 else { return 0...Double.infinity }
        let root = Double(count).squareRoot()
        let low = root > 0.98 ? (root - 0.98) * (root - 0.98) : 0
        let high = (root + 0.98) * (root + 0.98)
        return (low / hours)...(high / hours)
    }

    /// The windows of `counts` (events per hour of the day) over `coveredHours` (hours of each hour
    /// of the day observed). Hours the log never covered join the window they fall in.
    public static func windows(counts: [Int], coveredHours: [Double]) -> [RateWindow] {
        precondition(counts.count == 24 && coveredHours.count == 24, "RateWindow.windows needs 24 hours")
        var out: [RateWindow] = []
        for h in 0..<24 {
            let hour = RateWindow(startHour: h, endHour: h + 1, count: counts[h], coveredHours: coveredHours[h])
            if var last = out.last, hour.coveredHours == 0 || last.coveredHours == 0 || last.interval.overlaps(hour.interval) {
                last.endHour = h + 1
                last.count += hour.count
                last.coveredHours += hour.coveredHours
                out[out.count - 1] = last
            } else {
                out.append(hour)
            }
        }
        return out
    }
}
