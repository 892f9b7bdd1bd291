/// Why a reload was requested.
public enum ReloadSource: UInt8, Sendable, Equatable, CaseIterable, Codable {
    /// The widget was added (the first reload; charged).
    case start
    /// The timeline's reload policy came due.
    case policy
    /// The app called `reloadTimelines(ofKind:)`.
    case app
    /// The app called `reloadAllTimelines()`.
    case appAll
    /// An App Intent (a tap on an interactive widget): free and immediate.
    case intent
    /// WidgetKit retrying after the extension was killed.
    case retry
    /// A system change (locale, Dynamic Type): free.
    case system

    /// The name used in event logs.
    public var name: String {
        switch self {
        case .start: return "start"
        case .policy: return "policy"
        case .app: return "app"
        case .appAll: return "app-all"
        case .intent: return "intent"
        case .retry: return "retry"
        case .system: return "system"
        }
    }
}

/// One thing that happened to a widget during a run (a row of `events.csv`).
public struct EngineEvent: Sendable, Equatable, Codable {
    /// What happened.
    public enum Kind: UInt8, Sendable, Equatable, Codable {
        case change, request, ignored, deferral, budgetOut, budgetBack, grant, kill, rejected, deliver, render, view

        /// The name used in event logs.
        public var name: String {
            switch self {
            case .request: return "request"
            case .grant: return "grant"
            case .deferral: return "defer"
            case .deliver: return "deliver"
            case .kill: return "kill"
            case .rejected: return "rejected"
            case .ignored: return "ignored"
            case .render: return "render"
            case .change: return "change"
            case .view: return "view"
            case .budgetOut: return "budget-out"
            case .budgetBack: return "budget-back"
            }
        }

        /// True for the reload-related kinds kept by `--events reloads`.
        public var isReloadEvent: Bool {
            switch self {
            case .render, .change, .view: return false
            default: return true
            }
        }
    }

    /// A short fact about the event, kept as a small enum so recording does not allocate.
    public enum Detail: Sendable, Equatable, Codable {
        case none
        /// A request that joined one already pending.
        case coalesced
        /// A request waiting for the minimum reload interval or the budget.
        case waiting
        /// A grant inside a foreground session (not charged).
        case foreground
        /// An App Intent grant (not charged).
        case intentFree
        /// A kill: the memory needed, over the limit (MB).
        case overLimit(Double)
        /// A timeline not delivered: it had more entries than the limit (the limit).
        case tooManyEntries(Int)
        /// An app reload call ignored: the app was just opened from the widget.
        case launchCooldown
        /// A policy reload held until the next view: the widget was not seen for `unseen_after`.
        case unseen
        /// A predictable change.
        case predictable
        /// An unpredictable change.
        case unpredictable
        /// A view of fresh content.
        case fresh
        /// A view of stale content, with its age in seconds.
        case stale(Double)
        /// A delivery: the next policy reload (seconds from start), if any.
        case nextReload(SimTime?)
        /// A render of entry number `n` (1-based) of the timeline.
        case entry(Int)
    }

    /// Replication index (0-based).
    public var replication: Int
    /// Seconds from the start.
    public var time: SimTime
    /// Index of the widget in the scenario.
    public var widget: Int
    /// What happened.
    public var kind: Kind
    /// Why (for reload events).
    public var source: ReloadSource?
    /// Whether the reload was charged to the budget (grants and kills).
    public var charged: Bool?
    /// Budget left after the event (reload events), or -1.
    public var budgetLeft: Int
    /// Entries in the timeline (deliveries, kills), or -1.
    public var entries: Int
    /// Memory of the provider's timeline in MB (deliveries, kills), or -1.
    public var memoryMB: Double
    /// More about it.
    public var detail: Detail
}

/// Which events a run records.
public enum EventLevel: String, Sendable, Equatable, CaseIterable, Codable {
    /// None: fastest.
    case none
    /// Requests, grants, deferrals, deliveries, kills and budget changes.
    case reloads
    /// Everything, including renders, content changes and views.
    case all
}
