import Foundation

// A stand-in for WidgetKit's timeline API (same names and shapes, no behaviour), so tests can
// import it beside WidgetBudgetKit as an app's test target imports WidgetKit, and prove that the
// documented examples compile without an ambiguous name. Names from WidgetKit's public interface.

/// WidgetKit's `WidgetFamily`.
public enum WidgetFamily: Sendable, Hashable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
}

/// WidgetKit's `TimelineEntry`.
public protocol TimelineEntry {
    /// When WidgetKit renders the entry.
    var date: Date { get }
}

/// WidgetKit's `TimelineReloadPolicy`.
public struct TimelineReloadPolicy: Sendable, Equatable {
    private enum Kind: Equatable {
        case atEnd, never
        case after(Date)
    }
    private let kind: Kind
    /// Reload after the last entry.
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    /// Reload only when the app asks.
    public static let never = TimelineReloadPolicy(kind: .never)
    /// Reload at or after `date`.
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .after(date)) }
}

/// WidgetKit's `Timeline`.
public struct Timeline<EntryType: TimelineEntry> {
    /// The entries, in date order.
    public let entries: [EntryType]
    /// When to ask for the next timeline.
    public let policy: TimelineReloadPolicy
    /// Creates a timeline.
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// WidgetKit's `TimelineProviderContext`.
public struct TimelineProviderContext {
    /// The family being rendered.
    public let family: WidgetFamily
    /// Whether a preview (gallery) is asked for.
    public let isPreview: Bool
    /// Creates a context (WidgetKit makes these itself; tests need one).
    public init(family: WidgetFamily, isPreview: Bool) {
        self.family = family
        self.isPreview = isPreview
    }
}

/// WidgetKit's `TimelineProvider`.
public protocol TimelineProvider {
    /// The entry type.
    associatedtype Entry: TimelineEntry
    /// The context type.
    typealias Context = TimelineProviderContext
    /// A placeholder entry.
    func placeholder(in context: Context) -> Entry
    /// One entry for the gallery.
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    /// The timeline.
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// WidgetKit's `TimelineEntryRelevance`.
public struct TimelineEntryRelevance: Sendable {
    /// The score.
    public let score: Float
}

/// WidgetKit's `WidgetCenter`.
public final class WidgetCenter: @unchecked Sendable {
    /// The shared centre.
    public static let shared = WidgetCenter()
    /// Asks for new timelines of `kind`.
    public func reloadTimelines(ofKind kind: String) {}
    /// Asks for new timelines of every kind.
    public func reloadAllTimelines() {}
}

/// WidgetKit's `Widget`.
public protocol Widget {}
/// WidgetKit's `WidgetBundle`.
public protocol WidgetBundle {}
/// WidgetKit's `WidgetConfiguration`.
public protocol WidgetConfiguration {}
/// WidgetKit's `StaticConfiguration`.
public struct StaticConfiguration: WidgetConfiguration {}
/// WidgetKit's `IntentTimelineProvider`.
public protocol IntentTimelineProvider {}
/// WidgetKit's `AppIntentTimelineProvider`.
public protocol AppIntentTimelineProvider {}
/// WidgetKit's `WidgetInfo`.
public struct WidgetInfo {}
/// WidgetKit's `WidgetRelevance`.
public struct WidgetRelevance {}
