/// What a stretch of the display adds to a day's freshness and age sums: the one arithmetic of
/// `WidgetSimulation.account(until:)` and of the strides' loop (`StaleStride`), so that both add
/// the same terms, to the bit.
enum AgeAccounting {
    /// Adds the stretch from `from` to `t` (`t > from`) of a display stale since `stale` (fresh
    /// before it, its age growing from 0 at it): the fresh part to `freshSeconds`, the age's
    /// integral to `ageIntegral`, the age reached to `maxAge`. Returns the stale part, `nil` when
    /// the display was fresh throughout.
    @inline(__always)
    static func add(
        from: SimTime, to t: SimTime, staleSince stale: SimTime, freshSeconds: inout Double, ageIntegral: inout Double,
        maxAge: inout Double
    ) -> AgeSegment? {
        if from < stale && stale < t {
            // The common turn (a stretch that goes stale inside it): `a0` below is 0.
            freshSeconds += stale - from
            let a1 = t - stale
            ageIntegral += (a1 * a1) / 2
            if a1 > maxAge { maxAge = a1 }
            return AgeSegment(start: stale, from: 0, to: a1)
        }
        if stale >= t {
            freshSeconds += t - from
            return nil
        }
        if stale > from { freshSeconds += stale - from }
        let a0 = max(from, stale) - stale
        let a1 = t - stale
        ageIntegral += (a1 * a1 - a0 * a0) / 2
        if a1 > maxAge { maxAge = a1 }
        return AgeSegment(start: stale + a0, from: a0, to: a1)
    }
}
