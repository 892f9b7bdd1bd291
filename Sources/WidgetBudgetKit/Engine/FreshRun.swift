/// Entries of a timeline that render while what they replace is still fresh: the user sees fresh
/// content throughout, so the engine counts them instead of visiting them one event at a time.
///
/// With render times `t(i) = max(date(i) + delay, floor)` (no random render delay) and `S(i)` the
/// instant entry `i`'s content goes stale (`min(fetchStale, first predictable change after
/// date(i))`), entries `k+1 … last` form a fresh run after entry `k` when `t(i+1) ≤ S(i)` for every
/// `i` in `k … last`: each renders no later than the one before goes stale, and so does the entry
/// after the run. Over `[t(k), t(last+1)]` the display is fresh; age, views and freshness only need
/// `S(last)`, the stale start the entry after the run replaces. A seed-002 clock (an entry on every
/// minute, the content changing on every minute) renders 59 of its 61 entries an hour this way.
///
/// The sums of fresh seconds are split at fewer points than event by event, so they may differ in
/// their last bits (never in the digits the CSV files print: `FreshRunTests`).
enum FreshRun {
    /// The last entry of the fresh run after entry `k` (`k` itself when there is none) and its stale
    /// start, or `nil` when the run is empty. `staleStart` is `S(k)`.
    @inline(__always)
    static func extent(
        of entries: [ReplayEntry], after k: Int, staleStart: SimTime, delay: Double, floor: SimTime, fetchStale: SimTime,
        changes: inout ChangeCursor
    ) -> (last: Int, staleStart: SimTime)? {
        var last = k
        var stale = staleStart
        while last + 2 < entries.count {
            guard max(entries[last + 1].date + delay, floor) <= stale else { break }
            let next = min(fetchStale, changes.firstAfter(entries[last + 1].date))
            guard max(entries[last + 2].date + delay, floor) <= next else { break }
            last += 1
            stale = next
        }
        return last > k ? (last, stale) : nil
    }
}
