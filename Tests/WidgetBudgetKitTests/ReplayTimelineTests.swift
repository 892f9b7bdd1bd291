import Foundation
import Testing
import WidgetBudgetKit

/// Evenly spaced entries kept as three numbers (`appendEntries`) against the same entries appended
/// one by one: the same dates, count, gaps and steps, whatever the numbers (fractions, negative or
/// zero spacings, dates past 2^52).
@Suite("Timelines with evenly spaced entries")
struct ReplayTimelineTests {
    /// The timeline filled entry by entry: the oracle.
    static func listed(head: [SimTime], first: SimTime, spacing: Double, count: Int) -> ReplayTimeline {
        var timeline = ReplayTimeline()
        for date in head { timeline.entries.append(ReplayEntry(date: date)) }
        for i in 0..<count { timeline.entries.append(ReplayEntry(date: first + Double(i) * spacing)) }
        return timeline
    }

    static func spaced(head: [SimTime], first: SimTime, spacing: Double, count: Int) -> ReplayTimeline {
        var timeline = ReplayTimeline()
        for date in head { timeline.entries.append(ReplayEntry(date: date)) }
        timeline.appendEntries(from: first, spacing: spacing, count: count)
        return timeline
    }

    /// The engine's order check before: the smallest gap between adjacent entries.
    static func closestGap(_ entries: [ReplayEntry]) -> Double {
        var closest = Double.infinity
        for i in entries.indices.dropFirst() { closest = min(closest, entries[i].date - entries[i - 1].date) }
        return closest
    }

    /// `ChangeCursor.follow`'s scan before: the last entry of a stretch each `step` after the one before.
    static func lastStepping(_ entries: [ReplayEntry], from k: Int, through end: Int, by step: Double) -> Int {
        var j = k
        while j < end && entries[j + 1].date == entries[j].date + step { j += 1 }
        return j
    }

    static func randomCase(_ g: inout SeededGenerator) -> (head: [SimTime], first: SimTime, spacing: Double, count: Int) {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let base: Double = pick([0, 32, 86_400, -3_600, 0.37, 1e15, 4_503_599_627_370_000, 9e15, 1e300])
        let spacing: Double = pick([60, 60, 900, 0.1, 1.5, 1e-3, 0, -60, 7e15, 1e308])
        let head: [SimTime] = pick([[], [base - 58], [base - 2, base - 1], [base + 5]])
        return (head, base, spacing, pick([0, 1, 2, 3, 61, 240]))
    }

    @Test("1,000 random timelines read the same either way")
    func spacedMatchesListed() throws {
        var g = SeededGenerator(seed: 1_260)
        for _ in 0..<1_000 {
            let c = Self.randomCase(&g)
            let a = Self.spaced(head: c.head, first: c.first, spacing: c.spacing, count: c.count)
            let b = Self.listed(head: c.head, first: c.first, spacing: c.spacing, count: c.count)
            let entries = b.entries
            #expect(a.entries == entries, "\(c)")
            #expect(a == b && b == a)
            #expect(a.count == entries.count)
            #expect((0..<a.count).allSatisfy { a.date(ofEntry: $0) == entries[$0].date })
            #expect(a.lastDate == entries.last?.date)
            #expect(a.policyReloadDate == b.policyReloadDate)
            let gap = Self.closestGap(entries)
            for threshold in [0, c.spacing, c.spacing.nextDown, c.spacing.nextUp, gap, gap.nextUp, 1, 60, -1] {
                #expect(a.hasGap(below: threshold) == (gap < threshold), "\(c) below \(threshold)")
            }
            guard !entries.isEmpty else { continue }
            for _ in 0..<8 {
                let k = Int(g.next() % UInt64(entries.count))
                let end = k + Int(g.next() % UInt64(entries.count - k))
                for step in [c.spacing, 60, c.spacing * 2] {
                    #expect(a.lastStepping(from: k, through: end, by: step) == Self.lastStepping(entries, from: k, through: end, by: step))
                }
            }
            guard entries.allSatisfy({ $0.date.isFinite }) else { continue }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(try encoder.encode(a) == encoder.encode(b))
            #expect(try JSONDecoder().decode(ReplayTimeline.self, from: encoder.encode(a)) == b)
        }
    }

    @Test("changing the entries after appendEntries changes them as if they had been listed")
    func mutationStoresTheRun() {
        var a = Self.spaced(head: [2], first: 60, spacing: 60, count: 4)
        var b = Self.listed(head: [2], first: 60, spacing: 60, count: 4)
        a.entries.append(ReplayEntry(date: 1))
        b.entries.append(ReplayEntry(date: 1))
        #expect(a.entries == b.entries)
        #expect(a.hasGap(below: 0))
        a.entries.sort { $0.date < $1.date }
        #expect(a.entries.map(\.date) == [1, 2, 60, 120, 180, 240])
        a.appendEntries(from: 300, spacing: 60, count: 2)
        a.appendEntries(from: 420, spacing: 60, count: 2)
        #expect(a.entries.map(\.date) == [1, 2, 60, 120, 180, 240, 300, 360, 420, 480])
        a.reset()
        #expect(a.entries.isEmpty && a.count == 0 && a.lastDate == nil)
    }

    @Test("1,000 timelines reset and filled again read as new ones")
    func resetThenRefill() {
        var g = SeededGenerator(seed: 1_261)
        var reused = ReplayTimeline()
        for _ in 0..<1_000 {
            let c = Self.randomCase(&g)
            reused.reset()
            #expect(reused.count == 0 && reused.lastDate == nil && reused.policy == .atEnd)
            for date in c.head { reused.entries.append(ReplayEntry(date: date)) }
            reused.appendEntries(from: c.first, spacing: c.spacing, count: c.count)
            if g.next() % 2 == 0 { reused.policy = .never }
            var fresh = Self.listed(head: c.head, first: c.first, spacing: c.spacing, count: c.count)
            fresh.policy = reused.policy
            #expect(reused == fresh && reused.entries == fresh.entries, "\(c)")
        }
    }

    @Test("built-in providers keep their evenly spaced entries as three numbers")
    func builtInProvidersAppendRuns() {
        let fixed = FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute)
        var timeline = ReplayTimeline()
        fixed.getTimeline(in: ReplayContext(now: 30, clock: .utc()), into: &timeline)
        #expect(timeline.count == 61)
        #expect(!timeline.hasGap(below: 28) && timeline.hasGap(below: 28.5))
        #expect(timeline.lastStepping(from: 1, through: 60, by: 60) == 60)
        #expect(timeline.entries.map(\.date) == [32] + (1...60).map { Double($0) * 60 })
    }
}
