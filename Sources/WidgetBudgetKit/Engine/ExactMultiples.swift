/// The closed forms' exactness tests read from the doubles' bits against one unit, the unit of the
/// largest value's binade, instead of each value's lowest bit against the largest value's binade:
/// the same answers as `StaleStride.exact` and `RepeatedSum.exactTotal` ask them (`ExactMultiplesTests`
/// compares them), in fewer instructions (no zero or infinity cases per value, no `Int.max`).
///
/// Values that are whole multiples of `2^k` below `2^(k + 53)` are doubles, and so are their sums and
/// differences there. For values `|x| ≤ M`, with `M`'s binade `[2^B, 2^(B + 1))` and its unit
/// `u = 2^(B - 52)`, the least such `k` is at least the least exponent of their lowest bits exactly
/// when every value is a whole multiple of `u`.
enum ExactMultiples {
    /// The biased exponent of `x`'s bits (0 for zeros and subnormals, `0x7FF` for non-finite
    /// values), whatever its sign: its binade is `[2^(e - 1023), 2^(e - 1022))` for `e` in
    /// `1 ... 0x7FE`, its unit `2^(e - 1075)`.
    @inline(__always)
    static func biasedExponent(_ x: Double) -> Int {
        Int(truncatingIfNeeded: (x.bitPattern >> 52) & 0x7FF)
    }

    /// Whether `x`, a finite value with `|x|` below `2^(e - 1022)` (no larger binade than that of
    /// biased exponent `e`, `1 ≤ e ≤ 0x7FE`), is a whole multiple of that binade's unit `2^(e - 1075)`:
    /// a zero is, a subnormal is not (as `StaleStride.lowBitExponent`, which has no exponent for
    /// one), a normal value when its lowest bit's exponent, `x`'s biased exponent minus 1075 plus
    /// the trailing zeros of its significand (the mantissa with its leading 1 at bit 52), is at
    /// least the unit's.
    ///
    /// A value in that binade itself (`x`'s biased exponent `e`: most often the largest of the
    /// values asked, the sum a term is added to) is, with no count of its trailing zeros: answered
    /// first, the same answer (`ex + zeros >= e` holds for any `ex >= e`, and `ex >= e ≥ 1` is no
    /// zero or subnormal).
    @inline(__always)
    static func isWhole(_ x: Double, inUnitOf e: Int) -> Bool {
        let bits = x.bitPattern
        let ex = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        if ex >= e { return true }
        if ex == 0 { return bits << 1 == 0 }
        return ex + (bits | 1 << 52).trailingZeroBitCount >= e
    }

    /// `Int(q)` for `1 ≤ q < 2^52`, read from the bits with no range check (the closed forms'
    /// estimates, after their own bounds): the significand with its leading 1 at bit 52, shifted
    /// right by 52 minus `q`'s exponent (1 … 52), drops the fraction's bits as the conversion's
    /// truncation does. Outside that range the answer is some number, not `Int(q)`.
    @inline(__always)
    static func wholePart(_ q: Double) -> Int {
        let bits = q.bitPattern
        let significand = bits & (1 << 52 - 1) | 1 << 52
        return Int(truncatingIfNeeded: significand &>> (1075 &- bits &>> 52))
    }

    /// Whether `x` is a whole number (`x == x.rounded(.down)`, equally `x == x.rounded()`), without
    /// a call to the C library below 2^52: there `|x| + 2^52` lies where the spacing of doubles
    /// is 1, so the addition rounds `|x|` to a whole number and the subtraction of 2^52 is exact:
    /// `|x|` back exactly when it is whole. From 2^52 on (and for the infinities and NaN) as
    /// `rounded` says.
    @inline(__always)
    static func isWhole(_ x: Double) -> Bool {
        let magnitude = abs(x)
        return magnitude < 0x1p52 ? (magnitude + 0x1p52) - 0x1p52 == magnitude : x == x.rounded()
    }
}
