/// Binary search over ascending instants, shared by the model's sorted time lists.
extension Array where Element == SimTime {
    /// The number of elements at or before `t`, for an ascending array: the index of the first
    /// element strictly after `t` (`count` when none).
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    func countAtOrBefore(_ t: SimTime) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
