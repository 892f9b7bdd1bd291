/// Formats durations and numbers the way scenario files write them (`1h30m`, `45s`, `2.5`).
public enum DurationFormat {
    /// A duration in seconds as `2d`, `1h30m`, `5m`, `45s` or `1.5s`.
    public static func string(_ seconds: Double) -> String {
        if seconds.isInfinite { return "∞" }
        if seconds != seconds.rounded() || seconds < 0 || seconds >= 1e15 { return number(seconds) + "s" }
        var rest = Int(seconds)
        if rest == 0 { return "0s" }
        var out = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            out += String(rest / size) + unit
            rest %= size
        }
        return out
    }

    /// A number without a trailing `.0`, at most 4 decimals.
    public static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        // Beyond 1e14 the 4 decimals no longer fit an Int: Swift's own shortest form (`1e+300`).
        if !value.isFinite || abs(value) >= 1e14 { return String(describing: value) }
        var text = String(format4(value))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func format4(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int(abs(scaled))
        let fraction = magnitude % 10_000
        var fractionText = String(fraction)
        while fractionText.count < 4 { fractionText = "0" + fractionText }
        return sign + String(magnitude / 10_000) + "." + fractionText
    }
}
