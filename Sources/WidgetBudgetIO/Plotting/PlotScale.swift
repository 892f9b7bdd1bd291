import Foundation

/// Axis helpers: tidy tick steps and time units.
enum PlotScale {
    /// A 1-2-2.5-5 step giving about `count` intervals up to `maximum`.
    static func niceStep(_ maximum: Double, count: Double = 5) -> Double {
        guard maximum > 0, maximum.isFinite else { return 1 }
        let raw = maximum / count
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1.0, 2.0, 2.5, 5.0] where raw <= factor * magnitude * (1 + 1e-9) { return factor * magnitude }
        return 10 * magnitude
    }

    /// A unit for durations up to `seconds`: seconds up to 2 minutes, minutes up to 2 hours,
    /// hours beyond; with the smallest top of an axis in that unit.
    static func durationUnit(forMaximum seconds: Double) -> (divisor: Double, name: String, minimumTop: Double) {
        if seconds <= 120 { return (1, "seconds", 10) }
        return seconds <= 2 * 3600 ? (60, "minutes", 5) : (3600, "hours", 1)
    }

    /// A number for a script: up to 6 decimals, trailing zeros dropped.
    static func number(_ value: Double) -> String {
        var text = NumberFormat.fixed(value, 6)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
