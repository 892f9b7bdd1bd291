/// Dates `first + Double(i) * spacing` for `i` in `0 ..< count`: evenly spaced entries that a
/// timeline does not store one by one.
struct EvenlySpacedDates: Sendable {
    /// The first date.
    let first: SimTime
    /// Seconds between dates.
    let spacing: Double
    /// How many dates.
    let count: Int
    /// The dates are whole seconds below 2^52 in magnitude, so computing them rounds nothing and
    /// each is `spacing` after the one before, to the bit.
    let isExact: Bool

    /// No dates (computed, not a stored `static let`: a timeline empties itself at every reload,
    /// and a lazily initialised global would cost a `swift_once` check each time).
    static var none: EvenlySpacedDates { EvenlySpacedDates(first: 0, spacing: 0, count: 0, isExact: true) }

    /// What dates `spacing` apart, `count` of them, share whatever their first date: the parts of
    /// the exactness check that do not read it, found once (``FixedProvider`` keeps its timelines'
    /// in its shape, so that a reload checks only its first date).
    struct Spacing: Sendable {
        /// Seconds between dates.
        let spacing: Double
        /// How many dates.
        let count: Int
        /// `Double(count) * abs(spacing)`, as the exactness check computes it.
        let extent: Double
        /// Whether `spacing` is a whole number (`ExactMultiples.isWhole(_:)`).
        let isWhole: Bool

        /// The shared parts of `count` dates `spacing` apart.
        init(spacing: Double, count: Int) {
            self.spacing = spacing
            self.count = count
            extent = Double(count) * abs(spacing)
            isWhole = ExactMultiples.isWhole(spacing)
        }
    }

    private init(first: SimTime, spacing: Double, count: Int, isExact: Bool) {
        self.first = first
        self.spacing = spacing
        self.count = count
        self.isExact = isExact
    }

    @inline(__always)
    init(first: SimTime, spacing: Double, count: Int) {
        self.init(first: first, Spacing(spacing: spacing, count: count))
    }

    /// Dates `shared.spacing` apart from `first`: the exactness check's parts that read `first`,
    /// the others taken from `shared`.
    ///
    /// Exact when `abs(first)` and `abs(first) + extent` are below 2^52, `first` is whole and so
    /// is `shared`, written without the comparison `abs(first) < 2^52`, which the extent's
    /// implies: `shared.extent` is not below 0 (a count's conversion, not negative, times a
    /// magnitude) or is NaN, and `2^52 - abs(first)` as computed is at most 0 when `abs(first)`
    /// is at least 2^52 (the subtraction rounds monotonically; -infinity for an infinite
    /// `first`, NaN for NaN), so `shared.extent < 2^52 - abs(first)` fails whenever that
    /// comparison would. Past it, `abs(first)` is below 2^52, where `ExactMultiples.isWhole(_:)`
    /// is `(abs(first) + 2^52) - 2^52 == abs(first)`, written out here without its own
    /// comparison with 2^52 (#26 engine-2 `grant`: a comparison and a branch fewer at every
    /// reload of a built-in provider; `ExactSecondDateTests` against the check with both).
    @inline(__always)
    init(first: SimTime, _ shared: Spacing) {
        self.first = first
        spacing = shared.spacing
        count = shared.count
        let exactLimit = 4_503_599_627_370_496.0  // 2^52
        let magnitude = abs(first)
        isExact = shared.extent < exactLimit - magnitude && (magnitude + exactLimit) - exactLimit == magnitude && shared.isWhole
    }

    /// Positive spacing and finite dates: sorted, and fine to keep as three numbers.
    ///
    /// Exact dates are finite, so only the spacing's sign is left to check (the built-in
    /// providers' dates at every reload).
    @inline(__always)
    var isCompact: Bool {
        if isExact { return spacing > 0 }
        return spacing > 0 && spacing.isFinite && first.isFinite && date(count - 1).isFinite
    }

    /// Date `i`.
    @inline(__always)
    func date(_ i: Int) -> SimTime {
        first + Double(i) * spacing
    }

    /// Whether two adjacent dates are less than `threshold` apart (as computed: `date(i) - date(i - 1)`).
    ///
    /// Exact dates are each `spacing` apart. Otherwise every computed gap is within `slack` of
    /// `spacing`: with `u` = 2^-53 and `B` = |first| + count × |spacing|, `date(i)` is within
    /// 2.01 u B of `first + i × spacing` (two roundings), so a gap is within 4.02 u B of `spacing`
    /// before its own subtraction rounds (u × |gap| more), below 5 u B in all; `slack` is 8 u B.
    /// Only a threshold within `slack` of `spacing` needs the gaps one by one.
    ///
    /// Inlined but for the gaps one by one (the built-in providers' dates at every reload: exact
    /// when aligned to the clock, else compared through `slack`).
    @inline(__always)
    func hasGap(below threshold: Double) -> Bool {
        guard count > 1 else { return false }
        if isExact { return spacing < threshold }
        let slack = (abs(first) + Double(count) * abs(spacing)) * 0x1p-50
        if spacing - slack >= threshold { return false }
        if spacing + slack < threshold { return true }
        return hasGapOneByOne(below: threshold)
    }

    /// ``hasGap(below:)`` comparing the computed gaps one by one (`count` > 1).
    private func hasGapOneByOne(below threshold: Double) -> Bool {
        for i in 1..<count where date(i) - date(i - 1) < threshold { return true }
        return false
    }

    /// Appends the dates to `entries` one by one.
    func append(to entries: inout [ReplayEntry]) {
        for i in 0..<count { entries.append(ReplayEntry(date: date(i))) }
    }
}
