import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The estimators against values computed by hand.
@Suite("Analytics estimators")
struct AnalyticsEstimatorTests {
    @Test("exact values only: the empirical distribution")
    func exactOnly() {
        var s = CensoredSample()
        for x in [5.0, 1, 9, 3, 7] { s.add(exact: x) }
        #expect(s.quantile(0.5) == 5)
        #expect(s.quantile(0.2) == 1)
        #expect(s.quantile(0.21) == 3)
        #expect(s.quantile(1) == 9)
        #expect(isApproximatelyEqual(s.distribution.map(\.cdf), [0.2, 0.4, 0.6, 0.8, 1], absoluteTolerance: 1e-9))
    }

    /// Exact 1, 3, 5 and "at most 4". Reverse Kaplan–Meier, from the top: at 5 all four values are
    /// at or below, F(5⁻) = 3/4; at 3 only 1 and 3 are, F(3⁻) = 3/4 × 1/2 = 3/8. Masses 3/8, 3/8,
    /// 1/4 — also the maximum likelihood: L = p₁ p₃ p₅ (p₁ + p₃) is largest at p₁ = p₃ = 3/8.
    @Test("left-censored values: the reverse Kaplan–Meier estimate")
    func leftCensored() {
        var s = CensoredSample()
        for x in [1.0, 3, 5] { s.add(exact: x) }
        s.add(atMost: 4)
        let d = s.distribution
        #expect(d.map(\.value) == [1, 3, 5])
        #expect(isApproximatelyEqual(d.map(\.cdf), [0.375, 0.75, 1], absoluteTolerance: 1e-6))
        #expect(s.quantile(0.5) == 3)
    }

    /// Exact 1, 3, 5 and "at least 2". Kaplan–Meier: S(1) = 3/4; at 3 two values are at risk (3 and
    /// 5), S(3) = 3/8; S(5) = 0. Masses 1/4, 3/8, 3/8.
    @Test("right-censored values: the Kaplan–Meier estimate")
    func rightCensored() {
        var s = CensoredSample()
        for x in [1.0, 3, 5] { s.add(exact: x) }
        s.add(atLeast: 2)
        #expect(isApproximatelyEqual(s.distribution.map(\.cdf), [0.25, 0.625, 1], absoluteTolerance: 1e-6))
    }

    @Test("censoring that does not depend on the delay leaves the estimate unbiased")
    func censoringIsUndone() {
        // Delays 0…179 s (uniform), each held until a constraint c = (37 i mod 200) s when it is later:
        // the observation is max(delay, c), exact only when the delay is the later.
        var s = CensoredSample()
        var exactOnly: [Double] = []
        for i in 0..<1800 {
            let delay = Double((i * 7) % 180), c = Double((i * 37) % 200)
            if delay > c {
                s.add(exact: delay)
                exactOnly.append(delay)
            } else {
                s.add(atMost: c)
            }
        }
        let naive = Quantiles.median(exactOnly)!
        #expect(naive > 110)  // dropping the censored values biases the median up
        #expect(abs(s.quantile(0.5)! - 89.5) <= 3)
    }

    @Test("fits: a uniform sample fits uniform, an exponential one exponential, a constant one constant")
    func distributionFits() {
        var uniform = CensoredSample(), exponential = CensoredSample(), constant = CensoredSample()
        for i in 0..<1000 {
            let u = (Double(i) + 0.5) / 1000
            uniform.add(exact: 180 * u)
            exponential.add(exact: -60 * log(1 - u))
            constant.add(exact: 30)
        }
        guard case let .uniform(a, b)? = DelayEstimate(sample: uniform).fitted else {
            Issue.record("expected a uniform fit")
            return
        }
        #expect(a <= 1 && abs(b - 180) <= 1)
        guard case let .exponential(mean)? = DelayEstimate(sample: exponential).fitted else {
            Issue.record("expected an exponential fit")
            return
        }
        #expect(abs(mean - 60) <= 2)
        #expect(DelayEstimate(sample: constant).fitted == .constant(30))
        #expect(DelayEstimate(sample: CensoredSample()).fitted == nil)
    }

    @Test("quantiles and Spearman's rank correlation")
    func quantiles() {
        #expect(Quantiles.of(sorted: [1, 2, 3, 4], 0.5) == 2.5)
        #expect(Quantiles.of(sorted: [], 0.5) == nil)
        #expect(Quantiles.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1)
        #expect(Quantiles.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == -1)
        #expect(Quantiles.spearman([1, 1, 1], [1, 2, 3]) == nil)
    }

    /// BudgetModelTests's example, seen from a device log: a reload every 5 min (`.after(5 min)`),
    /// B = 4, starting at 20:00 UTC. Each model's grants (computed by hand there) become the log;
    /// the estimator must name the model and B.
    struct BudgetCase: Sendable, CustomTestStringConvertible {
        var model: BudgetModel
        var grants: [Double]
        var testDescription: String { model.rawValue }
    }

    static let budgetCases: [BudgetCase] = [
        BudgetCase(model: .rolling24h, grants: [0, 300, 600, 900, 86_400, 86_700, 87_000, 87_300, 172_800, 173_100]),
        BudgetCase(
            model: .midnight,
            grants: [0, 300, 600, 900, 14_400, 14_700, 15_000, 15_300, 100_800, 101_100, 101_400, 101_700, 187_200]),
        BudgetCase(model: .tokenBucket, grants: [0, 300, 600, 900, 21_600, 43_200, 64_800, 86_400, 108_000, 129_600, 151_200]),
    ]

