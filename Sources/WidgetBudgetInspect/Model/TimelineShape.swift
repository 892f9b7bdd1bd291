/// A value read from the sources with where it was read (for the scenario's `# File.swift:12` comments).
public struct Sourced<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The value.
    public var value: Value
    /// Where it was read; nil for a default the code does not give.
    public var place: SourcePlace?
}

/// A `getTimeline` / `timeline(for:in:)` reduced to the `fixed` provider's keys.
public struct TimelineShape: Sendable, Equatable {
    /// A WidgetKit reload policy.
    public enum Policy: Sendable, Equatable {
        /// `.atEnd`.
        case atEnd
        /// `.never`.
        case never
        /// `.after(now + seconds)`.
        case after(Double)
    }

    /// Entries per timeline.
    public var entries: Sourced<Int>
    /// Seconds between entries (nil for one entry).
    public var spacing: Sourced<Double>?
    /// The first entry's date after the reload, seconds.
    public var firstOffset: Double
    /// `none`, `minute`, `quarter-hour` or `hour`.
    public var align: Sourced<String>
    /// The reload policy.
    public var policy: Sourced<Policy>
    /// Whether a value was assumed (an `unresolved` note says which): the budget rules then
    /// leave the timeline alone, since its reloads are unknown.
    public var assumed = false
}

/// A timeline provider type and what its timeline function builds.
public struct ProviderModel: Sendable, Equatable {
    /// The type's name.
    public var name: String
    /// Where the type is declared.
    public var place: SourcePlace
    /// The timeline it builds; nil when no timeline function was found.
    public var shape: TimelineShape?
}
