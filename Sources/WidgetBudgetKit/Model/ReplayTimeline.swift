/// A timeline: entries and a reload policy (WidgetKit's `Timeline`).
///
/// The engine hands the same `Timeline` value to the provider at every reload, so a provider
/// appends into storage that keeps its capacity: reloads do not allocate once warmed up.
///
/// Evenly spaced entries appended with ``appendEntries(from:spacing:count:)`` are not stored one by
/// one: the timeline keeps their first date, spacing and count, and the engine reads their dates by
/// arithmetic (the very dates appending them one by one would give). ``entries`` lists them all.
public struct ReplayTimeline: Sendable {
    /// The entries appended one by one (before the evenly spaced ones).
    private var listed: [ReplayEntry]
    /// Entries after `listed`, evenly spaced, not stored.
    private var spaced = EvenlySpacedDates.none
    /// What to do after them.
    public var policy: ReloadPolicy

    /// Creates a timeline.
    public init(entries: [ReplayEntry] = [], policy: ReloadPolicy = .atEnd) {
        listed = entries
        self.policy = policy
    }

    /// The entries, in ascending date order.
    ///
    /// Reading lists the evenly spaced entries too (O(n)); changing the array first stores them one
    /// by one, so appending through it stays amortised O(1).
    public var entries: [ReplayEntry] {
        get {
            guard spaced.count > 0 else { return listed }
            var all = listed
            spaced.append(to: &all)
            return all
        }
        _modify {
            storeSpaced()
            yield &listed
        }
        set {
            listed = newValue
            spaced = .none
        }
    }

    /// Appends one entry dated `date`: `entries.append(ReplayEntry(date: date))` without going
    /// through ``entries``' accessor (the built-in providers' first entry at every reload).
    @inline(__always)
    public mutating func append(date: SimTime) {
        storeSpaced()
        listed.append(ReplayEntry(date: date))
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
        guard count > 0 else { return }
        storeSpaced()
        let run = EvenlySpacedDates(first: first, spacing: spacing, count: count)
        if count > 1 && run.isCompact {
            spaced = run
        } else {
            run.append(to: &listed)
        }
    }

    /// Empties the timeline, keeping its storage.
    ///
    /// The engine empties its timeline at every reload, usually holding the one listed entry the
    /// built-in providers append before their evenly spaced ones: that one is dropped by
    /// `removeLast`, cheaper than the general range removal of `removeAll(keepingCapacity:)`.
    /// Inlined: the call cost as much as the work.
    @inline(__always)
    public mutating func reset() {
        if !listed.isEmpty { removeListed() }
        spaced = .none
        policy = .atEnd
    }

    /// Empties `listed`, keeping its storage. A function of its own, never inlined, so that
    /// `removeLast` is inlined here (inside the engine's large grant function the optimizer calls
    /// the standard library's generic code instead, at about twice the cost).
    @inline(never)
    private mutating func removeListed() {
        if listed.count == 1 {
            listed.removeLast()
        } else {
            listed.removeAll(keepingCapacity: true)
        }
    }

    /// Becomes `other` and hands it this timeline's entry storage: `swap(&self, &other)` without
    /// writing this timeline's evenly spaced entries and policy back into `other`, whose contents
    /// are then unspecified until ``reset()`` (the engine delivers the timeline it built this way,
    /// and empties the other before the next reload).
    @inline(__always)
    package mutating func take(from other: inout ReplayTimeline) {
        swap(&listed, &other.listed)
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
    package var count: Int { listed.count + spaced.count }

    /// The date of entry `k` (`0 ..< count`). O(1).
    @inline(__always)
    package func date(ofEntry k: Int) -> SimTime {
        k < listed.count ? listed[k].date : spaced.date(k - listed.count)
    }

    /// The date of the last entry, or `nil` when there is none. O(1).
    @inline(__always)
    package var lastDate: SimTime? {
        spaced.count > 0 ? spaced.date(spaced.count - 1) : listed.last?.date
    }

    /// Whether two adjacent entries are dated less than `threshold` apart (`threshold` 0: whether
    /// the entries are out of date order): the smallest gap between them compared, without finding it.
    ///
    /// - Complexity: O(listed entries), plus O(1) for evenly spaced ones unless `threshold` is
    ///   within rounding of their spacing (then one step each).
    ///
    /// Inlined for at most one listed entry (the built-in providers' timelines at every reload).
    @inline(__always)
    package func hasGap(below threshold: Double) -> Bool {
        guard listed.count <= 1 else { return hasListedGap(below: threshold) }
        guard spaced.count > 0 else { return false }
        if let last = listed.last, spaced.first - last.date < threshold { return true }
        return spaced.hasGap(below: threshold)
    }

    /// ``hasGap(below:)`` with two or more listed entries.
    private func hasListedGap(below threshold: Double) -> Bool {
        if listed.count > 1 {
            for i in 1..<listed.count where listed[i].date - listed[i - 1].date < threshold { return true }
        }
        guard spaced.count > 0 else { return false }
        if let last = listed.last, spaced.first - last.date < threshold { return true }
        return spaced.hasGap(below: threshold)
    }

    /// How entries `k ..< count` are dated when they are evenly spaced: entry `j` at `first +
    /// Double(j - offset) * spacing` (as ``date(ofEntry:)`` computes it), else `nil`. O(1).
    @inline(__always)
    package func evenDates(from k: Int) -> (first: SimTime, spacing: Double, offset: Int)? {
        k >= listed.count && spaced.count > 0 ? (spaced.first, spaced.spacing, listed.count) : nil
    }

    /// The spacing of entries `k ..< count` when they are evenly spaced with exact dates (each one
    /// `spacing` after the one before, to the bit), else `nil`. O(1).
    @inline(__always)
    package func exactSpacing(from k: Int) -> Double? {
        k >= listed.count && spaced.isExact ? spaced.spacing : nil
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
                return min(end, listed.count + spaced.count - 1)
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

    /// ``storeSpaced()`` when there are evenly spaced entries.
    private mutating func storeSpacedRun() {
        spaced.append(to: &listed)
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
