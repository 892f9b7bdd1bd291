import Foundation

/// Deterministic number formatting for CSV and tables.
public enum NumberFormat {
    /// `value` with exactly `digits` decimals (`-0` printed as `0`).
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "" }
        let text = rounded(value, digits) ?? String(format: "%.\(digits)f", value)
        // A negative value that rounds to zero prints as printf's "-0.00": drop the sign.
        if value.sign == .minus, text.utf8.first == UInt8(ascii: "-"), Double(text) == 0 { return String(text.dropFirst()) }
        return text
    }

    /// `String(format: "%.<digits>f", value)` without the C formatter (a fraction of its cost; a
    /// `days.csv` prints tens of numbers a day), or `nil` outside `|value| < 10⁹`, `0...6` digits.
    ///
    /// It rounds the exact binary value as `printf` does: `value` is `significand × 2^-shift`
    /// exactly, so `value × 10^digits` is a 128-bit integer shifted right, rounded to nearest with
    /// ties to even on the bits shifted out (`NumberFormatTests` compares on random values and ties).
    static func rounded(_ value: Double, _ digits: Int) -> String? {
        guard (0...6).contains(digits), abs(value) < 1e9 else { return nil }
        let number = Digits(value.magnitude, digits, negative: value.sign == .minus)
        // The exact length: up to 15 bytes make a small string, stored inline (no allocation).
        return String(unsafeUninitializedCapacity: number.length) { number.write(into: $0) }
    }

    /// Appends `fixed(value, digits)` to `bytes` as UTF-8, without building a string for the
    /// values `rounded` covers (the same digits; a negative value that rounds to zero unsigned).
    static func appendFixed(_ value: Double, _ digits: Int, to bytes: inout [UInt8]) {
        guard value.isFinite else { return }
        guard (0...6).contains(digits), abs(value) < 1e9 else {
            bytes.append(contentsOf: fixed(value, digits).utf8)
            return
        }
        var number = Digits(value.magnitude, digits, negative: false)
        number.negative = value.sign == .minus && number.units > 0
        // At most 17 bytes: a sign, 9 whole digits, the point and 6 decimals.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let n = number.write(into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// A magnitude rounded to `digits` decimals, as the digits `printf` prints.
    private struct Digits {
        /// The magnitude × 10^digits, rounded.
        let units: UInt64
        let scale: UInt64
        let digits: Int
        var negative: Bool
        /// The digits of `units / scale`, last first, 4 bits each (at most 10).
        private let reversed: UInt64
        private let wholeDigits: Int

        init(_ magnitude: Double, _ digits: Int, negative: Bool) {
            scale = powersOfTen[digits]
            units = roundedUnits(magnitude, scale: scale)
            self.digits = digits
            self.negative = negative
            var whole = units / scale
            var reversed: UInt64 = 0
            var count = 0
            repeat {
                reversed |= (whole % 10) << (4 * UInt64(count))
                count += 1
                whole /= 10
            } while whole > 0
            self.reversed = reversed
            wholeDigits = count
        }

        /// The bytes `write` writes.
        var length: Int { (negative ? 1 : 0) + wholeDigits + (digits > 0 ? 1 + digits : 0) }

        /// Writes the sign, the whole digits, the point and the decimals; returns `length`.
        func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var n = 0
            if negative {
                buffer[n] = UInt8(ascii: "-")
                n += 1
            }
            for k in stride(from: wholeDigits - 1, through: 0, by: -1) {
                buffer[n] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: (reversed >> (4 * UInt64(k))) & 0xF)
                n += 1
            }
            if digits > 0 {
                buffer[n] = UInt8(ascii: ".")
                n += 1
                var fraction = units % scale
                for k in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[n + k] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                n += digits
            }
            return n
        }
    }

    /// Appends `String(value)` to `bytes` as UTF-8, digit by digit.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        // At most 20 bytes: a sign and 19 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var n = buffer.count
            var magnitude = value.magnitude
            repeat {
                n -= 1
                buffer[n] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                n -= 1
                buffer[n] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[n...]))
        }
    }

    /// `magnitude × scale` rounded to the nearest integer, ties to even, for `magnitude < 10⁹` and
    /// `scale ≤ 10⁶`: exact, whatever the binary value.
    private static func roundedUnits(_ magnitude: Double, scale: UInt64) -> UInt64 {
        // Below 2^-22 (< 0.5 × 10^-6) every value prints as zero.
        guard magnitude >= 0x1p-22 else { return 0 }
        // magnitude = significand × 2^-shift exactly, 23 ≤ shift ≤ 74 in this range.
        let significand = magnitude.significandBitPattern | (1 << 52)
        let shift = 52 - Int(magnitude.exponent)
        let (high, low) = significand.multipliedFullWidth(by: scale)  // Below 2^73.
        let quotient: UInt64
        let above: Bool  // The bits shifted out are more than half.
        let tie: Bool  // Exactly half.
        if shift < 64 {
            quotient = (high << UInt64(64 - shift)) | (low >> UInt64(shift))
            let rest = low & ((1 << UInt64(shift)) - 1)
            let half: UInt64 = 1 << UInt64(shift - 1)
            above = rest > half
            tie = rest == half
        } else {
            let s = UInt64(shift - 64)
            quotient = high >> s
            let restHigh = high & ((1 << s) - 1)
            if s == 0 {
                above = low > 1 << 63
                tie = low == 1 << 63
            } else {
                let halfHigh: UInt64 = 1 << (s - 1)
                above = restHigh > halfHigh || (restHigh == halfHigh && low > 0)
                tie = restHigh == halfHigh && low == 0
            }
        }
        return above || (tie && quotient & 1 == 1) ? quotient + 1 : quotient
    }

    private static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

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
