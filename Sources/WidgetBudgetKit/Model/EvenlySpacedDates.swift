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

    /// No dates.
    static let none = EvenlySpacedDates(first: 0, spacing: 0, count: 0)

    init(first: SimTime, spacing: Double, count: Int) {
        self.first = first
        self.spacing = spacing
        self.count = count
        let exactLimit = 4_503_599_627_370_496.0  // 2^52
        isExact =
            first == first.rounded() && spacing == spacing.rounded() && abs(first) < exactLimit
            && Double(count) * abs(spacing) < exactLimit - abs(first)
    }

    /// Positive spacing and finite dates: sorted, and fine to keep as three numbers.
    var isCompact: Bool {
        spacing > 0 && spacing.isFinite && first.isFinite && date(count - 1).isFinite
    }

    /// Date `i`.
    @inline(__always)
    func date(_ i: Int) -> SimTime {
        first + Double(i) * spacing
    }

    /// The smallest gap between adjacent dates (`+infinity` with fewer than two).
    func closestGap() -> Double {
        guard count > 1 else { return .infinity }
        if isExact { return spacing }
        var closest = Double.infinity
        for i in 1..<count { closest = min(closest, date(i) - date(i - 1)) }
        return closest
    }

    /// Appends the dates to `entries` one by one.
    func append(to entries: inout [ReplayEntry]) {
        for i in 0..<count { entries.append(ReplayEntry(date: date(i))) }
    }
}
