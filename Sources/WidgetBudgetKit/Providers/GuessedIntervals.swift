/// A window's instants as the sorted, disjoint intervals of an ``IntervalSet``, searched from a
/// guess rather than by bisection.
///
/// The intervals of a time-of-day window are about a day apart, so the one holding `t` is nearly
/// always at index `(t - first start) × (intervals per second)`: that index and its neighbours are
/// checked in O(1), and only a miss (irregular windows) falls back to the binary search. The answers
/// are ``IntervalSet``'s, to the bit (``WindowsProvider`` asks at every reload).
package struct GuessedIntervals: Sendable {
    /// Interval starts, strictly ascending.
    private let starts: [SimTime]
    /// Interval ends; `ends[i]` is in `(starts[i], starts[i + 1]]`.
    private let ends: [SimTime]
    /// Intervals per second between the first start and the last (0 with fewer than two).
    private let rate: Double

    /// The intervals of `set`.
    package init(_ set: IntervalSet) {
        starts = set.starts
        ends = set.ends
        let n = starts.count
        rate = n > 1 && starts[n - 1] > starts[0] ? Double(n - 1) / (starts[n - 1] - starts[0]) : 0
    }

    /// The index of the last interval starting at or before `t`, or -1 (the binary search's answer).
    @inline(__always)
    private func lastStart(atOrBefore t: SimTime) -> Int {
        let n = starts.count
        guard n > 0, starts[0] <= t else { return -1 }
        guard t < starts[n - 1] else { return n - 1 }
        // Now n ≥ 2 and starts[0] ≤ t < starts[n - 1]: the answer is in 0 ... n - 2.
        let guess = (t - starts[0]) * rate
        let i = guess < Double(n - 2) ? Int(guess) : n - 2
        if starts[i] <= t {
            if t < starts[i + 1] { return i }
            if i + 2 < n && t < starts[i + 2] { return i + 1 }
        } else if i > 0 && starts[i - 1] <= t {
            return i - 1
        }
        return starts.countAtOrBefore(t) - 1
    }

    /// ``IntervalSet/contains(_:)``.
    @inline(__always)
    package func contains(_ t: SimTime) -> Bool {
        let i = lastStart(atOrBefore: t)
        return i >= 0 && t < ends[i]
    }

    /// ``contains(_:)``, and the first instant after `t` at which its answer may change: the end
    /// of the interval holding `t`, or else the next start (`+infinity` after the last). Every
    /// instant in `[t, until)` gets `t`'s answer (the intervals are disjoint and sorted).
    @inline(__always)
    package func containsAndChange(_ t: SimTime) -> (contains: Bool, until: SimTime) {
        let i = lastStart(atOrBefore: t)
        if i >= 0 && t < ends[i] { return (true, ends[i]) }
        return (false, i + 1 < starts.count ? starts[i + 1] : .infinity)
    }

    /// ``IntervalSet/nextStart(after:)``.
    package func nextStart(after t: SimTime) -> SimTime? {
        let i = lastStart(atOrBefore: t) + 1
        return i < starts.count ? starts[i] : nil
    }
}
