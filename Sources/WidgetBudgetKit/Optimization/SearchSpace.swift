/// The policies the optimizer may choose from: every combination of the listed spacings, entry
/// counts, alignments, reload policies and windows.
///
/// A candidate with a single entry ignores spacing and alignment, so those combinations collapse
/// into one; ``candidates`` lists each distinct candidate once, in canonical order.
public struct SearchSpace: Sendable, Equatable, Codable {
    /// Entry spacings, seconds, ascending.
    public var spacings: [Double]
    /// Entry counts, ascending.
    public var entries: [Int]
    /// Alignments.
    public var aligns: [EntryAlignment]
    /// Reload policies: `at-end`, `after` delays ascending, `never`.
    public var policies: [FixedPolicy]
    /// Window lists; `[]` means "all day".
    public var windows: [[TimeWindow]]
    /// Seconds from a reload to the first entry, the same for every candidate (seed 002: 2 s).
    public var firstOffset: Double

    /// Creates a space; values are sorted and duplicates dropped.
    public init(
        spacings: [Double], entries: [Int], aligns: [EntryAlignment], policies: [FixedPolicy],
        windows: [[TimeWindow]] = [[]], firstOffset: Double = 0
    ) {
        self.spacings = Array(Set(spacings)).sorted()
        self.entries = Array(Set(entries)).sorted()
        self.aligns = EntryAlignment.allCases.filter { aligns.contains($0) }
        var afters: [Double] = []
        for case let .after(seconds) in policies where !afters.contains(seconds) { afters.append(seconds) }
        var ordered: [FixedPolicy] = policies.contains(.atEnd) ? [.atEnd] : []
        ordered += afters.sorted().map { .after($0) }
        if policies.contains(.never) { ordered.append(.never) }
        self.policies = ordered
        var uniqueWindows: [[TimeWindow]] = []
        for w in windows where !uniqueWindows.contains(w) { uniqueWindows.append(w) }
        self.windows = uniqueWindows
        self.firstOffset = firstOffset
    }

    /// App-side throttles on `reloadTimelines` (seconds; `[nil]`: the scenario's app as written).
    public var appThrottles: [Double?] = [nil]

    /// A time-of-day schedule space (`optimize.schedule`): when set, the candidates are schedules
    /// over its segments and intervals, with the entries, spacings and alignments of this space
    /// (see ``scheduleSpaces``); `policies` and `windows` are unused.
    public var schedule: ScheduleSpace?

    /// True when some list is empty, so there is nothing to choose from.
    public var isEmpty: Bool {
        spacings.isEmpty || entries.isEmpty || aligns.isEmpty || policies.isEmpty || windows.isEmpty || appThrottles.isEmpty
    }

    /// Every distinct candidate, in canonical order (see ``PolicyCandidate/canonicalOrder(_:_:)``).
    ///
    /// - Complexity: O(n) for n candidates when the lists are in canonical order (as ``init(spacings:entries:aligns:policies:windows:firstOffset:)`` leaves
    ///   them), else O(n log n) for n combinations.
    public var candidates: [PolicyCandidate] { Array(canonicalCandidates) }

    /// ``candidates`` read by index without listing them (``CanonicalCandidates``): the `k`th
    /// candidate in O(1) when the lists are in canonical order.
    public var canonicalCandidates: CanonicalCandidates { CanonicalCandidates(self) }

    /// Every distinct candidate, listed from every combination and sorted by ``CandidateKey``:
    /// the definition of the canonical order, which ``CanonicalCandidates`` follows by arithmetic.
    ///
    /// - Complexity: O(n log n) for n combinations.
    package func listedInCanonicalOrder() -> [PolicyCandidate] {
        guard !isEmpty else { return [] }
        var seen = Set<PolicyCandidate>()
        var out: [PolicyCandidate] = []
        // Each key made once, not twice per comparison (a 76,000-candidate space made 2.6 million),
        // and each window list's text once; Swift's sort is stable, so ties keep the same order
        // either way.
        var keys: [CandidateKey] = []
        out.reserveCapacity(combinations)
        keys.reserveCapacity(combinations)
        for w in windows {
            let windowsText = PolicyCandidate.windowsText(w)
            for p in policies {
                for a in aligns {
                    for s in spacings {
                        for n in entries {
                            for t in appThrottles {
                                let c = PolicyCandidate(spacing: s, entries: n, align: a, policy: p, windows: w, appThrottle: t)
                                if n > 1 || seen.insert(c).inserted {
                                    out.append(c)
                                    keys.append(CandidateKey(c, windowsText: windowsText))
                                }
                            }
                        }
                    }
                }
            }
        }
        return out.indices.sorted { keys[$0] < keys[$1] }.map { out[$0] }
    }

    /// The number of combinations before single-entry duplicates collapse (saturating at `Int.max`).
    public var combinations: Int {
        WorkEstimate.product([spacings.count, entries.count, aligns.count, policies.count, windows.count, appThrottles.count])
    }

    /// The number of distinct candidates (saturating at `Int.max`).
    public var count: Int {
        guard !isEmpty else { return 0 }
        let multi = entries.filter { $0 > 1 }.count
        let single = entries.contains(1) ? 1 : 0
        let shapes = WorkEstimate.sum([WorkEstimate.product([aligns.count, spacings.count, multi]), single])
        return WorkEstimate.product([windows.count, policies.count, shapes, appThrottles.count])
    }
}