    @Test("the budget model and B from stalls", arguments: budgetCases)
    func budgetFromStalls(_ c: BudgetCase) throws {
        let start = 1_767_571_200.0 + 20 * 3600  // Monday 5 January 2026, 20:00 UTC
        var analyzer = DeviceLogAnalyzer()
        for (i, g) in c.grants.enumerated() {
            let t = start + g
            analyzer.add(
                DeviceLogRecord(
                    time: t, event: .timeline, kind: "w", entries: 1, firstEntry: t, lastEntry: t, policy: .after(t + 300),
                    position: .init(file: 0, line: i + 2)))
        }
        let budget = try #require(analyzer.finish().widgets.first).budget
        #expect(budget.model == c.model)
        #expect(budget.daily == 4)
        #expect(budget.fits.first?.violations == 0)
        #expect(budget.fits.first?.stallsExplained == budget.stalls.count)
        #expect(budget.stalls.first?.start == start + 1200)
        #expect(budget.stalls.first?.chargedIn24h == 4)
    }

    @Test("no stall: B is only bounded below, and no model is named")
    func noStall() throws {
        var analyzer = DeviceLogAnalyzer()
        for i in 0..<100 {
            let t = 1_767_571_200.0 + Double(i) * 1800
            analyzer.add(
                DeviceLogRecord(time: t, event: .timeline, kind: "w", entries: 1, firstEntry: t, lastEntry: t, policy: .after(t + 1800)))
        }
        let budget = try #require(analyzer.finish().widgets.first).budget
        #expect(budget.stalls.isEmpty)
        #expect(budget.model == nil)
        #expect(budget.maxChargedIn24h == 48)
        #expect(budget.maxChargedPerDay == 48)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Rate windows")
struct RateWindowTests {
    /// 28 days of views: 20 an hour 07–09, 1 an hour 09–17, none otherwise, counted exactly.
    @Test("hours with the same rate merge; different rates split")
    func windows() {
        var counts = [Int](repeating: 0, count: 24)
        for h in 7..<9 { counts[h] = 20 * 28 }
        for h in 9..<17 { counts[h] = 28 }
        let windows = RateWindow.windows(counts: counts, coveredHours: [Double](repeating: 28, count: 24))
        #expect(windows.map(\.startHour) == [0, 7, 9, 17])
        #expect(windows.map(\.endHour) == [7, 9, 17, 24])
        #expect(windows.map(\.perHour) == [0, 20, 1, 0])
    }

    /// 28 events in 28 hours: √28 ± 0.98 squared, over 28 h.
    @Test("the rate's interval is the variance-stabilised Poisson interval")
    func interval() {
        let w = RateWindow(startHour: 0, endHour: 1, count: 28, coveredHours: 28)
        let root: Double = 28.0.squareRoot()
        let low: Double = (root - 0.98) * (root - 0.98) / 28
        let high: Double = (root + 0.98) * (root + 0.98) / 28
        #expect(abs(w.interval.lowerBound - low) < 1e-12)
        #expect(abs(w.interval.upperBound - high) < 1e-12)
    }
}

@Suite("Memory calibration")
struct MemoryCalibrationTests {
    static func size(_ entries: Int, _ mb: Double, timelines: Int = 10, kills: Int = 0) -> TimelineSizeMemory {
        TimelineSizeMemory(entries: entries, timelines: timelines, peakMB: mb, likelyKills: kills, medianMB: mb)
    }

    /// Four sizes on the line 5 + n × 100 KB, one spike: Theil–Sen ignores the spike.
    @Test("the Theil–Sen line through the sizes' footprints, robust to one spike, and the limit between rendered and killed")
    func line() throws {
        let sizes = [
            Self.size(10, 5 + 10 * 100 / 1024.0), Self.size(50, 5 + 50 * 100 / 1024.0), Self.size(100, 5 + 100 * 100 / 1024.0),
            Self.size(150, 40, kills: 10), Self.size(300, 5 + 300 * 100 / 1024.0, kills: 10),
        ]
        let m = try #require(MemoryCalibration.fit(sizes))
        #expect(abs(m.perEntryKB - 100) < 1e-9)
        #expect(abs(m.baseMB - 5) < 1e-9)
        // Rendered up to 100 entries (14.77 MB), killed from 150 (19.65 MB fitted): 30 MB is not in
        // between, so the middle.
        let lower = 5 + 100 * 100 / 1024.0, upper = 5 + 150 * 100 / 1024.0
        #expect(abs(m.limitMB - (lower + upper) / 2) < 1e-9)
        #expect(!m.uncertain)
    }

    @Test("one size: the base is assumed and the result uncertain; every timeline killed keeps the typical limit")
    func oneSize() throws {
        let m = try #require(MemoryCalibration.fit([Self.size(48, 43.5, timelines: 5, kills: 5)]))
        #expect(m.baseMB == 6 && m.perEntryKB == 800 && !m.baseFitted)
        #expect(m.limitMB == 30)
        #expect(m.uncertain)
    }
}
