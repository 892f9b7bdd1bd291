/// Adding one term to a sum many times over, with the bits of adding it one time after the other:
/// what lets a stride jump over stretches that repeat (`StaleStride`) and still keep the rule
/// "same additions, same order" (docs/design/engine.md).
///
/// `sum += x`, `n` times, rounds at each addition, so the result is not `sum + n · x`. But while
/// the sum stays inside one binade `[2^e, 2^(e+1))` every addition rounds to a multiple of the
/// same unit `U` (the binade's ulp): the sum, a multiple of `U`, grows by `r`, the multiple of `U`
/// nearest to `x`, whatever the sum is, unless `x` lies exactly halfway between two multiples of
/// `U` (then the tie goes to the even result, which depends on the sum: from an even multiple of
/// `U` it is `r`, the even one of the two, again and again). So one real addition finds `r` (its
/// exact difference), and every addition after it up to the end of the binade is `+ r`, all at
/// once: `sum + k · r`, exact since it is a multiple of `U` inside the binade, up to the last sum
/// below the binade's end; the addition that crosses it is made as it is, and the next binade
/// starts over. At a tie from an odd multiple and while the sum is below `x`, additions are made
/// one by one. A day's sum crosses a binade each time it doubles, so `n` additions cost O(log n)
/// steps, and a sum that crosses one binade's end two turns.
enum RepeatedSum {
    /// `for _ in 0 ..< n { sum += x }`, to the bit, in O(log) steps for `x ≥ 0` (one by one
    /// otherwise, and for a negative or non-finite sum). Inlined: most often every partial sum is
    /// exact (``exactTotal(_:times:to:)``), a few instructions; the rest out of line.
    ///
    /// - Complexity: O(binades crossed + ties); `n` steps at worst.
    @inline(__always)
    static func add(_ x: Double, times n: Int, to sum: inout Double) {
        if let total = exactTotal(x, times: n, to: sum) {
            sum = total
        } else {
            addInBinades(x, times: n, to: &sum)
        }
    }

    /// `sum + n · x` when every partial sum `sum + x + … + x` is exact (times with the same last
    /// bit, whole-second ages): `x` and the sum non-negative multiples of `2^k`, the total below
    /// `2^(k + 53)`, so each addition rounds nothing and the total, computed at once, is theirs.
    /// `nil` otherwise (and for `n ≤ 0`, a negative or non-finite term or sum).
    ///
    /// Asked against the total's unit (`ExactMultiples`): `x` and the sum, no larger than the
    /// total, are whole multiples of some `2^k` with the total below `2^(k + 53)` exactly when
    /// they are whole multiples of the unit of the total's binade.
    @inline(__always)
    static func exactTotal(_ x: Double, times n: Int, to sum: Double) -> Double? {
        guard n > 0, x >= 0, sum >= 0 else { return nil }
        let total = sum + Double(n) * x
        let e = ExactMultiples.biasedExponent(total)
        // A zero or subnormal total: the sum and `x` are zeros or subnormals too (each at most the
        // total). Zeros: one addition gives the sign of them all; a subnormal has no lowest-bit
        // exponent. An infinite total: not every partial sum is exact.
        if e == 0 { return x == 0 && sum == 0 ? sum + x : nil }
        guard e < 0x7FF, ExactMultiples.isWhole(x, inUnitOf: e), ExactMultiples.isWhole(sum, inUnitOf: e) else {
            return nil
        }
        return total
    }

