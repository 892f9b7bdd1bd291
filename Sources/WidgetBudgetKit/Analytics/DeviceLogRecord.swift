/// One row of a device log: something a widget extension or its app wrote down when it happened.
///
/// Times are Unix seconds (UTC); ``utcOffset`` is the device's offset from UTC at that moment, so
/// that local days and hours of day follow the user's clock, daylight-saving changes included.
/// The format is documented in `docs/log-format.md`.
public struct DeviceLogRecord: Sendable, Equatable, Codable {
    /// What happened.
    public enum Event: String, Sendable, Equatable, CaseIterable, Codable {
        /// `getTimeline` was called: one reload.
        case timeline
        /// `getSnapshot` was called (widget gallery, transient views): not a reload.
        case snapshot
        /// `placeholder(in:)` was called: WidgetKit had nothing better to show.
        case placeholder
        /// The app called `reloadTimelines(ofKind:)`, or `reloadAllTimelines()` when `kind` is empty.
        case appReload = "app-reload"
        /// The app came to the foreground (reloads are free until it leaves).
        case foregroundStart = "foreground-start"
        /// The app left the foreground.
        case foregroundEnd = "foreground-end"
        /// The user looked at the widget (when the app can tell).
        case view
        /// The app or its server learned that the widget's data changed (a push arrived, a fetch
        /// returned new data); ``DeviceLogRecord/predictable`` says whether it was known in advance.
        case change
        /// A widget push (iOS 26 `WidgetPushHandler`) reached the device: WidgetKit reloads the
        /// widgets (every widget when `kind` is empty), charged like `reloadAllTimelines()`.
        /// Pushes have a daily budget of their own, so not every push sent is delivered.
        case push

        /// The order of events logged at the same instant (one rule for the engine, `export-log`
        /// and the analysis): a foreground session is `[start, end)`, so a session that ends at an
        /// instant closes before anything else happens then (a reload at its end is charged) and one
        /// that starts opens before the reloads it makes free; an app request comes before the reload
        /// that answers it (a push too); a change comes before a reload or a view at its instant (a timeline
        /// fetched then shows it, a view then sees the old content as stale).
        public var tieOrder: Int {
            switch self {
            case .foregroundEnd: return 0
            case .foregroundStart: return 1
            case .change: return 2
            case .appReload: return 3
            case .push: return 4
            case .placeholder: return 5
            case .snapshot: return 6
            case .timeline: return 7
            case .view: return 8
            }
        }
    }

    /// Where a record came from: the index of its file among those analysed, and its line.
    public struct Position: Sendable, Equatable, Comparable, Codable {
        /// 0-based index of the file in the list given to the analysis.
        public var file: Int
        /// 1-based line of the file.
        public var line: Int

        /// Creates a position.
        public init(file: Int, line: Int) {
            self.file = file
            self.line = line
        }

        /// Orders by file, then line.
        public static func < (a: Position, b: Position) -> Bool {
            a.file != b.file ? a.file < b.file : a.line < b.line
        }
    }

    /// When, in Unix seconds (UTC).
    public var time: Double
    /// The device's offset from UTC at `time`, in seconds (3600 for `+01:00`).
    public var utcOffset: Double
    /// What happened.
    public var event: Event
    /// The widget kind (empty for app-wide events and for `reloadAllTimelines()`).
    public var kind: String
    /// The widget family as logged (`systemSmall`, `small`, …), possibly empty.
    public var family: String
    /// Entries in the timeline (`timeline` rows), when logged.
    public var entries: Int?
    /// The first entry's date, Unix seconds, when logged.
    public var firstEntry: Double?
    /// The last entry's date, Unix seconds, when logged.
    public var lastEntry: Double?
    /// The timeline's reload policy, when logged; `.after` holds Unix seconds.
    public var policy: ReloadPolicy?
    /// The extension's memory footprint when it logged the row, MB.
    public var memoryMB: Double?
    /// `change` rows: the change was known in advance (`content` = `predictable`); by default
    /// changes are unpredictable.
    public var predictable: Bool
    /// Which copy of the widget wrote the row (the `instance` column: any label that tells copies
    /// of one kind and family apart); empty when the log does not say, and for rows every copy
    /// shares (`change`, app events).
    public var instance: String = ""
    /// Where the record came from.
    public var position: Position

    /// Creates a record.
    public init(
        time: Double, utcOffset: Double = 0, event: Event, kind: String = "", family: String = "",
        entries: Int? = nil, firstEntry: Double? = nil, lastEntry: Double? = nil, policy: ReloadPolicy? = nil,
        memoryMB: Double? = nil, predictable: Bool = false, instance: String = "",
        position: Position = Position(file: 0, line: 0)
    ) {
        self.instance = instance
        self.time = time
        self.utcOffset = utcOffset
        self.event = event
        self.kind = kind
        self.family = family
        self.entries = entries
        self.firstEntry = firstEntry
        self.lastEntry = lastEntry
        self.policy = policy
        self.memoryMB = memoryMB
        self.predictable = predictable
        self.position = position
    }

    /// True when the two records say the same thing, wherever they came from (duplicated rows).
    public func sameContent(as other: DeviceLogRecord) -> Bool {
        var a = self
        a.position = other.position
        return a == other
    }

    /// The instant the timeline's policy asks for the next one (`.atEnd`: the last entry;
    /// `.after(d)`: `d`), or `nil` for `.never` and when the log does not say.
    public var policyReloadDate: Double? {
        switch policy {
        case .atEnd: return lastEntry
        case let .after(date): return date
        case .never, nil: return nil
        }
    }
}
