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
    /// A threshold up to which `spaced` has no gap below it, known without computing its slack
    /// (``GapBound/lowest``), or `-infinity`.
    let noGapUpTo: Double

    /// A timeline of entries `first`, then `spaced`, and `policy`; `spaced` is dated in order from
    /// `first` on, and holds no entry or more than one (``ReplayTimeline/appendEntries(from:_:)``
    /// lists a single one); it has no gap below `noGapUpTo` or any lower threshold.
    @inline(__always)
    init(first: SimTime, spaced: EvenlySpacedDates = .none, policy: ReloadPolicy, noGapUpTo: Double = -.infinity) {
        self.first = first
        self.spaced = spaced
        self.policy = policy
        self.noGapUpTo = noGapUpTo
    }

    /// What ``EvenlySpacedDates/hasGap(below:)`` and ``EvenlySpacedDates/isCompact`` answer for
    /// dates of one spacing and count whose first is within `firstLimit` of 0, found once per
    /// provider (``FixedProvider`` keeps it in its shape): a reload then checks only that bound on
    /// its second entry's date, not the slack of inexact dates (those of a provider not aligned
    /// to the clock, at every reload).
    ///
    /// The slack `(|first| + extent) × 2^-50` grows with `|first|` as computed (each rounding is
    /// monotone), so `spacing - slack` as computed is at least `lowest`, its value at
    /// `|first|` = `firstLimit`: no gap below a threshold up to `lowest`; exact dates' gaps are
    /// `spacing`, not below `lowest` either.
    struct GapBound: Sendable {
        /// The largest `|first|` the facts hold for (below 0, NaN never passing, when none do).
        let firstLimit: Double
        /// `spacing - slack` at `|first|` = `firstLimit`, as ``EvenlySpacedDates/hasGap(below:)``
        /// computes it: at least 0 when `firstLimit` is not below 0.
        let lowest: Double

        /// The bound for dates `shared.spacing` apart, `shared.count` of them: `firstLimit` =
        /// spacing × 2^40 (a slack of about 2^-10 spacing), when the spacing is positive and
        /// finite, there are at least two and dates so far off stay finite (`isCompact`, which
        /// for inexact dates checks the last one's), and `lowest` is not below 0.
        init(_ shared: EvenlySpacedDates.Spacing) {
            let limit = min(shared.spacing * 0x1p40, 0x1p1000)
            let lowest = shared.spacing - (limit + shared.extent) * 0x1p-50
            let holds = shared.count > 1 && shared.spacing > 0 && shared.extent <= 0x1p1000 && lowest >= 0
            firstLimit = holds ? limit : -1
            self.lowest = holds ? lowest : -.infinity
        }
    }

    /// `first`, then `count` entries from `second`, `shared.spacing` apart, as one of these when
    /// ``ReplayTimeline`` would store them so and they are in date order, else `nil` (the engine
    /// then builds the timeline with `getTimeline`).
    ///
    /// With `bound` (``GapBound``, of `shared`), a `second` within its limit needs none of the
    /// checks' slack: its dates are compact and have no gap below 0 (nor below `bound.lowest`).
    @inline(__always)
    static func make(
        first: SimTime, second: SimTime, _ shared: EvenlySpacedDates.Spacing, bound: GapBound, policy: ReloadPolicy
    ) -> Self? {
        let run = EvenlySpacedDates(first: second, shared)
        if abs(second) <= bound.firstLimit {
            guard !(second - first < 0) else { return nil }
            return EvenTimeline(first: first, spaced: run, policy: policy, noGapUpTo: bound.lowest)
        }
        // Stored as three numbers (`appendEntries`), and nothing for `sortForDelivery` to sort.
        guard shared.count > 1, run.isCompact, !(second - first < 0), !run.hasGap(below: 0) else { return nil }
        return EvenTimeline(first: first, spaced: run, policy: policy)
    }

    /// The number of entries (a provider's count of entries, `spaced` one less: no overflow to
    /// check).
    var count: Int { 1 &+ spaced.count }

    /// Whether two adjacent entries are dated less than `threshold` apart
    /// (``ReplayTimeline/hasGap(below:)`` of the timeline these numbers store).
    ///
    /// The bound is asked as a branch of its own (`_fastPath`), before anything of the spaced
    /// dates' check: the compiler had combined its test with that check's count into flags, six
    /// instructions at every grant. The same answer (the tests are pure; only their order moved).
    @inline(__always)
    func hasGap(below threshold: Double) -> Bool {
        guard spaced.count > 0 else { return false }
        if spaced.first - first < threshold { return true }
        if _fastPath(threshold <= noGapUpTo) { return false }
        return spaced.hasGap(below: threshold)
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
