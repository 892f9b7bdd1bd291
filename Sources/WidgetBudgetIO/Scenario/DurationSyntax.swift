import Foundation

/// Reads durations as scenario files write them: `45s`, `5m`, `1h30m`, `2d`, `1.5h`, `250ms`, or a
/// bare number of seconds.
public enum DurationSyntax {
    /// Seconds, or `nil` when `text` is not a duration.
    public static func seconds(_ text: String) -> Double? {
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
        return sawPart ? (negative ? -total : total) : nil
    }
}
