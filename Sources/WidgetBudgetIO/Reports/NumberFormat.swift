import Foundation

/// Deterministic number formatting for CSV and tables.
public enum NumberFormat {
    /// `value` with exactly `digits` decimals (`-0` printed as `0`).
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "" }
        let text = rounded(value, digits) ?? String(format: "%.\(digits)f", value)
        if text.hasPrefix("-"), Double(text) == 0 { return String(text.dropFirst()) }
        return text
    }

    /// `String(format: "%.<digits>f", value)` without the C formatter (a tenth of the cost; a
    /// `days.csv` prints tens of numbers a day), or `nil` where it could differ.
    ///
    /// It rounds Swift's shortest round-trip decimal of `value`. Where `value`'s spacing is finer
    /// than the last printed digit (|value| < 10⁹, at most 6 digits), that rounds as the exact
    /// binary value does, except when the decimal ends in exactly one 5 past the last digit (a tie
    /// only the exact value can break): then `nil` (`NumberFormatTests` compares on random values).
    static func rounded(_ value: Double, _ digits: Int) -> String? {
        guard (0...6).contains(digits), abs(value) < 1e9 else { return nil }
        if value == value.rounded(), value != 0 || value.sign == .plus {
            // A whole number (most columns are counts): its digits, then zeros.
            return digits == 0 ? String(Int(value)) : String(Int(value)) + "." + String(repeating: "0", count: digits)
        }
        var text = Array(value.description.utf8)  // "-12.3456", "0.0"; "1e-05" for tiny values.
        guard !text.contains(UInt8(ascii: "e")) else { return nil }
        let negative = text.first == UInt8(ascii: "-")
        if negative { text.removeFirst() }
        guard let point = text.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let fraction = text[(point + 1)...]
        let fractionKept = min(digits, fraction.count)
        var kept = Array(text[..<point]) + Array(fraction.prefix(fractionKept))
        let tail = fraction.dropFirst(fractionKept)
        if tail.count == 1 && tail.first == UInt8(ascii: "5") { return nil }
        if let first = tail.first, first >= UInt8(ascii: "5") {
            // Round up: carry through the nines.
            var i = kept.count - 1
            while i >= 0 && kept[i] == UInt8(ascii: "9") {
                kept[i] = UInt8(ascii: "0")
                i -= 1
            }
            if i >= 0 { kept[i] += 1 } else { kept.insert(UInt8(ascii: "1"), at: 0) }
        }
        let whole = kept.count - fractionKept
        var out = negative ? "-" : ""
        out += String(decoding: kept[..<whole], as: UTF8.self)
        if digits > 0 {
            let zeros = Array(repeating: UInt8(ascii: "0"), count: digits - fractionKept)
            out += "." + String(decoding: kept[whole...] + zeros, as: UTF8.self)
        }
        return out
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
