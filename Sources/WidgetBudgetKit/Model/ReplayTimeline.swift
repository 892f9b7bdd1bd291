/// A timeline: entries and a reload policy (WidgetKit's `Timeline`).
///
/// The engine hands the same `Timeline` value to the provider at every reload, so a provider
/// appends into storage that keeps its capacity: reloads do not allocate once warmed up.
///
/// Evenly spaced entries appended with ``appendEntries(from:spacing:count:)`` are not stored one by
/// one: the timeline keeps their first date, spacing and count, and the engine reads their dates by
/// arithmetic (the very dates appending them one by one would give). ``entries`` lists them all.
public struct ReplayTimeline: Sendable {
    /// The entries appended one by one (before the evenly spaced ones): `listed[..<listedCount]`.
    /// The array may hold more, left from before the timeline was emptied: ``reset()`` writes
    /// nothing, and the next entries overwrite them (the engine empties and refills its timeline
    /// at every reload: removing the one entry cost more than the rest of emptying it).
    private var listed: [ReplayEntry]
    /// How many of `listed`'s elements are entries.
    private var listedCount: Int
    /// The one entry listed, kept out of `listed` (whose first element is then unspecified): a
    /// timeline whose only listed entry is its first (the built-in providers') writes no array
    /// element at a reload (issue #26 engine-2, `deliver`: the element's write checked the array's
    /// uniqueness at every delivery). Stored in `listed` before anything else is (``storeHead()``).
    private var head: SimTime = 0
    /// Entry 0 is ``head`` (and `listedCount` is 1).
    private var headInline = false
    /// Entries after `listed`, evenly spaced, not stored.
    private var spaced = EvenlySpacedDates.none
    /// What to do after them.
    public var policy: ReloadPolicy

    /// Creates a timeline.
    public init(entries: [ReplayEntry] = [], policy: ReloadPolicy = .atEnd) {
        listed = entries
        listedCount = entries.count
        self.policy = policy
    }

    /// The entries, in ascending date order.
    ///
    /// Reading lists the evenly spaced entries too (O(n)); changing the array first stores them one
    /// by one, so appending through it stays amortised O(1).
    public var entries: [ReplayEntry] {
        get {
            var all =
                headInline
                ? [ReplayEntry(date: head)] : listedCount == listed.count ? listed : Array(listed[..<listedCount])
            if spaced.count > 0 { spaced.append(to: &all) }
            return all
        }
        _modify {
            storeSpaced()
            storeHead()
            trimListed()
            defer { listedCount = listed.count }
            yield &listed
        }
        set {
            listed = newValue
            listedCount = newValue.count
            headInline = false
            spaced = .none
        }
    }

    /// Appends one entry dated `date`: `entries.append(ReplayEntry(date: date))` without going
    /// through ``entries``' accessor (the built-in providers' first entry at every reload).
    @inline(__always)
    public mutating func append(date: SimTime) {
        storeSpaced()
        if listedCount == 0 {
            head = date
            headInline = true
            listedCount = 1
            return
        }
        storeHead()
        let entry = ReplayEntry(date: date)
        if listedCount < listed.count {
            listed[listedCount] = entry
        } else {
            listed.append(entry)
        }
        listedCount += 1
    }

    /// Appends `count` entries dated `first + Double(i) * spacing` for `i` in `0 ..< count`: the
    /// dates `entries.append` in a loop would give, to the bit, stored as three numbers when
    /// `spacing` is positive and the dates finite (else one by one).
    ///
    /// Built-in providers fill their timelines this way, so the engine neither stores nor checks the
    /// order of their entries one at a time. A second call stores the first call's entries.
    ///
    /// - Complexity: O(1) when stored as three numbers, else O(`count`).
    @inline(__always)
    public mutating func appendEntries(from first: SimTime, spacing: Double, count: Int) {
        appendEntries(from: first, EvenlySpacedDates.Spacing(spacing: spacing, count: count))
    }

