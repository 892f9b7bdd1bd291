/// The analysis of a device log: per widget reloads, lateness, budget, app reloads and memory, the
/// app's activity, and the log's anomalies.
public struct DeviceLogAnalysis: Sendable, Equatable, Codable {
    /// The assumptions the analysis made.
    public var settings: DeviceLogAnalysisSettings
    /// Rows analysed (duplicates not counted).
    public var records: Int
    /// The first row's time, Unix seconds.
    public var firstTime: Double
    /// The last row's time, Unix seconds.
    public var lastTime: Double
    /// The UTC offset at the first row, seconds.
    public var firstOffset: Double
    /// Every UTC offset seen, in order of first appearance, seconds.
    public var offsets: [Double]
    /// The offset at the first row and at every change, in time order.
    public var offsetChanges: [UTCOffsetChange]
    /// Log time covered (gaps longer than ``DeviceLogAnalysisSettings/gapThreshold`` left out), seconds.
    public var coveredSeconds: Double
    /// Hours of each hour of the day (0…23) covered.
    public var hourCoverage: [Double]
    /// One analysis per widget (kind and family), in order of first appearance.
    public var widgets: [WidgetLogAnalysis]
    /// The app's reloads and foreground sessions.
    public var app: AppActivityProfile
    /// Oddities, in order of position in the files.
    public var anomalies: [LogAnomaly]

    /// Days covered (``coveredSeconds`` / 86400).
    public var coveredDays: Double { coveredSeconds / Seconds.day }
}

/// The UTC offset of a log from some instant on.
public struct UTCOffsetChange: Sendable, Equatable, Codable {
    /// From when, Unix seconds.
    public var time: Double
    /// The offset, seconds east of UTC.
    public var offset: Double
}
