/// The widget extension's memory model fitted from a device log: `base_mb + entries × per_entry_kb`
/// from the (entries, `memory_mb`) pairs of its timelines, and the limit from its likely kills.
///
/// The line is fitted by Theil–Sen over the median footprint of each timeline size: the slope is
/// the median of the slopes between every two sizes, the base the median of `mb − slope × entries`.
/// It shrugs off the odd spike (a footprint logged during a large image decode) that would drag a
/// least-squares line. The slope's interval is Sen's distribution-free 95 % interval from the
/// ranks of the pairwise slopes (Kendall's τ); with fewer than ``minimumSizes`` sizes the line is
/// not identified: the base is assumed (the scenario default, 6 MB) and the per-entry cost comes
/// from the footprint of the size seen.
///
/// The limit lies between the fitted footprint of the largest size that rendered and that of the
/// smallest size that was mostly killed: Apple's typical 30 MB when it lies in that interval,
/// otherwise its middle (or just under the smallest killed, or just over the largest rendered,
/// when only one side is seen).
public struct MemoryCalibration: Sendable, Equatable {
    /// Fewer timeline sizes than this leave the line unidentified (one size fixes one point).
    public static let minimumSizes = 3
    /// Fewer timelines with `memory_mb` than this make every number uncertain.
    public static let minimumTimelines = 10
    /// The limit developers report for iOS widget extensions, MB: used when the log allows it.
    public static let typicalLimitMB = 30.0
    /// The scenario's default base footprint, MB: assumed when the line is not identified.
    public static let assumedBaseMB = 6.0

    /// Memory before any entry, MB.
    public var baseMB: Double
    /// Memory per entry, KB.
    public var perEntryKB: Double
    /// Sen's 95 % interval of `perEntryKB` (`nil` when the line is not identified).
    public var perEntryInterval: ClosedRange<Double>?
    /// True when the base came from the fit, false when assumed.
    public var baseFitted: Bool
    /// The limit to simulate, MB.
    public var limitMB: Double
    /// What the log says about the limit: above `lower` (a size that rendered), at most `upper`
    /// (a size that was killed), fitted footprints in MB.
    public var limitLower: Double?
    /// See ``limitLower``.
    public var limitUpper: Double?
    /// Timeline sizes with a logged footprint.
    public var sizes: Int
    /// Timelines with a logged footprint.
    public var timelines: Int

    /// True when the numbers rest on fewer samples than the documented minimums.
    public var uncertain: Bool { sizes < Self.minimumSizes || timelines < Self.minimumTimelines }

    /// The fitted footprint of a timeline of `entries` entries, MB.
    public func footprint(entries: Int) -> Double { baseMB + Double(entries) * perEntryKB / 1024 }

    /// Fits the model to `sizes` (one row per timeline size), or `nil` when no row has a footprint.
    public static func fit(_ sizes: [TimelineSizeMemory]) -> MemoryCalibration? {
        let points = sizes.compactMap { s -> (n: Double, mb: Double, timelines: Int, killed: Bool)? in
            guard let n = s.entries, let mb = s.medianMB else { return nil }
            return (Double(n), mb, s.timelines, s.likelyKills * 2 > s.timelines)
        }
        guard !points.isEmpty else { return nil }
        let timelines = points.reduce(0) { $0 + $1.timelines }
        var slopes: [Double] = []
        for i in points.indices {
            for j in points.indices where j > i && points[j].n != points[i].n {
                slopes.append((points[j].mb - points[i].mb) / (points[j].n - points[i].n))
            }
        }
        slopes.sort()
        var base = assumedBaseMB
        var perEntryMB: Double
        var interval: ClosedRange<Double>?
        let fitted = points.count >= minimumSizes && !slopes.isEmpty
        if fitted {
            perEntryMB = Swift.max(0, Quantiles.of(sorted: slopes, 0.5) ?? 0)
            base = Swift.max(0, Quantiles.median(points.map { $0.mb - perEntryMB * $0.n }) ?? assumedBaseMB)
            interval = senInterval(slopes, points: points.count).map { (Swift.max(0, $0.lowerBound) * 1024)...($0.upperBound * 1024) }
        } else {
            // One point (or one size): the line through it and the assumed base.
            let widest = points.max { $0.n < $1.n }!
            base = Swift.min(assumedBaseMB, points.map(\.mb).min()!)
            perEntryMB = widest.n > 0 ? Swift.max(0, (widest.mb - base) / widest.n) : 0
        }
        var calibration = MemoryCalibration(
            baseMB: base, perEntryKB: perEntryMB * 1024, perEntryInterval: interval, baseFitted: fitted, limitMB: typicalLimitMB,
            limitLower: nil, limitUpper: nil, sizes: points.count, timelines: timelines)
        let rendered = points.filter { !$0.killed }.map { calibration.footprint(entries: Int($0.n)) }
        let killed = points.filter(\.killed).map { calibration.footprint(entries: Int($0.n)) }
        calibration.limitLower = rendered.max()
        calibration.limitUpper = killed.min()
        calibration.limitMB = limit(lower: calibration.limitLower, upper: calibration.limitUpper)
        return calibration
    }

    /// The limit for a footprint that rendered up to `lower` and was killed from `upper`.
    static func limit(lower: Double?, upper: Double?) -> Double {
        let typical = typicalLimitMB
        switch (lower, upper) {
        case let (lo?, hi?) where lo < hi:
            return typical >= lo && typical < hi ? typical : (lo + hi) / 2
        case let (_, hi?):
            // Killed at `hi` (and a larger size rendered, if any: kills for another reason).
            return typical < hi ? typical : hi - 0.1
        case let (lo?, nil):
            return Swift.max(typical, lo)
        case (nil, nil):
            return typical
        }
    }

    /// Sen's 95 % interval of the slope from the sorted pairwise slopes of `n` points: the slopes
    /// of rank (N − C)/2 and (N + C)/2 + 1, with C = 1.96 √(n(n−1)(2n+5)/18), the standard
    /// deviation of Kendall's S under no ties; `nil` when there are too few slopes.
    static func senInterval(_ slopes: [Double], points n: Int) -> ClosedRange<Double>? {
        let count = Double(slopes.count)
        let c = 1.96 * (Double(n * (n - 1) * (2 * n + 5)) / 18).squareRoot()
        let lower = Int(((count - c) / 2).rounded(.down))
        let upper = Int(((count + c) / 2).rounded(.up))
        guard lower >= 1, upper <= slopes.count else { return nil }
        return slopes[lower - 1]...slopes[upper - 1]
    }
}

extension WidgetLogAnalysis {
    /// The widget's memory model fitted from its timelines' footprints (`nil` without `memory_mb`).
    public var memoryCalibration: MemoryCalibration? { MemoryCalibration.fit(memory) }
}