    /// ``appendEntries(from:spacing:count:)`` with what the dates share whatever the first found
    /// beforehand (``FixedProvider``'s shape).
    @inline(__always)
    mutating func appendEntries(from first: SimTime, _ shared: EvenlySpacedDates.Spacing) {
        let count = shared.count
        guard count > 0 else { return }
        storeSpaced()
        let run = EvenlySpacedDates(first: first, shared)
        if count > 1 && run.isCompact {
            spaced = run
        } else {
            storeHead()
            trimListed()
            run.append(to: &listed)
            listedCount = listed.count
        }
    }

    /// Becomes the timeline `even` describes, stored as its provider's `getTimeline` stores it
    /// (the first entry listed, the others as three numbers): the engine delivers a built-in
    /// provider's timeline this way, without building it elsewhere first.
    @inline(__always)
    package mutating func replace(with even: EvenTimeline) {
        head = even.first
        headInline = true
        listedCount = 1
        spaced = even.spaced
        policy = even.policy
    }

    /// Empties the timeline, keeping its storage.
    ///
    /// The engine empties its timeline at every reload, usually holding the one listed entry the
    /// built-in providers append before their evenly spaced ones: nothing is written but the count
    /// of listed entries (the next ones overwrite the old; issue #26 `grantsonly`: removing the one
    /// entry from the array was 29 instructions and a call a reload).
    @inline(__always)
    public mutating func reset() {
        listedCount = 0
        headInline = false
        spaced = .none
        policy = .atEnd
    }

    /// Drops the elements of `listed` past its entries, before the array is appended to or handed
    /// out (inlined: usually there are none).
    @inline(__always)
    private mutating func trimListed() {
        if listed.count > listedCount { listed.removeSubrange(listedCount...) }
    }

    /// Becomes `other` and hands it this timeline's entry storage: `swap(&self, &other)` without
    /// writing this timeline's evenly spaced entries and policy back into `other`, whose contents
    /// are then unspecified until ``reset()`` (the engine delivers the timeline it built this way,
    /// and empties the other before the next reload).
    @inline(__always)
    package mutating func take(from other: inout ReplayTimeline) {
        swap(&listed, &other.listed)
        swap(&listedCount, &other.listedCount)
        head = other.head
        headInline = other.headInline
        spaced = other.spaced
        policy = other.policy
    }

    /// The instant at which the policy asks for the next timeline, or `nil` for `.never` (and for
    /// `.atEnd` with no entries).
    public var policyReloadDate: SimTime? {
        switch policy {
        case .atEnd: return lastDate
        case let .after(date): return date
        case .never: return nil
        }
    }

    // MARK: Reading without listing

    /// The number of entries. O(1).
    ///
    /// The two counts add without an overflow check: both are counts of entries held (or of
    /// dates that three numbers stand for), far below `Int.max`.
    package var count: Int { listedCount &+ spaced.count }

    /// The date of entry `k` (`0 ..< count`). O(1).
    ///
    /// The evenly spaced part's index subtracts without an overflow check: `k ≥ listedCount ≥ 0`
    /// there, so `k - listedCount` is in `0 ... k` (the render loop reads a date at each turn).
    @inline(__always)
    package func date(ofEntry k: Int) -> SimTime {
        k < listedCount ? (headInline ? head : listed[k].date) : spaced.date(k &- listedCount)
    }

    /// The date of the last entry, or `nil` when there is none. O(1).
    @inline(__always)
    package var lastDate: SimTime? {
        spaced.count > 0 ? spaced.date(spaced.count - 1) : listedCount > 0 ? (headInline ? head : listed[listedCount - 1].date) : nil
    }

    /// Whether two adjacent entries are dated less than `threshold` apart (`threshold` 0: whether
    /// the entries are out of date order): the smallest gap between them compared, without finding it.
    ///
    /// - Complexity: O(listed entries), plus O(1) for evenly spaced ones unless `threshold` is
    ///   within rounding of their spacing (then one step each).
    ///
    /// Inlined for at most one listed entry (the built-in providers' timelines at every reload),
    /// reading the stored properties one by one: the listed entries' check takes them as arguments
    /// (a method of `self` there made every delivery copy the whole timeline to pass its address).
    @inline(__always)
    package func hasGap(below threshold: Double) -> Bool {
        guard listedCount <= 1 else {
            return Self.hasListedGap(listed, count: listedCount, then: spaced, below: threshold)
        }
        guard spaced.count > 0 else { return false }
        if listedCount == 1 && spaced.first - (headInline ? head : listed[0].date) < threshold { return true }
        return spaced.hasGap(below: threshold)
    }

