// The list's search of `ChangeCursor` (`far` on `ContentChanges.list`): a gallop from the index
// of the answer to a nearby date, then a bisection. In a file of its own: ChangeCursor.swift keeps
// the cursor's state and its answers on an `every` grid.
extension ChangeCursor {
    /// The index of the first of `times` strictly after `date`, galloping from `i` (the answer
    /// to a nearby date): O(log d) comparisons for an answer `d` places away, the same index a
    /// binary search over all of `times` finds.
    @inline(__always)
    static func indexAfter(_ date: SimTime, in times: [SimTime], near i: Int) -> Int {
        let count = times.count
        let i = min(i, count)
        var lo: Int, hi: Int  // The answer is in lo...hi.
        if i > 0 && times[i - 1] > date {
            // Behind: gallop back from i - 1.
            hi = min(i, count) - 1
            var step = 1
            lo = hi - step
            while lo > 0 && times[lo - 1] > date {
                hi = lo - 1
                step *= 2
                lo = hi - step
            }
            lo = max(lo, 0)
        } else {
            lo = i
            var step = 1
            hi = lo + step
            while hi < count && times[hi - 1] <= date {
                lo = hi
                step *= 2
                hi = lo + step
            }
            hi = min(hi, count)
        }
        // Invariant: times[..<lo] are at or before `date`, times[hi...] after it.
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if times[mid] <= date { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
