import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The fixed provider's checks of its timelines' dates found once per provider
/// (`EvenTimeline.GapBound`, issue #26 engine-2, round 11 third part): a reload checks a bound on
/// its second entry's date, not the inexact dates' slack. Against the checks as they were before,
/// kept here verbatim: the same timeline or none, and the same answer to the delivery's check.
@Suite("A fixed provider's gap checks found once against the checks at every reload")
struct GapBoundTests {
    /// `EvenTimeline.make` before the bound, verbatim.
    static func oldMake(first: SimTime, second: SimTime, _ shared: EvenlySpacedDates.Spacing, policy: ReloadPolicy) -> EvenTimeline? {
        let run = EvenlySpacedDates(first: second, shared)
        // Stored as three numbers (`appendEntries`), and nothing for `sortForDelivery` to sort.
        guard shared.count > 1, run.isCompact, !(second - first < 0), !run.hasGap(below: 0) else { return nil }
        return EvenTimeline(first: first, spaced: run, policy: policy)
    }

    /// `EvenTimeline.hasGap(below:)` before the bound, verbatim.
    static func oldHasGap(_ even: EvenTimeline, below threshold: Double) -> Bool {
        even.spaced.count > 0 && (even.spaced.first - even.first < threshold || even.spaced.hasGap(below: threshold))
    }

    /// `EvenTimeline.closeEntries(minSpacing:)` before the bound, verbatim.
    static func oldCloseEntries(_ even: EvenTimeline, minSpacing: Double) -> Bool {
        minSpacing > 0 && oldHasGap(even, below: minSpacing)
    }

    /// Thresholds around `spacing` and the bound's lowest gap, and some fixed ones.
    static func thresholds(_ spacing: Double, _ bound: EvenTimeline.GapBound, _ g: inout SeededGenerator) -> [Double] {
        [
            0, -0.0, 2, 0.5, 60, -1, .nan, .infinity, -.infinity, spacing, spacing.nextDown, spacing.nextUp,
            bound.lowest, bound.lowest.nextUp, bound.lowest.nextDown, spacing * (1 - g.unit() * 0x1p-8),
            GrantPathTests.randomNumber(&g),
        ]
    }

    /// The new `make` against the old at `first` and `second`: both `nil`, or the same numbers
    /// (to the bit) with the same answers at every threshold; whether there was one.
    static func check(
        first: SimTime, second: SimTime, _ shared: EvenlySpacedDates.Spacing, _ g: inout SeededGenerator, _ label: String
    ) -> Bool {
        let bound = EvenTimeline.GapBound(shared)
        let new = EvenTimeline.make(first: first, second: second, shared, bound: bound, policy: .atEnd)
        let old = Self.oldMake(first: first, second: second, shared, policy: .atEnd)
        #expect((new == nil) == (old == nil), "\(label)")
        guard let new, let old else { return false }
        let same =
            new.first.bitPattern == old.first.bitPattern && new.spaced.first.bitPattern == old.spaced.first.bitPattern
            && new.spaced.spacing.bitPattern == old.spaced.spacing.bitPattern && new.spaced.count == old.spaced.count
            && new.spaced.isExact == old.spaced.isExact && new.policy == old.policy
        #expect(same, "\(label)")
        for threshold in thresholds(shared.spacing, bound, &g) {
            #expect(new.hasGap(below: threshold) == oldHasGap(old, below: threshold), "\(label) below \(threshold)")
            #expect(
                new.closeEntries(minSpacing: threshold) == oldCloseEntries(old, minSpacing: threshold),
                "\(label) min spacing \(threshold)")
        }
        return true
    }

    @Test("20,000 random reloads of random fixed providers: the old checks' timeline and answers")
    func providers() {
        var g = SeededGenerator(seed: 26_1103)
        let zones = [GridScenarios.utc, GridScenarios.parisSpring, GridScenarios.parisAutumn]
        var (made, fast) = (0, 0)
        for i in 0..<20_000 {
            let (start, zone) = zones[i % zones.count]
            let clock = LocalClock(start: start, timeZone: zone, horizon: 4 * Seconds.day)
            let provider = EvenTimelineTests.randomFixed(&g)
            let shared = EvenlySpacedDates.Spacing(spacing: provider.spacing, count: provider.entries > 1 ? provider.entries - 1 : 0)
            let limit = EvenTimeline.GapBound(shared).firstLimit
            let near = limit * (g.next() % 2 == 0 ? 1 : -1)
            let now: SimTime =
                switch i % 4 {
                case 0: GrantPathTests.randomNumber(&g)
                case 1: near - provider.spacing + [0, 1, -1, 0.5, 60][Int(g.next() % 5)]
                default: g.unit() * 3 * Seconds.day
                }
            let first = now + provider.firstOffset
            let second = provider.align.step.map { clock.nextAligned(after: first, step: $0) } ?? first + provider.spacing
            let label = "\(i): now \(now) \(provider)"
            if provider.entries > 1, Self.check(first: first, second: second, shared, &g, label) { made += 1 }
            if abs(second) <= limit { fast += 1 }
            // The provider's own answer: the timeline the old checks let through, or none.
            let even = provider.evenTimeline(at: now, clock: clock)
            if provider.entries > 1 {
                let old = Self.oldMake(first: first, second: second, shared, policy: even?.policy ?? .never)
                #expect((even == nil) == (old == nil), "\(label)")
                if let even, let old {
                    #expect(even.spaced.first.bitPattern == old.spaced.first.bitPattern, "\(label)")
                    #expect(even.closeEntries(minSpacing: 2) == Self.oldCloseEntries(old, minSpacing: 2), "\(label)")
                }
            }
        }
        #expect(made > 8_000 && fast > 6_000, "\(made) timelines, \(fast) through the bound")
    }

    @Test("20,000 random spacings, counts and second dates, near the bound's limit and past it")
    func spacings() {
        var g = SeededGenerator(seed: 26_1104)
        let spacings: [Double] = [
            60, 1, 0.5, 1.5, 900, 1e-300, .leastNonzeroMagnitude, 1e300, 0x1p990, 0x1p1000, .infinity, .nan, 0, -60,
            0x1p-20, 3e-5,
        ]
        let counts = [0, 1, 2, 3, 60, 119, 1 << 10]
        var fast = 0
        for i in 0..<20_000 {
            let spacing = g.next() % 3 == 0 ? GrantPathTests.randomNumber(&g) : spacings[Int(g.next() % UInt64(spacings.count))]
            let shared = EvenlySpacedDates.Spacing(spacing: spacing, count: counts[Int(g.next() % UInt64(counts.count))])
            let limit = EvenTimeline.GapBound(shared).firstLimit
            let sign: Double = g.next() % 2 == 0 ? 1 : -1
            let second: SimTime =
                switch i % 5 {
                case 0: sign * limit
                case 1: sign * limit.nextUp
                case 2: sign * limit.nextDown
                case 3: GrantPathTests.randomNumber(&g)
                default: sign * limit * g.unit()
                }
            let first = [second - spacing, second - 2, second, second + 1, second - g.unit() * 100][Int(g.next() % 5)]
            if Self.check(first: first, second: second, shared, &g, "\(i): \(spacing) × \(shared.count) from \(second)"),
                abs(second) <= limit
            {
                fast += 1
            }
        }
        #expect(fast > 3_000, "\(fast) through the bound")
    }
}
