import Testing

@testable import WidgetBudgetKit

/// A space's candidates found by index (`CanonicalCandidates`, issue #26 round 6 `provider`) against
/// the listing sorted by `CandidateKey` that defines the canonical order, on random spaces.
@Suite("Candidates by index against the sorted listing")
struct CanonicalCandidatesTests {
    /// The same candidate, to the bit in its numbers (`==` fails on NaN).
    static func same(_ a: PolicyCandidate, _ b: PolicyCandidate) -> Bool {
        func bits(_ p: FixedPolicy) -> (Int, UInt64) {
            switch p {
            case .atEnd: return (0, 0)
            case let .after(seconds): return (1, seconds.bitPattern)
            case .never: return (2, 0)
            }
        }
        return a.entries == b.entries && a.align == b.align && a.windows == b.windows && a.schedule == b.schedule
            && a.selfUpdating == b.selfUpdating && a.spacing.bitPattern == b.spacing.bitPattern && bits(a.policy) == bits(b.policy)
            && a.appThrottle.map(\.bitPattern) == b.appThrottle.map(\.bitPattern)
    }

    /// Up to `max` elements of `list`, each drawn with repetition; none one time in 20.
    static func pick<T>(_ list: [T], _ g: inout SeededGenerator, max: Int) -> [T] {
        let n = g.next() % 20 == 0 ? 0 : 1 + Int(g.next() % UInt64(max))
        return (0..<n).map { _ in list[Int(g.next() % UInt64(list.count))] }
    }

    static let windowTexts = ["07:00-23:00", "weekdays 09:30-16:00", "22:00-06:00", "weekends 10:00-12:00"]

    /// A random space: made by `init` (lists in canonical order) or with lists set by hand, in any
    /// order and with duplicates; spacings, entries, delays and throttles from a set with 0,
    /// negatives, -0.0, NaN, infinity and duplicates.
    static func randomSpace(_ g: inout SeededGenerator) -> SearchSpace {
        let numbers: [Double] = [30, 60, 60, 120, 900, 3600, 0, -0.0, -60, .infinity, .nan, 1.5]
        let safe: [Double] = [30, 60, 120, 300, 900, 1800, 3600, 7200]
        let hostile = g.next() % 3 == 0
        let values = hostile ? numbers : safe
        let spacings = pick(values, &g, max: 5)
        let entries = pick(hostile ? [1, 2, 3, 12, 61, 0, -2] : [1, 1, 2, 3, 12, 61, 240], &g, max: 5)
        let aligns = pick(EntryAlignment.allCases, &g, max: 3)
        let policies: [FixedPolicy] = pick(values, &g, max: 4).map { .after($0) } + pick([.atEnd, .never], &g, max: 2)
        let windows: [[TimeWindow]] = pick([[], ["07:00-23:00"], ["22:00-06:00", "07:00-09:00"]] + windowTexts.map { [$0] }, &g, max: 4)
            .map { $0.map { TimeWindow($0)! } }
        let throttles: [Double?] = pick([nil, nil, -1, 0, -0.0, 600, 60, 3600] + (hostile ? [.nan] : []), &g, max: 4)
        var space = SearchSpace(
            spacings: spacings, entries: entries, aligns: aligns, policies: policies, windows: windows, firstOffset: 2)
        space.appThrottles = throttles.isEmpty && g.next() % 2 == 0 ? [nil] : throttles
        if g.next() % 4 == 0 {
            // Lists set by hand after `init`: any order, duplicates kept.
            space.spacings = spacings
            space.entries = entries
            space.aligns = aligns
            space.policies = policies
            space.windows = windows
        }
        return space
    }

    /// Every index of every space gives the listing's candidate; `candidates` is the listing.
    @Test func everyIndexOnRandomSpaces() {
        var g = SeededGenerator(seed: 2626)
        var arithmetic = 0
        var nonEmpty = 0
        for _ in 0..<400 {
            let space = Self.randomSpace(&g)
            let listed = space.listedInCanonicalOrder()
            let indexed = space.canonicalCandidates
            if indexed.isArithmetic { arithmetic += 1 }
            if !listed.isEmpty { nonEmpty += 1 }
            #expect(indexed.count == listed.count)
            guard indexed.count == listed.count else { continue }
            let wrong = listed.indices.filter { !Self.same(indexed[$0], listed[$0]) }
            #expect(wrong.isEmpty, "\(wrong.count) of \(listed.count) candidates differ, first at \(wrong.first ?? -1)")
            let all = space.candidates
            #expect(all.count == listed.count && zip(all, listed).allSatisfy { Self.same($0, $1) })
        }
        // Both ways taken often.
        #expect(arithmetic > 100)
        #expect(nonEmpty - arithmetic > 40, "\(nonEmpty - arithmetic) listed")
    }

    /// The bench's space (76,500 candidates) and the optimizer's usual ones, every index.
    @Test(arguments: [1, 12, 240])
    func benchSpaces(maxEntries: Int) {
        var spaces = [
            SearchSpace(
                spacings: [30, 60, 120, 300, 600, 900, 1800, 3600], entries: Array(1...maxEntries), aligns: [.none, .minute],
                policies: [
                    .atEnd, .after(900), .after(1800), .after(2700), .after(3600), .after(5400), .after(7200),
                    .after(10800), .after(14400), .never,
                ],
                windows: [[], [TimeWindow("07:00-23:00")!]], firstOffset: 2)
        ]
        var throttled = spaces[0]
        throttled.appThrottles = [nil, 0, 900, 300]
        spaces.append(throttled)
        for space in spaces {
            let listed = space.listedInCanonicalOrder()
            let indexed = space.canonicalCandidates
            #expect(indexed.isArithmetic)
            #expect(indexed.count == listed.count)
            guard indexed.count == listed.count else { continue }
            #expect(listed.indices.allSatisfy { Self.same(indexed[$0], listed[$0]) })
        }
    }
}
