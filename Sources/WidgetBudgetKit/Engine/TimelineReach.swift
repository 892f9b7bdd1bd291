// How far a run's timelines were read (`RunDetail.reach`): the optimizer shares the unconstrained
// run of a provider between entry counts that the run shows would give it to the bit
// (`UnconstrainedRuns`, docs/optimizer.md "Shared unconstrained runs").
//
// The event-by-event path reads a timeline's entry count only in comparisons with an entry index it
// has reached, and its entries' dates only up to one past that index: a delivery's scan for the
// first entry due (`first + 1 < count`), a render (`nextEntry == count`, the next entry's date),
// the render spacing's look-ahead (`spaceNextRender`: entries rendering within
// `minRenderSpacing` of a render, then one more). Every render is at or after its entry's date (the
// delays are not negative), so while a timeline is shown, until `D` (its replacement, or the
// horizon's end), the entries looked at are those dated by `D + minRenderSpacing` and one more.
// The count is read elsewhere only by the memory footprint's check (``DeliveryFate``) and by
// `.atEnd`'s reload, dated at the last entry (plus a delay that is not negative): with that entry
// past every entry reached, it comes after `D`, never while the timeline is shown. The fast paths
// give the event path's outputs to the bit (docs/design/engine.md), so a run whose timelines all
// stop within their first `reach + 1` entries is the same run for any count above `reach + 1`
// whose timelines meet the same fate, but for the peak memory (the footprint grows with the
// count), which the shared runs' readers do not read.

/// What the engine does with a delivered timeline of a given entry count: delivers it, or kills the
/// extension (over the memory limit) or rejects it (more entries than the system takes), as
/// `checkFootprint` decides.
package enum DeliveryFate: Sendable, Equatable {
    /// Delivered and shown.
    case delivered
    /// Over the memory limit: the extension is killed and a retry planned.
    case killed
    /// More entries than the system takes: not delivered, no retry.
    case rejected

    /// The fate of a timeline of `entries` entries under `memory` and `system`, as
    /// `WidgetSimulation.checkFootprint` decides it: killed when its footprint
    /// (`memory.footprint(entries:)`) is over `memory.limitMB`, else rejected when it has more
    /// than `system.maxEntries` entries, else delivered.
    @inline(__always)
    package init(entries: Int, memory: MemorySettings, system: SystemSettings) {
        self.init(footprint: memory.footprint(entries: entries), entries: entries, memory: memory, system: system)
    }

    /// The same fate, for a timeline whose `footprint` (`memory.footprint(entries:)`) the caller
    /// has already computed (`checkFootprint` counts it in the day's peak first).
    @inline(__always)
    init(footprint: Double, entries: Int, memory: MemorySettings, system: SystemSettings) {
        if footprint > memory.limitMB {
            self = .killed
        } else if entries > system.maxEntries {
            self = .rejected
        } else {
            self = .delivered
        }
    }
}

extension WidgetSimulation {
    /// The timeline shown is replaced (or the run ends) at `end`: ``reach`` takes the last entry
    /// dated by `end + minRenderSpacing` (the event path looks at none past the one after it), or
    /// the entry before the first not rendered when that is further (a fast path's cursor, taken
    /// as it is: the reach is then larger than it need be, never smaller).
    ///
    /// Asked where the detail asks (``RunDetail/reach``): by `checkFootprint` at every grant of
    /// such a run (``checkFootprintNotingReach(at:source:charged:entries:)``), before the delivery (entries counted in bulk are not counted yet: the search
    /// starts at the bulk count's cursor, gallops, then bisects), and after the run
    /// (``measuredReach()``).
    /// - Complexity: O(log d) for the d entries between the cursor and the bound.
    @inline(never)
    mutating func noteReach(until end: SimTime) {
        let count = timeline.count
        guard count > 0 else { return }
        // The first entry not rendered, or not counted yet: the bulk count's cursor while entries
        // are counted in bulk (`nextEntry` is then past them all), else the render cursor.
        let cursor = bulkCursor < bulkEnd ? bulkCursor : nextEntry
        let bound = end + system.minRenderSpacing
        @inline(__always) func due(_ k: Int) -> Bool { timeline.date(ofEntry: k) <= bound }
        // The last entry `lo` from the cursor's with `due(lo + 1)` false (or the last entry): the
        // dates do not decrease. Invariant: `lo` is the start or due, `hi` the end or not due.
        var lo = max(0, cursor - 1), step = 1
        var hi = lo + 1
        while hi < count && due(hi) {
            lo = hi
            hi = lo + step
            step &*= 2
        }
        hi = min(hi, count)
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if due(mid) { lo = mid } else { hi = mid }
        }
        if lo > reach { reach = lo }
    }

    /// `checkFootprint` in a run that measures its reach (``RunDetail/reach``), so at every grant:
    /// the timeline shown until `t` is about to be replaced (unless this one is killed or
    /// rejected: its reach is then noted early, never further than at its replacement), its reach
    /// noted (``noteReach(until:)``), then the same footprint, peak and fate as `checkFootprint`,
    /// but no count kept in `deliverable`, so that the next grant asks here again.
    @inline(never)
    mutating func checkFootprintNotingReach(at t: SimTime, source: ReloadSource, charged: Bool, entries: Int) -> Double? {
        noteReach(until: t)
        return meetFate(at: t, source: source, charged: charged, entries: entries)
    }

    /// After ``run()``: the run's reach (``WidgetRunResult/reach``), its last timeline's noted
    /// as shown until the horizon's end; `Int.max` when the run did not measure it (its detail
    /// did not ask, or nothing rendered: ``EnginePaths/renders``).
    package mutating func measuredReach() -> Int {
        guard runDetail.reach && paths.renders else { return .max }
        noteReach(until: calendar.dayStarts[calendar.days])
        return reach
    }
}
