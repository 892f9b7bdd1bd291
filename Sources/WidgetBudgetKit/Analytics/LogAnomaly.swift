/// Something odd in a device log that the analysis worked around, with where it was seen.
public struct LogAnomaly: Sendable, Equatable, Codable {
    /// The sort of oddity.
    public enum Kind: String, Sendable, Equatable, CaseIterable, Codable {
        /// Rows not in time order (by less than a minute): sorted before the analysis.
        case unsorted
        /// Time went back by a minute or more between two rows of a file: the clock was set back.
        case clockJumpBack = "clock-jump-back"
        /// No rows at all for more than a day: the device was off, the log stopped, or the clock
        /// jumped forward.
        case gap
        /// The UTC offset changed (a daylight-saving change, or the user travelled).
        case offsetChange = "offset-change"
        /// A row repeated word for word at the same instant: counted once.
        case duplicate
        /// Events for a widget kind that never had a `timeline` row.
        case unknownKind = "unknown-kind"
        /// A widget kind whose first timeline comes long after the log starts (a widget added later).
        case newKind = "new-kind"
        /// A `foreground-end` without a `foreground-start`, or a start that never ended.
        case unmatchedForeground = "unmatched-foreground"
        /// Timelines of one widget closer together than WidgetKit reloads a widget, in a log
        /// without the `instance` column: another copy of the widget inferred.
        case inferredInstance = "inferred-instance"
    }

    /// The sort of oddity.
    public var kind: Kind
    /// Where it was first seen.
    public var position: DeviceLogRecord.Position
    /// How many times it was seen (duplicates and unsorted rows are counted, not listed).
    public var count: Int
    /// What happened, in words, for the report.
    public var message: String

    /// Creates an anomaly.
    public init(kind: Kind, position: DeviceLogRecord.Position, count: Int = 1, message: String) {
        self.kind = kind
        self.position = position
        self.count = count
        self.message = message
    }
}
