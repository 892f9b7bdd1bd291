import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Cho & Garcia-Molina: a source changing as a Poisson process of rate λ, copied every I seconds.
/// Within each reload interval the copy is fresh until the first change T ~ Exp(λ), then its age grows
/// from 0 to I − T, so the long-run freshness is E[min(T, I)] / I = (1 − e^{−λI}) / (λI) and the mean
/// age is E[((I − T)⁺)²] / (2I) = I/2 − 1/λ + (1 − e^{−λI}) / (λ² I).
@Suite("Freshness and age against Cho & Garcia-Molina")
struct FreshnessTheoryTests {
    static let interval = 600.0  // I: a reload every 10 minutes.

    static func expectedFreshness(_ x: Double) -> Double { (1 - exp(-x)) / x }

    static func expectedMeanAge(_ x: Double, interval i: Double) -> Double {
        let lambda = x / i
        return i / 2 - 1 / lambda + (1 - exp(-x)) / (lambda * lambda * i)
    }

    /// 144 reloads a day over 20 replications × 100 days = 288,000 intervals: the statistical error
    /// of the worst case (the mean age at λI = 0.5) is about 0.35 %, so 2 % is a wide margin.
    @Test(
        "Poisson changes, a reload every I: freshness and mean age within 2 % of the closed forms",
        arguments: [0.5, 1.0, 3.0])
    func periodicReloads(lambdaI x: Double) {
        let i = Self.interval
        let perHour = x / i * 3_600
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: i, policy: .after(i))), days: 100, replications: 20, seed: 42,
            budget: .fixed(200), system: SystemSettings(minReloadInterval: 300),
            unpredictable: EventProcess(.poisson(perHour: perHour)), views: EventProcess(.poisson(perHour: 12)))
        let result = Simulator.run(scenario)
        let summary = result.summaries[0]
        #expect(summary.chargedPerDay == 144)
        #expect(summary.deferredPerDay == 0)
        #expect(isApproximatelyEqual(summary.freshness, Self.expectedFreshness(x), relativeTolerance: 0.02))
        #expect(isApproximatelyEqual(summary.meanAge, Self.expectedMeanAge(x, interval: i), relativeTolerance: 0.02))
        // Views at Poisson times see time averages (PASTA).
        let viewFreshness = try! #require(summary.viewFreshness)
        #expect(isApproximatelyEqual(viewFreshness, Self.expectedFreshness(x), relativeTolerance: 0.02))
        // Age never exceeds one interval: every reload fetches all changes so far.
        #expect(summary.maxAge <= i)
    }

    @Test("the closed forms themselves: λI = 1 gives freshness 1 − 1/e and mean age I (1/2 − 1/e)")
    func closedForms() {
        #expect(isApproximatelyEqual(Self.expectedFreshness(1), 1 - exp(-1), relativeTolerance: 1e-12))
        // I/2 − I + (1 − 1/e) I = I (1/2 − 1/e).
        #expect(isApproximatelyEqual(Self.expectedMeanAge(1, interval: 600), 600 * (0.5 - exp(-1)), relativeTolerance: 1e-12))
        // λI → 0: fresh all the time, age 0; λI → ∞: never fresh, age I/2.
        #expect(isApproximatelyEqual(Self.expectedFreshness(1e-6), 1, relativeTolerance: 1e-6))
        #expect(isApproximatelyEqual(Self.expectedMeanAge(1e4, interval: 600), 300 - 0.06 + 600 / 1e8, relativeTolerance: 1e-9))
    }

    /// One change at 1,000 s, reloads every 600 s: stale from 1,000 to the reload at 1,200, age 0 → 200.
    @Test("a single unpredictable change is missed until the next reload")
    func singleChange() {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 600, policy: .after(600))),
            budget: .fixed(200), unpredictable: EventProcess(.times([1_000])),
            views: EventProcess(.times([999, 1_000, 1_150, 1_200])))
        let run = Simulator.run(scenario, events: .all).run()
        let today = run.days[0]
        #expect(today.freshSeconds == 86_400 - 200)
        #expect(today.ageIntegral == 200 * 200 / 2)
        #expect(today.maxAge == 200)
        #expect(run.events(.view).map(\.detail) == [.fresh, .stale(0), .stale(150), .fresh])
        #expect(run.ageSegments == [AgeSegment(start: 1_000, from: 0, to: 200)])
    }

    /// A predictable change is shown by the first entry dated at or after it, without a reload.
    @Test("predictable changes are shown by entries dated at or after them")
    func predictableChanges() {
        // Entries every 15 min from the reload, one timeline a day (96 entries, .after 1 day);
        // changes at 10 min past each quarter: stale 5 min of every 15.
        let provider = ProviderSpec.fixed(FixedProvider(entries: 96, spacing: 900, policy: .after(86_400)))
        let scenario = TestScenarios.single(
            provider, memory: MemorySettings(perEntryKB: 1),
            predictable: EventProcess(.every(period: 900, offset: 600)))
        let today = Simulator.run(scenario).day(0)
        #expect(today.freshSeconds == 86_400 * 2 / 3)
        #expect(today.ageIntegral == 96 * 300 * 300 / 2)
        #expect(today.renders == 96)
    }

    @Test("time-weighted age quantiles")
    func ageQuantile() {
        // 10 % of the time stale with age rising 0 → 100: the display is older than q for 100 − q
        // seconds, which is 5 % of 1,000 s at q = 50.
        let p95 = AgeQuantile.timeWeighted([AgeSegment(from: 0, to: 100)], totalTime: 1_000, p: 0.95)
        #expect(isApproximatelyEqual(p95, 50, absoluteTolerance: 1e-5))
        // Stale less than 5 % of the time: the 95th percentile is 0 (fresh).
        #expect(AgeQuantile.timeWeighted([AgeSegment(from: 0, to: 40)], totalTime: 1_000, p: 0.95) == 0)
        // Two stretches 0 → 100 and 50 → 150 over 2,000 s: older than q ∈ [50, 100] for
        // (100 − q) + (150 − q) = 100 s at q = 75.
        let two = AgeQuantile.timeWeighted([AgeSegment(from: 0, to: 100), AgeSegment(from: 50, to: 150)], totalTime: 2_000, p: 0.95)
        #expect(isApproximatelyEqual(two, 75, absoluteTolerance: 1e-5))
    }

    @Test("95 % confidence half-widths use Student's t")
    func statistics() {
        #expect(Statistics.mean([1, 2, 3, 4]) == 2.5)
        #expect(Statistics.ci95HalfWidth([1]) == nil)
        // sd of [1, 3] is √2; t(1) = 12.706; n = 2.
        let half = try! #require(Statistics.ci95HalfWidth([1, 3]))
        #expect(isApproximatelyEqual(half, 12.706 * 2.0.squareRoot() / 2.0.squareRoot(), relativeTolerance: 1e-12))
        #expect(Statistics.tQuantile975(degreesOfFreedom: 1_000) == 1.960)
    }
}
