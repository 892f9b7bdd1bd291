/// How entries after the first are placed on the local clock (seed 002 aligns to the minute).
public enum EntryAlignment: String, Sendable, Equatable, CaseIterable, Codable {
    /// Entries are `spacing` apart from the first one.
    case none
    /// The second entry falls on the next whole minute, then every `spacing`.
    case minute
    /// The second entry falls on the next quarter hour (:00, :15, :30, :45).
    case quarterHour = "quarter-hour"
    /// The second entry falls on the next whole hour.
    case hour

    /// The alignment step in seconds, or `nil` for ``none``.
    public var step: Double? {
        switch self {
        case .none: return nil
        case .minute: return 60
        case .quarterHour: return 900
        case .hour: return 3600
        }
    }
}