    /// Sorts the entries by date when they are not, and tells whether two adjacent ones are dated
    /// less than `minSpacing` apart (the engine's check of a timeline it is about to deliver):
    /// one pass over listed entries serves both when they are sorted and far enough apart, and
    /// none is needed over evenly spaced ones. Inlined: at most reloads the first check answers
    /// alone.
    @inline(__always)
    package mutating func sortForDelivery(minSpacing: Double) -> Bool {
        // One entry: no two entries to compare.
        guard count > 1, hasGap(below: max(minSpacing, 0)) else { return false }
        if hasGap(below: 0) { entries.sort { $0.date < $1.date } }
        return hasGap(below: minSpacing)
    }

    /// ``hasGap(below:)`` with two or more listed entries: `listed[..<listedCount]`, then `spaced`.
    private static func hasListedGap(
        _ listed: [ReplayEntry], count listedCount: Int, then spaced: EvenlySpacedDates, below threshold: Double
    ) -> Bool {
        if listedCount > 1 {
            for i in 1..<listedCount where listed[i].date - listed[i - 1].date < threshold { return true }
        }
        guard spaced.count > 0 else { return false }
        if listedCount > 0 && spaced.first - listed[listedCount - 1].date < threshold { return true }
        return spaced.hasGap(below: threshold)
    }

    /// How entries `k ..< count` are dated when they are evenly spaced: entry `j` at `first +
    /// Double(j - offset) * spacing` (as ``date(ofEntry:)`` computes it), else `nil`. O(1).
    @inline(__always)
    package func evenDates(from k: Int) -> (first: SimTime, spacing: Double, offset: Int)? {
        k >= listedCount && spaced.count > 0 ? (spaced.first, spaced.spacing, listedCount) : nil
    }

    /// The spacing of entries `k ..< count` when they are evenly spaced with exact dates (each one
    /// `spacing` after the one before, to the bit), else `nil`. O(1).
    @inline(__always)
    package func exactSpacing(from k: Int) -> Double? {
        k >= listedCount && spaced.isExact ? spaced.spacing : nil
    }

    /// The last index `j` in `k ... end` such that every entry in `k + 1 ... j` is dated exactly
    /// `step` after the one before it (`k` when entry `k + 1` is not).
    ///
    /// - Complexity: one comparison per listed entry; O(1) over evenly spaced entries whose dates
    ///   are exact (each is then `spacing` after the one before, to the bit).
    package func lastStepping(from k: Int, through end: Int, by step: Double) -> Int {
        var j = k
        while j < end {
            if exactSpacing(from: j) == step {
                // Entries j ... count - 1 are evenly spaced: each `step` after the one before.
                return min(end, listedCount + spaced.count - 1)
            }
            guard date(ofEntry: j + 1) == date(ofEntry: j) + step else { return j }
            j += 1
        }
        return j
    }

    /// Stores the evenly spaced entries one by one (inlined: usually there are none).
    @inline(__always)
    private mutating func storeSpaced() {
        guard spaced.count > 0 else { return }
        storeSpacedRun()
    }

    /// Stores ``head`` in `listed` when it is kept out of it (inlined: usually it is not, where
    /// this is called).
    @inline(__always)
    private mutating func storeHead() {
        guard headInline else { return }
        headInline = false
        let entry = ReplayEntry(date: head)
        if listed.isEmpty {
            listed.append(entry)
        } else {
            listed[0] = entry
        }
    }

    /// ``storeSpaced()`` when there are evenly spaced entries.
    private mutating func storeSpacedRun() {
        storeHead()
        trimListed()
        spaced.append(to: &listed)
        listedCount = listed.count
        spaced = .none
    }
}

extension ReplayTimeline: Equatable {
    /// Whether two timelines have the same entries and policy, however their entries are stored.
    public static func == (a: ReplayTimeline, b: ReplayTimeline) -> Bool {
        guard a.policy == b.policy, a.count == b.count else { return false }
        return (0..<a.count).allSatisfy { a.date(ofEntry: $0) == b.date(ofEntry: $0) }
    }
}
