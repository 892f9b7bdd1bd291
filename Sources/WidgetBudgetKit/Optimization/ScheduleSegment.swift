/// One segment of a time-of-day schedule candidate: the part of the day and the reload interval
/// used in it (``ScheduleSpace``, `optimize.schedule`).
public struct ScheduleSegment: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The part of the day (every day of the week).
    public var window: TimeWindow
    /// Seconds from a reload to the next inside the segment (clipped at the next segment's
    /// start); `nil` is `never`: no reload until the next segment starts.
    public var after: Double?

    /// Creates a segment.
    public init(window: TimeWindow, after: Double?) {
        self.window = window
        self.after = after
    }

    /// `07:00-09:00 after 10m`, or `23:00-07:00 never`.
    public var description: String {
        "\(window) " + (after.map { "after \(DurationFormat.string($0))" } ?? "never")
    }

    /// The segment's policy before clipping: `.after(interval)` or `.never`.
    public var policy: FixedPolicy { after.map { .after($0) } ?? .never }

    /// The sort key of the interval: shortest first, `never` last.
    var sortKey: Double { after ?? .greatestFiniteMagnitude }

    /// A whole schedule in words, segments joined by `; `.
    public static func describe(_ segments: [ScheduleSegment]) -> String {
        segments.map(\.description).joined(separator: "; ")
    }
}
