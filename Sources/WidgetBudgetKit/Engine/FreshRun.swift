/// Entries of a timeline that render while what they replace is still fresh: the user sees fresh
/// content throughout, so the engine counts them instead of visiting them one event at a time.
///
/// With render times `t(i) = max(date(i) + delay, floor)` (no random render delay) and `S(i)` the
/// instant entry `i`'s content goes stale (`min(fetchStale, first predictable change after
/// date(i))`), entries `k+1 … last` form a fresh run after entry `k` when `t(i+1) ≤ S(i)` for every
/// `i` in `k … last`: each renders no later than the one before goes stale, and so does the entry
/// after the run. Over `[t(k), t(last+1)]` the display is fresh; age, views and freshness only need
/// `S(last)`, the stale start the entry after the run replaces.
///
/// The run is found without visiting its entries one by one:
/// - entries dated before the current stale start that render by it share that stale start (the
///   first change after any date before a change is that change): one search finds the last;
/// - entries dated on consecutive changes (a seed-002 clock: an entry on every minute, the content
///   changing on every minute) each render as the one before goes stale: `ChangeCursor.follow`
///   counts them, by arithmetic where the changes are an `every` grid.
/// Only an entry dated exactly on a change that is not on that grid costs a step of its own.
///
/// The sums of fresh seconds are split at fewer points than event by event, so they may differ in
/// their last bits (never in the digits the CSV files print: `FreshRunTests`).
///
/// When there is no fresh run, the entries right after `k` that are dated before `S(k)` and render
/// by it may still be counted: they share `S(k)`, so rendering them changes no sum (a render that
/// keeps the stale start does not split the accounting, event by event either), and the display
/// goes stale at `S(k)` whichever of them it shows.
enum FreshRun {
    /// What renders after entry `k` without a visit of its own.
    enum Following: Equatable {
        /// Entries `k + 1 … last` form a fresh run; `staleStart` is `S(last)`.
        case freshRun(last: Int, staleStart: SimTime)
        /// No fresh run, but entries `k + 1 … last` are dated before `S(k)` and render by it.
        case sharing(last: Int)
    }

    /// The fresh run after entry `k`, else the entries sharing its stale start, else `nil`.
    /// `staleStart` is `S(k)`.
    ///
    /// - Complexity: O(log n) per change the run crosses between entries, O(1) per stretch of
    ///   entries on consecutive changes (plus one comparison per listed entry to see that they are;
    ///   none over a timeline's evenly spaced entries).
    static func following(
        of entries: ReplayTimeline, after k: Int, staleStart: SimTime, delay: Double, floor: SimTime, fetchStale: SimTime,
        changes: inout ChangeCursor
    ) -> Following? {
        // `t(i + 1) ≤ S(i)` holds for i in k ..< cur; `stale` is S(cur), `previous` S(cur - 1).
        let end = entries.count - 1
        var cur = k
        var stale = staleStart
        var previous = staleStart
        // The entries sharing S(k), found by the loop's first search.
        var sharingK = k
        while cur < end {
            if delay == 0, let spacing = entries.exactSpacing(from: cur) {
                let date = entries.date(ofEntry: cur)
                if floor <= date + spacing,
                    let run = changes.splitRun(from: cur, date: date, spacing: spacing, through: end, notAfter: fetchStale)
                {
                    // Entries a fraction of a period apart on the grid: each renders by the one before's next tick.
                    cur = run.m
                    previous = min(fetchStale, run.tick)
                    // At the last entry the loop ends and S(cur) is not needed (the cursor is a
                    // cache: where it stands changes no answer).
                    if cur == end { break }
                    stale = min(fetchStale, changes.firstAfter(entries.date(ofEntry: cur)))
                    continue
                }
            }
            let shared = lastSharing(entries, after: cur, staleStart: stale, delay: delay, floor: floor)
            if cur == k { sharingK = shared }
            if shared > cur {
                cur = shared
                previous = stale
                if cur == end { break }
            }
            // Entry cur + 1 is dated at or after the stale start: it keeps the display fresh only
            // when it renders right then (an entry dated on a change, without render delay).
            let nextDate = entries.date(ofEntry: cur + 1)
            guard max(nextDate + delay, floor) <= stale else { break }
            if delay == 0, nextDate == stale, cur + 2 <= end,
                changes.mayFollow(nextDate, then: entries.date(ofEntry: cur + 2)),
                let onChanges = changes.follow(
                    entries, from: cur + 1, through: end, after: entries.date(ofEntry: cur), notAfter: fetchStale)
            {
                cur += onChanges.steps
                previous = min(fetchStale, onChanges.last)
                stale = min(fetchStale, onChanges.next)
                continue
            }
            // One entry (`follow` would count just this one, to the same stale starts).
            cur += 1
            previous = stale
            stale = min(fetchStale, changes.firstAfter(entries.date(ofEntry: cur)))
        }
        if cur - 1 > k { return .freshRun(last: cur - 1, staleStart: previous) }
        return sharingK > k ? .sharing(last: sharingK) : nil
    }

