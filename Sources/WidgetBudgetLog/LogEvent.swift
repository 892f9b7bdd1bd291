import Foundation

/// What one row says besides its time: the `event` column and the columns that event fills.
struct LogEvent: Sendable {
    /// The `event` column: `timeline`, `app-reload`, `foreground-start`…
    var name: String
    /// The widget kind; empty for app-wide events.
    var kind = ""
    /// The widget family as WidgetKit prints it (`systemSmall`); empty when unknown.
    var family = ""
    /// `timeline` rows: the number of entries.
    var entries: Int?
    /// `timeline` rows: the first and the last entry's dates.
    var firstEntry: Date?
    var lastEntry: Date?
    /// `timeline` rows: the reload policy.
    var policy: WidgetLog.Policy?
    /// The process's memory footprint, MB.
    var memoryMB: Double?
    /// `change` rows: `predictable` or `unpredictable`.
    var content = ""
    /// Which copy of the widget (any label that tells copies apart); empty when not told.
    var instance = ""
}

extension WidgetLog {
    /// A reload policy as the log writes it down (WidgetKit's `TimelineReloadPolicy` cannot be
    /// read back, so hand WidgetKit the same policy yourself).
    public enum Policy: Sendable, Equatable {
        /// `.atEnd`: reload after the last entry.
        case atEnd
        /// `.never`: no reload until the app asks for one.
        case never
        /// `.after(date)`: reload at `date` at the earliest.
        case after(Date)
    }

    /// Which process writes: the first part of its files' names (`widget-…csv`, `app-…csv`).
    public struct Role: Sendable, Hashable, CustomStringConvertible {
        /// The name in the files' names: letters, digits, `_` and `.` (anything else becomes `_`).
        public let name: String

        /// A role named `name` (e.g. `"intents"` for an App Intents extension).
        public init(_ name: String) {
            let allowed = name.unicodeScalars.map { s -> Character in
                s.isASCII && (CharacterSet.alphanumerics.contains(s) || s == "_" || s == ".") ? Character(s) : "_"
            }
            self.name = allowed.isEmpty ? "log" : String(allowed)
        }

        /// The widget extension.
        public static let widget = Role("widget")
        /// The containing app.
        public static let app = Role("app")

        /// The role's name.
        public var description: String { name }
    }

    /// How big the log may grow and how many rows may wait to be written.
    public struct Limits: Sendable, Equatable {
        /// A file is closed and a new one started when the next row would take it past this many
        /// bytes (1 MiB by default: about 7,000 rows, ten weeks of a widget reloading every 15 minutes).
        public var maxFileBytes: Int
        /// When a file is started, the oldest log files in the folder (of every role and process,
        /// the one being written aside) are deleted until the folder's log files take at most this
        /// many bytes (16 MiB by default).
        public var maxFolderBytes: Int
        /// Rows waiting for the writing queue past this many are dropped and counted in
        /// ``WidgetLog/droppedRows`` rather than held (1,000 by default).
        public var maxPendingRows: Int

        /// Limits with the documented defaults, or the values given.
        public init(maxFileBytes: Int = 1 << 20, maxFolderBytes: Int = 16 << 20, maxPendingRows: Int = 1000) {
            self.maxFileBytes = max(maxFileBytes, 1024)
            self.maxFolderBytes = max(maxFolderBytes, self.maxFileBytes)
            self.maxPendingRows = max(maxPendingRows, 1)
        }
    }
}