    /// ``add(_:times:to:)`` binade by binade (see the type's summary): returns how many turns its
    /// loop took, read by the tests. A turn is one addition and, where it can, every addition
    /// after it whose result stays inside the binade, at once, then the one that leaves it: a sum
    /// that crosses one binade's end takes two turns.
    ///
    /// Why the jump is the one by one's (a turn from `before`, normal, positive, with `s =
    /// before + x` rounded into the same binade `[2^e, E)`, `E = 2^(e+1)`, unit `U`): the exact
    /// `before + x` is below `E` (`E` is a double, so a sum at or above it cannot round below it)
    /// and at least `2^e`, so it rounds to a multiple of `U` within `U / 2`: `r = s − before` (exact,
    /// Sterbenz) has `|x − r| ≤ U / 2`, equality only at a tie. Without a tie `r` is the one
    /// multiple of `U` nearest `x`, the same from any sum; a tie from an even `before` goes to the
    /// even `r`, so `s` and every later sum are even and take `r` again (a tie from an odd `before`
    /// leaves this turn as it is: the next one starts even). Now let `p` be a sum `s + (i − 1) r`
    /// with `p + r < E`: then `p + r ≤ E − U` and the exact `p + x ≤ p + r + U / 2 < E`, inside the
    /// binade, so `p + x` rounds to `p + r` as above. By induction the additions after `s` give
    /// `s + i r` for every `i ≤ m`, `m` the largest with `s + m r < E`, and the addition after
    /// those is an honest one, made as it is. In the binade the doubles' bit patterns are the
    /// multiples of `U` in order (one apart), so with `d` the patterns from `s` to `E` and `ρ` those
    /// of `r`, `m = (d − 1) / ρ` (whole numbers), and `s + k r` is `s`'s pattern plus `k ρ`: no
    /// rounding anywhere.
    ///
    /// The first turn is written out: most often (a day's sums with fractional low bits, #26
    /// engine-2) it is the only one, every later addition inside the first sum's binade, one
    /// addition, a product and a comparison (`k ρ` against `d`, with no division). The rest,
    /// from the first turn's jump and its crossing addition on, in ``addInBinadesAfter(_:times:to:)``.
    @inline(never) @discardableResult
    static func addInBinades(_ x: Double, times n: Int, to sum: inout Double) -> Int {
        let before = sum
        let s = before + x
        // The sign bit with the exponent bits: a negative or zero sum fails `> 53`.
        let exponentBits = before.bitPattern >> 52
        guard n > 1, x >= 0, exponentBits > 53, exponentBits < 0x7FE, s.bitPattern >> 52 == exponentBits else {
            // (An infinite or NaN `x` leaves the binade.)
            return addInBinadesAfter(x, times: n, to: &sum)
        }
        let rho = s.bitPattern &- before.bitPattern
        if before.bitPattern & 1 != 0 {
            let unit = Double(bitPattern: (exponentBits - 52) << 52)
            guard abs(x - (s - before)) != unit / 2 else { return addInBinadesAfter(x, times: n, to: &sum) }
        }
        let left = UInt64(n - 1)
        let d = ((exponentBits + 1) << 52) &- s.bitPattern
        // Every addition left inside the binade (`left ρ < d`): the last sum at once.
        let (product, overflow) = left.multipliedReportingOverflow(by: rho)
        guard overflow || product >= d else {
            sum = Double(bitPattern: s.bitPattern &+ product)
            return 1
        }
        // The jump up to the end and the addition that leaves the binade; the rest in turns.
        let m = (d - 1) / rho
        sum = Double(bitPattern: s.bitPattern &+ m &* rho) + x
        return 1 + addInBinadesAfter(x, times: n - 2 - Int(m), to: &sum)
    }

    /// ``addInBinades(_:times:to:)``'s turns after the first (all of them when the first cannot
    /// jump): returns how many.
    @inline(never)
    static func addInBinadesAfter(_ x: Double, times n: Int, to sum: inout Double) -> Int {
        var s = sum
        var left = n
        var turns = 0
        let fast = x >= 0 && x.isFinite
        while left > 0 {
            turns += 1
            let before = s
            s += x
            left -= 1
            // The jump needs a normal, positive sum (its exponent well above the least, so `U` is
            // normal) that stayed in its binade: the same exponent bits (the sign bits are both 0).
            let exponentBits = before.bitPattern >> 52
            guard fast, left > 0, before > 0, exponentBits > 53, exponentBits < 0x7FE, s.bitPattern >> 52 == exponentBits
            else { continue }
            // `r`'s patterns: `s` and `before` are in one binade.
            let rho = Int(truncatingIfNeeded: s.bitPattern &- before.bitPattern)
            // A tie from an odd sum: one more addition, one by one.
            if before.bitPattern & 1 != 0 {
                let unit = Double(bitPattern: (exponentBits - 52) << 52)
                guard abs(x - (s - before)) != unit / 2 else { continue }
            }
            if rho == 0 {
                // The term is below half a unit (or half of it, from an even sum): no later
                // addition changes the sum either.
                left = 0
                break
            }
            let d = Int(truncatingIfNeeded: ((exponentBits + 1) << 52) &- s.bitPattern)
            let m = (d - 1) / rho
            let k = m < left ? m : left
            s = Double(bitPattern: s.bitPattern &+ UInt64(truncatingIfNeeded: k &* rho))
            left -= k
            // The addition that leaves the binade, as it is.
            if left > 0 {
                s += x
                left -= 1
            }
        }
        sum = s
        return turns
    }
}
