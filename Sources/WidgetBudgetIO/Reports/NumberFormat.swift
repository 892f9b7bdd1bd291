import Foundation

/// Deterministic number formatting for CSV and tables.
public enum NumberFormat {
    /// `value` with exactly `digits` decimals (`-0` printed as `0`).
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "" }
        let text = String(format: "%.\(digits)f", value)
        if text.hasPrefix("-"), Double(text) == 0 { return String(text.dropFirst()) }
        return text
    }

    /// An optional value with `digits` decimals, empty when `nil`.
    public static func fixed(_ value: Double?, _ digits: Int) -> String {
        value.map { fixed($0, digits) } ?? ""
    }

    /// Seconds as a short human duration: `42s`, `5.3m`, `2.1h`.
    public static func humanDuration(_ seconds: Double) -> String {
        if seconds < 90 { return fixed(seconds, 0) + "s" }
        if seconds < 5400 { return fixed(seconds / 60, 1) + "m" }
        return fixed(seconds / 3600, 1) + "h"
    }
}
