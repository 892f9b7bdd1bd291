import Foundation

/// Rounding to a number of decimals exactly as the CSV files print them (`%.Nf`), so that values
/// compared in memory equal the values read back from the files.
public enum Quantize {
    /// `value` printed with `decimals` decimals and read back: the number a CSV file holds.
    ///
    /// Computed without the text when it can be, with the same result to the bit: `%.Nf` prints
    /// the integer `n` nearest to the exact `value · 10^N` (an exact tie to the even one), and
    /// reading `n · 10^-N` back gives the `Double` nearest to `n / 10^N`, which is what the
    /// division `Double(n) / 10^N` rounds to when both are exact (`n` below 2^53, `N` at most 22).
    /// The optimizer rounds every candidate's objective and each replication's this way
    /// (#26 engine-2: the text cost 12,000 instructions a value).
    public static func round(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return value }
        if let rounded = arithmetic(value, decimals) { return rounded }
        let text = String(format: "%.\(decimals)f", value)
        return Double(text).map { $0 == 0 ? 0 : $0 } ?? value
    }

    /// ``round(_:_:)`` by arithmetic, for a finite `value` with `|value| · 10^decimals` below 2^52
    /// and `decimals` in `0...22`; `nil` otherwise (the text decides).
    ///
    /// The product `value · 10^N` is `hi + lo` exactly (`lo` from a fused multiply-add, `addingProduct`, exact
    /// since `hi` is far above the subnormals when at least 1/2). Below 1/2 the nearest integer
    /// is 0. Otherwise `r`, `hi` rounded to the nearest integer (ties to even), is within 1/2 of
    /// `hi`, and `hi − r` is exact, a multiple of `hi`'s ulp; `|lo|` is at most half that ulp, so
    /// only when `hi` is exactly halfway (`r` then even) can `lo` move the nearest integer: up
    /// when `hi − r = 1/2` and `lo > 0`, down when `hi − r = −1/2` and `lo < 0`.
    static func arithmetic(_ value: Double, _ decimals: Int) -> Double? {
        guard decimals >= 0 && decimals < powers.count else { return nil }
        let scale = powers[decimals]
        let hi = value * scale
        guard abs(hi) < 0x1p52 else { return nil }
        // Below 1/2, `hi` is at most 1/2 less its ulp, `lo` at most half that ulp: 0 (signed zeros
        // read back as 0).
        guard abs(hi) >= 0.5 else { return 0 }
        let lo = (-hi).addingProduct(value, scale)
        var n = hi.rounded(.toNearestOrEven)
        let diff = hi - n
        if diff == 0.5 && lo > 0 { n += 1 }
        if diff == -0.5 && lo < 0 { n -= 1 }
        let rounded = n / scale
        return rounded == 0 ? 0 : rounded
    }

    /// 10^0 ... 10^22, each exact as a `Double`.
    private static let powers: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { x, _ in x * 10 } }
}