    /// `following(of: entries, after: 0, staleStart:, delay: 0, floor: date(0), fetchStale:,
    /// changes:)` for a timeline aligned to an `every` grid, in closed form: entry 0 listed,
    /// entries from 1 on evenly spaced with exact dates, `n` to the grid's period (`perTick`,
    /// `ClosedGrid.perTick`: `period = n × spacing` to the bit), entry 1 dated on `staleStart`,
    /// entry 0's, the first tick after entry 0's date and the cursor's last answer for it, before
    /// `fetchStale`, and the timeline's last entry `end ≥ 3` dated at or before `fetchStale`. Each
    /// entry `i ≥ 1` then renders (at its date) by the one before's next tick (`ChangeCursor.alignedRun`),
    /// so entries `1 … end - 1` are the fresh run and `S(end - 1)` its stale start: what the
    /// general search finds (`follow` along ticks a period apart for `n = 1`, the entry on the
    /// tick then `splitRun` for `n ≥ 2`) when the exact stretch reaches far enough, asked here.
    /// `nil`, the cursor unmoved, when a condition fails (the general search then answers).
    @inline(__always)
    static func alignedRun(
        of entries: ReplayTimeline, staleStart: SimTime, perTick n: Int, fetchStale: SimTime, changes: inout ChangeCursor
    ) -> Following? {
        let end = entries.count &- 1
        guard end >= 3, n > 0, let even = entries.evenDates(from: 1), even.offset == 1,
            entries.exactSpacing(from: 1) == even.spacing, even.first == staleStart, staleStart < fetchStale,
            entries.date(ofEntry: end) <= fetchStale,
            let stale = changes.alignedRun(
                after: entries.date(ofEntry: 0), from: staleStart, spacing: even.spacing, perTick: n, through: end &- 2)
        else { return nil }
        return .freshRun(last: end &- 1, staleStart: min(fetchStale, stale))
    }

    /// The last index `j ≥ cur` such that every entry in `cur + 1 … j` is dated before `staleStart`
    /// and renders by it: all of them then go stale at `staleStart` too. Galloping, then bisection.
    @inline(__always)
    private static func lastSharing(
        _ entries: ReplayTimeline, after cur: Int, staleStart: SimTime, delay: Double, floor: SimTime
    ) -> Int {
        @inline(__always) func shares(_ i: Int) -> Bool {
            let date = entries.date(ofEntry: i)
            return date < staleStart && max(date + delay, floor) <= staleStart
        }
        let count = entries.count
        guard cur + 1 < count, shares(cur + 1) else { return cur }
        // Invariant: shares(lo) and (hi == count or !shares(hi)).
        var lo = cur + 1
        var step = 1
        var hi = lo + step
        while hi < count && shares(hi) {
            lo = hi
            step *= 2
            hi = lo + step
        }
        hi = min(hi, count)
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if shares(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }
}
