/// The device the widget runs on; it sets the defaults of a few scenario keys (explicit keys win).
public enum Platform: String, Sendable, Equatable, CaseIterable {
    /// An iPhone or iPad widget: B = 70 (the top of Apple's "40 to 70"), a 30 MB memory limit.
    case iOS
    /// A watch complication: "up to 75" updates a day, a 15 MB memory limit, and one on the active
    /// watch face counts as always viewed (OBSERVED #4, #15).
    case watchOS

    /// The default daily budget B.
    public var dailyBudget: Int {
        switch self {
        case .iOS: 70
        case .watchOS: 75
        }
    }

    /// The default memory limit, MB.
    public var memoryLimitMB: Double {
        switch self {
        case .iOS: 30
        case .watchOS: 15
        }
    }

    /// The default `views` of a widget that gives none: none on iOS; on watchOS a look every minute,
    /// standing for "always viewed" (view freshness then equals freshness over time, to the minute).
    public var defaultViews: EventProcess {
        switch self {
        case .iOS: .none
        case .watchOS: EventProcess(.every(period: 60, offset: 0))
        }
    }
}
