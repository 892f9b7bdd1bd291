/// The rule that picks the day a report's age curve shows: the least fresh day; among days whose
/// freshness differs by at most 10⁻⁹, the first after day 1 (whose start, the widget just added with
/// its budget full, is not what the widget lives with afterwards).
///
/// One rule for the figures, which pick the day after the run, and for a run that keeps the
/// stretches of its least fresh day as its days close (`RunFigures`): taken in day order, the
/// running choice is the one `Sequence.min(by:)` makes over all days.
package enum LeastFreshDay {
    /// Whether day `a` (0-based) of freshness `fa` is chosen over day `b` of freshness `fb`.
    @inline(__always)
    package static func isChosen(_ a: Int, _ fa: Double, over b: Int, _ fb: Double) -> Bool {
        if abs(fa - fb) > 1e-9 { return fa < fb }
        if (a == 0) != (b == 0) { return b == 0 }
        return a < b
    }

    /// The day in `0..<days` that ``isChosen(_:_:over:_:)`` picks, `freshness` read once per day.
    package static func choose(days: Int, freshness: (Int) -> Double) -> Int {
        let values = (0..<days).map(freshness)
        return (0..<days).min { a, b in isChosen(a, values[a], over: b, values[b]) } ?? 0
    }
}
