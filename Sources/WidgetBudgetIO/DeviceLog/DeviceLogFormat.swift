import WidgetBudgetKit

/// The columns of the device-log CSV format (see `docs/log-format.md`).
public enum DeviceLogFormat {
    /// Columns every log must have.
    public static let requiredColumns = ["time", "event"]
    /// Columns a log may have; missing ones leave their values unknown.
    public static let optionalColumns = [
        "kind", "family", "entries", "first_entry", "last_entry", "policy", "memory_mb", "content", "instance",
    ]
    /// Every column, in the order ``DeviceLogWriter`` writes them.
    public static var columns: [String] { requiredColumns + optionalColumns }
    /// The values of the `event` column.
    public static var events: [String] { DeviceLogRecord.Event.allCases.map(\.rawValue) }
}
