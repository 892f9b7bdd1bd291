import Foundation

/// Everything one simulation needs: the calendar, the system's budget and memory rules, the
/// widgets and the app.
public struct Scenario: Sendable, Equatable, Codable {
    /// A short name, also the default report folder.
    public var name: String
    /// Free text.
    public var description: String
    /// The instant the simulation starts (the widget is added).
    public var start: Date
    /// The user's time zone.
    public var timeZone: TimeZone
    /// Number of days simulated.
    public var days: Int
    /// Number of independent replications (different random draws).
    public var replications: Int
    /// The seed of every random draw.
    public var seed: UInt64
    /// The daily reload budget.
    public var budget: BudgetSettings
    /// The memory model.
    public var memory: MemorySettings
    /// WidgetKit's scheduling.
    public var system: SystemSettings
    /// The widgets.
    public var widgets: [WidgetSpec]
    /// The app's activity.
    public var app: AppActivity

    /// Creates a scenario. The default start is Monday 2026-01-05 00:00 UTC.
    public init(
        name: String, description: String = "", start: Date = Date(timeIntervalSince1970: 1_767_571_200),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, days: Int = 1, replications: Int = 1, seed: UInt64 = 1,
        budget: BudgetSettings = .fixed(70), memory: MemorySettings = MemorySettings(),
        system: SystemSettings = SystemSettings(), widgets: [WidgetSpec], app: AppActivity = AppActivity()
    ) {
        self.name = name
        self.description = description
        self.start = start
        self.timeZone = timeZone
        self.days = days
        self.replications = replications
        self.seed = seed
        self.budget = budget
        self.memory = memory
        self.system = system
        self.widgets = widgets
        self.app = app
    }
}
