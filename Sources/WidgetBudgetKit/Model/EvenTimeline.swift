/// A timeline of one entry and evenly spaced ones after it, as a built-in provider returns it at a
/// reload (``FixedProvider``, ``WindowsProvider``): the engine checks and delivers it from these
/// numbers, without building it in a ``ReplayTimeline`` first (issue #26 engine-2, `deliver`).
///
/// A provider returns one only where ``ReplayTimeline/replace(with:)`` stores it as its
/// `getTimeline` does (the first entry listed, the others as three numbers) and its entries are in
/// date order (nothing to sort), so that the delivered timeline is the one `getTimeline` builds.
package struct EvenTimeline {
    /// The first entry's date.
    let first: SimTime
    /// The entries after the first (none for a timeline of one entry).
    let spaced: EvenlySpacedDates
    /// What to do after them.
    let policy: ReloadPolicy

    /// A timeline of entries `first`, then `spaced`, and `policy`; `spaced` is dated in order from
    /// `first` on, and holds no entry or more than one (``ReplayTimeline/appendEntries(from:_:)``
    /// lists a single one).
    @inline(__always)
    init(first: SimTime, spaced: EvenlySpacedDates = .none, policy: ReloadPolicy) {
        self.first = first
        self.spaced = spaced
        self.policy = policy
    }

    /// `first`, then `count` entries from `second`, `shared.spacing` apart, as one of these when
    /// ``ReplayTimeline`` would store them so and they are in date order, else `nil` (the engine
    /// then builds the timeline with `getTimeline`).
    @inline(__always)
    static func make(first: SimTime, second: SimTime, _ shared: EvenlySpacedDates.Spacing, policy: ReloadPolicy) -> Self? {
        let run = EvenlySpacedDates(first: second, shared)
        // Stored as three numbers (`appendEntries`), and nothing for `sortForDelivery` to sort.
        guard shared.count > 1, run.isCompact, !(second - first < 0), !run.hasGap(below: 0) else { return nil }
        return EvenTimeline(first: first, spaced: run, policy: policy)
    }

    /// The number of entries (a provider's count of entries, `spaced` one less: no overflow to
    /// check).
    var count: Int { 1 &+ spaced.count }

    /// Whether two adjacent entries are dated less than `threshold` apart
    /// (``ReplayTimeline/hasGap(below:)`` of the timeline these numbers store).
    @inline(__always)
    func hasGap(below threshold: Double) -> Bool {
        spaced.count > 0 && (spaced.first - first < threshold || spaced.hasGap(below: threshold))
    }

    /// Whether two adjacent entries are dated less than `minSpacing` apart: what
    /// ``ReplayTimeline/sortForDelivery(minSpacing:)`` answers for the timeline these numbers
    /// store, which has no gap below 0 (it checks `hasGap(below: max(minSpacing, 0))` first, which
    /// for `minSpacing > 0` is the same question, and otherwise is no).
    @inline(__always)
    func closeEntries(minSpacing: Double) -> Bool {
        minSpacing > 0 && hasGap(below: minSpacing)
    }
}
