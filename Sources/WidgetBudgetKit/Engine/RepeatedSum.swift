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
/// once: `sum + k · r`, exact since it is a multiple of `U` inside the binade. At the binade's
/// end, at a tie from an odd multiple and while the sum is below `x`, additions are made one by
/// one. A day's sum crosses a binade each time it doubles, so `n` additions cost O(log n) steps.
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
    /// loop took (one addition and, where it can, a jump to near the binade's end), read by the
    /// tests.
    @inline(never) @discardableResult
    static func addInBinades(_ x: Double, times n: Int, to sum: inout Double) -> Int {
        var s = sum
        var left = n
        var turns = 0
        let fast = x >= 0 && x.isFinite
        while left > 0 {
            turns += 1
            let before = s
            s += x
            left -= 1
            // The fast step needs a normal, positive sum (its exponent well above the least) that
            // stayed in its binade: the same exponent bits (the sign bits are both 0).
            let exponentBits = before.bitPattern >> 52
            guard fast, left > 0, before > 0, exponentBits > 53, exponentBits < 0x7FE, s.bitPattern >> 52 == exponentBits
            else { continue }
            // Exact (Sterbenz: before ≤ s < 2 · before): the multiple of `U` this addition added.
            let r = s - before
            let unit = Double(bitPattern: (exponentBits - 52) << 52)
            // Exact too (|x − r| ≤ U / 2, and x and r within a factor of two of each other, or r
            // 0). A tie (x halfway between two multiples of U) rounded to the even one; from an
            // even `before` (its last significand bit 0) that is `r`, even, so every sum after it
            // is even and adds `r` again. From an odd one, one more addition.
            guard abs(x - r) != unit / 2 || before.bitPattern & 1 == 0 else { continue }
            if r == 0 {
                // The term is below half a unit (or half of it, from an even sum): no later
                // addition changes the sum either.
                left = 0
                break
            }
            // Every addition after this one adds r while the sum, r past it, stays 2 units below
            // the binade's end (then `s + x` is within half a unit of `s + r` and below the end).
            let end = Double(bitPattern: (exponentBits + 1) << 52)
            let room = end - 2 * unit - s
            guard room >= r else { continue }
            // `room` and `r` are whole numbers of units, `a = room / U` below `2^52` (`s ≥ 2^e`)
            // and `b = r / U ≥ 1`, so `q = room / r` rounds to its truncation's side: a quotient
            // `N - j / b` short of a whole `N` (`j ≥ 1`) is at least `1 / b` from it, more than
            // half its ulp (below `q · 2^-52 < 1 / b`). So `Int(q)` is the largest `k` with
            // `k · r ≤ room` (no division checked, no call to `floor`).
            let q = room / r
            let k = q < Double(left) ? Int(q) : left
            s += Double(k) * r
            left -= k
        }
        sum = s
        return turns
    }
}
