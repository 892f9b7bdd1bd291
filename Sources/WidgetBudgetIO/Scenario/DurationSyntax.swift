import Foundation
import WidgetBudgetKit

/// Reads durations as scenario files write them: `45s`, `5m`, `1h30m`, `2d`, `1.5h`, `250ms`, or a
/// bare number of seconds. Every duration is within ±``Bounds/maxDuration`` (10 years).
public enum DurationSyntax {
    /// Seconds, or `nil` when `text` is not a duration or is longer than ``Bounds/maxDuration``.
    public static func seconds(_ text: String) -> Double? {
        guard let value = unboundedSeconds(text), Bounds.isDuration(value, signed: true) else { return nil }
        return value
    }

    /// Why `text` is not accepted as a duration (``seconds(_:)`` gave `nil`), for a message.
    public static func problem(_ text: String) -> String {
        if unboundedSeconds(text) != nil {
            return
                "'\(text)' is longer than the longest duration allowed, \(DurationFormat.string(Bounds.maxDuration)) (10 years; docs/limits.md)"
        }
        return "expected a duration such as 45s, 5m, 1h30m or 2d, found '\(text)'"
    }

    private static func unboundedSeconds(_ text: String) -> Double? {
        let s = text.trimmingCharacters(in: .whitespaces)
        if s.isEmpty { return nil }
        if let plain = Double(s), plain.isFinite { return plain }
        var negative = false
        var rest = Substring(s)
        if rest.hasPrefix("-") {
            negative = true
            rest = rest.dropFirst()
        }
        var total = 0.0
        var sawPart = false
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isNumber || $0 == "." }
            guard !digits.isEmpty, let value = Double(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            switch unit.lowercased() {
            case "ms": total += value / 1000
            case "s", "sec": total += value
            case "m", "min": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86400
            case "w": total += value * 604_800
            default: return nil
            }
            sawPart = true
        }
        return sawPart && total.isFinite ? (negative ? -total : total) : nil
    }
}
