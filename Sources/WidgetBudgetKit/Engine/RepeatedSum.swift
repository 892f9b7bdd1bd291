/// Adding one term to a sum many times over, with the bits of adding it one time after the other:
/// what lets a stride jump over stretches that repeat (`StaleStride`) and still keep the rule
/// "same additions, same order" (docs/design/engine.md).
///
/// `sum += x`, `n` times, rounds at each addition, so the result is not `sum + n · x`. But while
/// the sum stays inside one binade `[2^e, 2^(e+1))` every addition rounds to a multiple of the
/// same unit `U` (the binade's ulp): the sum, a multiple of `U`, grows by `r`, the multiple of `U`
/// nearest to `x`, whatever the sum is, unless `x` lies exactly halfway between two multiples of
/// `U` (then the tie goes to the even result, which depends on the sum). So one real addition
/// finds `r` (its exact difference), and every addition after it up to the end of the binade is
/// `+ r`, all at once: `sum + k · r`, exact since it is a multiple of `U` inside the binade. At
/// the binade's end, at a tie and while the sum is below `x`, additions are made one by one. A day's
/// sum crosses a binade each time it doubles, so `n` additions cost O(log n) steps.
enum RepeatedSum {
    /// `for _ in 0 ..< n { sum += x }`, to the bit, in O(log) steps for `x ≥ 0` (one by one
    /// otherwise, and for a negative or non-finite sum).
    ///
    /// - Complexity: O(binades crossed + ties); `n` steps at worst.
    static func add(_ x: Double, times n: Int, to sum: inout Double) {
        // Most often every partial sum is exact (times with the same last bit, whole-second
        // ages): `x` and the sum multiples of `2^k`, the total below `2^(k + 53)`. Then each
        // addition is exact, and so is the total in one step.
        if n > 0, x >= 0, sum >= 0, let kx = StaleStride.lowBitExponent(x), let ks = StaleStride.lowBitExponent(sum) {
            let k = min(kx, ks)
            if k == Int.max {
                // Zeros: one addition gives the sign of them all.
                sum += x
                return
            }
            let total = sum + Double(n) * x
            if StaleStride.binadeExponent(total) < k + 53 {
                sum = total
                return
            }
        }
        var s = sum
        var left = n
        let fast = x >= 0 && x.isFinite
        while left > 0 {
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
            // Exact too (|x − r| ≤ U / 2, and x and r within a factor of two of each other, or r 0).
            guard abs(x - r) != unit / 2 else { continue }
            if r == 0 {
                // The term is below half a unit: no later addition changes the sum either.
                left = 0
                break
            }
            // Every addition after this one adds r while the sum, r past it, stays 2 units below
            // the binade's end (then `s + x` is within half a unit of `s + r` and below the end).
            let end = Double(bitPattern: (exponentBits + 1) << 52)
            let room = end - 2 * unit - s
            guard room >= r else { continue }
            let estimate = (room / r).rounded(.down)
            var k = estimate < Double(left) ? Int(estimate) : left
            // `room` is exact (multiples of `U` in the binade); `Double(k) * r` is exact when it is
            // at most `room`, and rounds above it when it is not, so the test is exact.
            while k > 0 && Double(k) * r > room { k -= 1 }
            s += Double(k) * r
            left -= k
        }
        sum = s
    }
}
