/// A search space's distinct candidates in canonical order (``SearchSpace/candidates``), read by
/// index without listing them.
///
/// Sorted by ``CandidateKey``, a space's candidates fall into one block per window list (by its
/// text) and policy; inside a block, the single-entry candidates come first (spacing 0, no
/// alignment), one per distinct app throttle, then every alignment × spacing × entry count ×
/// app throttle in that order. When the space's lists are in that order (as ``SearchSpace/init(spacings:entries:aligns:policies:windows:firstOffset:)``
/// leaves them: no two window lists with the same text, spacings positive, entries at least 1,
/// no NaN), the `k`th candidate is found by arithmetic on `k`, O(1). Otherwise (lists set by hand
/// out of order) the candidates are listed and sorted once, as ``SearchSpace/candidates`` always
/// did. `CanonicalCandidatesTests` checks every index against that listing on random spaces.
public struct CanonicalCandidates: RandomAccessCollection, Sendable {
    /// How the candidates are found.
    private enum Storage: Sendable {
        /// Listed and sorted.
        case listed([PolicyCandidate])
        /// Found by arithmetic.
        case blocks(Blocks)
    }

    /// A space whose candidates are found by arithmetic: its lists in canonical order.
    private struct Blocks: Sendable {
        /// Window lists, by text (the texts all differ).
        var windows: [[TimeWindow]]
        /// Policies: `at-end`, `after` delays ascending, `never`.
        var policies: [FixedPolicy]
        /// Alignments, in ``EntryAlignment/allCases`` order.
        var aligns: [EntryAlignment]
        /// Spacings, seconds, strictly ascending and positive.
        var spacings: [Double]
        /// Entry counts above 1, strictly ascending.
        var multi: [Int]
        /// App throttles, stably sorted by their key (`nil` as -1).
        var throttles: [Double?]
        /// The single-entry candidates' throttles: each distinct one once, stably sorted by key
        /// (empty when the entry counts do not hold 1).
        var singles: [Double?]
        /// Candidates per window list and policy.
        var blockSize: Int
        /// Candidates in all.
        var count: Int

        /// The `k`th candidate.
        func candidate(at k: Int) -> PolicyCandidate {
            let perWindows = policies.count * blockSize
            let w = windows[k / perWindows]
            var r = k % perWindows
            let p = policies[r / blockSize]
            r %= blockSize
            if r < singles.count {
                return PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: p, windows: w, appThrottle: singles[r])
            }
            r -= singles.count
            let t = throttles[r % throttles.count]
            r /= throttles.count
            let n = multi[r % multi.count]
            r /= multi.count
            let s = spacings[r % spacings.count]
            let a = aligns[r / spacings.count]
            return PolicyCandidate(spacing: s, entries: n, align: a, policy: p, windows: w, appThrottle: t)
        }
    }

    private let storage: Storage

    /// The candidates of `space`.
    init(_ space: SearchSpace) {
        if let blocks = Self.blocks(space) {
            storage = .blocks(blocks)
        } else {
            storage = .listed(space.listedInCanonicalOrder())
        }
    }

    /// Whether the candidates are found by arithmetic rather than listed (for tests).
    package var isArithmetic: Bool {
        if case .blocks = storage { return true }
        return false
    }

    /// `0`.
    public var startIndex: Int { 0 }

    /// The number of candidates.
    public var endIndex: Int {
        switch storage {
        case let .listed(all): all.count
        case let .blocks(b): b.count
        }
    }

    /// The `k`th candidate in canonical order. O(1).
    public subscript(k: Int) -> PolicyCandidate {
        switch storage {
        case let .listed(all): return all[k]
        case let .blocks(b):
            precondition(k >= 0 && k < b.count, "candidate index out of range")
            return b.candidate(at: k)
        }
    }

    /// The space's lists in canonical order, or `nil` when they are not (then the candidates are
    /// listed and sorted).
    private static func blocks(_ space: SearchSpace) -> Blocks? {
        guard !space.isEmpty else { return nil }
        func strictlyAscending<T>(_ list: [T], by key: (T) -> Double) -> Bool {
            list.indices.dropFirst().allSatisfy { key(list[$0 - 1]) < key(list[$0]) }
        }
        // NaN fails `<` and `> 0`, so none gets through.
        guard strictlyAscending(space.spacings, by: { $0 }), space.spacings.allSatisfy({ $0 > 0 }),
            strictlyAscending(space.entries, by: { Double($0) }), space.entries.allSatisfy({ $0 >= 1 }),
            strictlyAscending(space.aligns, by: { Double(EntryAlignment.allCases.firstIndex(of: $0) ?? 0) }),
            strictlyAscending(space.policies, by: policyKey),
            space.appThrottles.allSatisfy({ !($0?.isNaN ?? false) })
        else { return nil }
        let texts = space.windows.map(PolicyCandidate.windowsText)
        guard Set(texts).count == texts.count else { return nil }
        let windows = space.windows.indices.sorted { texts[$0] < texts[$1] }.map { space.windows[$0] }
        // Swift's sort is stable: throttles with equal keys keep the order the listing made them in.
        let throttles = space.appThrottles.sorted { ($0 ?? -1) < ($1 ?? -1) }
        var singles: [Double?] = []
        if space.entries.contains(1) {
            for t in throttles where !singles.contains(t) { singles.append(t) }
        }
        let multi = space.entries.filter { $0 > 1 }
        let (shapes, o1) = (space.aligns.count * space.spacings.count).multipliedReportingOverflow(by: multi.count)
        let (multiCount, o2) = shapes.multipliedReportingOverflow(by: throttles.count)
        let (blockSize, o3) = multiCount.addingReportingOverflow(singles.count)
        let (perWindows, o4) = blockSize.multipliedReportingOverflow(by: space.policies.count)
        let (count, o5) = perWindows.multipliedReportingOverflow(by: windows.count)
        guard !(o1 || o2 || o3 || o4 || o5) else { return nil }
        return Blocks(
            windows: windows, policies: space.policies, aligns: space.aligns, spacings: space.spacings, multi: multi,
            throttles: throttles, singles: singles, blockSize: blockSize, count: count)
    }

    /// A policy's place in canonical order: `at-end` first, `after` by delay, `never` last.
    private static func policyKey(_ p: FixedPolicy) -> Double {
        switch p {
        case .atEnd: -.infinity
        case let .after(seconds): seconds.isNaN || seconds == .infinity || seconds == -.infinity ? .nan : seconds
        case .never: .infinity
        }
    }
}
