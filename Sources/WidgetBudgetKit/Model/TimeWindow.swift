/// A recurring stretch of local time: some days of the week, from one time of day to another.
///
/// Written as in scenario files: `"07:00-23:00"` (every day), `"weekdays 09:30-16:00"`,
/// `"weekends 10:00-12:00"`, `"mon,wed,fri 18:00-19:00"`, `"23:00-07:00"` (overnight: the window
/// belongs to the day it starts on).
public struct TimeWindow: Sendable, Equatable, CustomStringConvertible, Codable {
    /// Bit `d` set means the window starts on weekday `d` (0 is Sunday).
    public var weekdays: UInt8
    /// Start, in seconds after local midnight.
    public var start: Double
    /// End, in seconds after local midnight; at or before `start` means the next day.
    public var end: Double

    /// Every day of the week.
    public static let everyDay: UInt8 = 0b111_1111
    /// Monday to Friday.
    public static let weekdaysMask: UInt8 = 0b011_1110

    /// Creates a window.
    public init(weekdays: UInt8 = TimeWindow.everyDay, start: Double, end: Double) {
        self.weekdays = weekdays
        self.start = start
        self.end = end
    }

    /// Parses the scenario notation, or returns `nil` with nothing more to say; see ``parse(_:)``.
    public init?(_ text: String) {
        guard case let .success(window) = TimeWindow.parse(text) else { return nil }
        self = window
    }

    /// Parses `"[days ]HH:MM-HH:MM"`; on failure says what is wrong.
    public static func parse(_ text: String) -> Result<TimeWindow, WindowSyntaxError> {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 1 || parts.count == 2 else {
            return .failure(WindowSyntaxError(text: text, reason: "expected \"[days ]HH:MM-HH:MM\", e.g. \"weekdays 09:30-16:00\""))
        }
        var mask = everyDay
        if parts.count == 2 {
            guard let parsed = parseDays(String(parts[0])) else {
                return .failure(
                    WindowSyntaxError(
                        text: text, reason: "unknown days '\(parts[0])': use daily, weekdays, weekends or a list like mon,wed,fri"))
            }
            mask = parsed
        }
        let range = parts[parts.count - 1].split(separator: "-")
        guard range.count == 2, let a = parseClock(String(range[0])), let b = parseClock(String(range[1])) else {
            return .failure(WindowSyntaxError(text: text, reason: "expected a time range HH:MM-HH:MM, e.g. 07:00-23:00"))
        }
        if a == b {
            return .failure(WindowSyntaxError(text: text, reason: "the window is empty: start and end are both \(range[0])"))
        }
        return .success(TimeWindow(weekdays: mask, start: a, end: b))
    }

    private static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    private static func parseDays(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "daily", "everyday", "all": return everyDay
        case "weekdays": return weekdaysMask
        case "weekends": return 0b100_0001
        default:
            var mask: UInt8 = 0
            for name in text.lowercased().split(separator: ",") {
                guard let index = dayNames.firstIndex(of: String(name.prefix(3))) else { return nil }
                mask |= 1 << UInt8(index)
            }
            return mask == 0 ? nil : mask
        }
    }

    /// Parses `HH:MM` or `HH:MM:SS` into seconds after midnight (`24:00` allowed as an end).
    public static func parseClock(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        let numbers = fields.map { Int($0) }
        guard numbers.allSatisfy({ $0 != nil }) else { return nil }
        let h = numbers[0]!, m = numbers[1]!, s = fields.count == 3 ? numbers[2]! : 0
        guard (0...24).contains(h), (0..<60).contains(m), (0..<60).contains(s), h < 24 || (m == 0 && s == 0) else { return nil }
        return Double(h * 3600 + m * 60 + s)
    }

    /// The window in scenario notation.
    public var description: String {
        let days: String
        switch weekdays {
        case TimeWindow.everyDay: days = ""
        case TimeWindow.weekdaysMask: days = "weekdays "
        case 0b100_0001: days = "weekends "
        default:
            days = (0..<7).filter { weekdays & (1 << UInt8($0)) != 0 }.map { TimeWindow.dayNames[$0] }.joined(separator: ",") + " "
        }
        return days + TimeWindow.clock(start) + "-" + TimeWindow.clock(end)
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds)
        let h = s / 3600, m = s / 60 % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}

/// Why a window such as `"weekdays 09:30-16:00"` could not be read.
public struct WindowSyntaxError: Error, Sendable, Equatable {
    /// The text that was read.
    public var text: String
    /// What is wrong, with the expected form.
    public var reason: String
}
