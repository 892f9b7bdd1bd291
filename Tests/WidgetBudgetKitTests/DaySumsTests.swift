import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A summary's sums over the days in one pass (`DaySums`) have the bits of the pass a metric it
/// replaced (#26): each sum adds the same terms in the same order.
@Suite("Day sums in one pass")
struct DaySumsTests {
    /// The summary's day metrics as the pass a metric computed them (the code `DaySums` replaced).
    static func reference(_ runs: [WidgetRunResult]) -> [UInt64] {
        let allDays = runs.lazy.flatMap(\.days)
        let n = Double(max(1, runs.reduce(0) { $0 + $1.days.count }))
        func perDay(_ key: (DayMetrics) -> Double) -> Double { allDays.reduce(0) { $0 + key($1) } / n }
        let totalTime = allDays.reduce(0) { $0 + $1.length }
        let views = allDays.reduce(0) { $0 + $1.views }
        func perRun(_ key: (DayList) -> Double?) -> [Double] { runs.compactMap { key($0.days) } }
        let budgets = allDays.map(\.budget)
        let doubles: [Double?] = [
            perDay { Double($0.reloads) }, perDay { Double($0.charged) }, perDay { Double($0.exempt) },
            perDay { Double($0.deferred) }, perDay { $0.wasExhausted ? 1 : 0 }, perDay { $0.exhaustedSeconds / 60 },
            perDay { Double($0.renders) }, allDays.map(\.peakMemoryMB).max() ?? 0,
            totalTime > 0 ? allDays.reduce(0) { $0 + $1.freshSeconds } / totalTime : 0,
            totalTime > 0 ? allDays.reduce(0) { $0 + $1.ageIntegral } / totalTime : 0, allDays.map(\.maxAge).max() ?? 0,
            views > 0 ? Double(allDays.reduce(0) { $0 + $1.freshViews }) / Double(views) : nil,
            views > 0 ? allDays.reduce(0) { $0 + $1.viewAgeTotal } / Double(views) : nil,
            Statistics.ci95HalfWidth(
                perRun { d in
                    let t = d.reduce(0) { $0 + $1.length }
                    return t > 0 ? d.reduce(0) { $0 + $1.freshSeconds } / t : nil
                }),
            Statistics.ci95HalfWidth(
                perRun { d in
                    let t = d.reduce(0) { $0 + $1.length }
                    return t > 0 ? d.reduce(0) { $0 + $1.ageIntegral } / t : nil
                }),
            Statistics.ci95HalfWidth(perRun { d in d.isEmpty ? nil : Double(d.reduce(0) { $0 + $1.charged }) / Double(d.count) }),
            Statistics.ci95HalfWidth(
                perRun { d in
                    let v = d.reduce(0) { $0 + $1.views }
                    return v > 0 ? Double(d.reduce(0) { $0 + $1.freshViews }) / Double(v) : nil
                }),
        ]
        let ints = [
            allDays.reduce(0) { $0 + $1.kills }, allDays.reduce(0) { $0 + $1.rejections }, allDays.reduce(0) { $0 + $1.ignoredCalls },
            allDays.reduce(0) { $0 + $1.heldUnseen }, budgets.min() ?? 0, budgets.max() ?? 0,
        ]
        return bits(doubles, ints)
    }

    /// The same metrics of `summary`, in the same order.
    static func bits(_ s: WidgetSummary) -> [UInt64] {
        bits(
            [
                s.reloadsPerDay, s.chargedPerDay, s.exemptPerDay, s.deferredPerDay, s.exhaustedDayFraction, s.exhaustedMinutesPerDay,
                s.rendersPerDay, s.peakMemoryMB, s.freshness, s.meanAge, s.maxAge, s.viewFreshness, s.viewAge, s.freshnessCI,
                s.meanAgeCI, s.chargedPerDayCI, s.viewFreshnessCI,
            ],
            [s.kills, s.rejections, s.ignoredCalls, s.heldUnseen, s.budgetRange.lowerBound, s.budgetRange.upperBound])
    }

    static func bits(_ doubles: [Double?], _ ints: [Int]) -> [UInt64] {
        doubles.flatMap { $0.map { [1, $0.bitPattern] } ?? [0] } + ints.map { UInt64(bitPattern: Int64($0)) }
    }

    /// Random days: plain ages and times, with one of the odd values (−0, NaN, infinities,
    /// subnormals, huge) at most a few times a run when `odd`: more, and every sum is a NaN or an
    /// infinity, which hides a term added out of order.
    static func days(_ g: inout SeededGenerator, count: Int, odd: Bool) -> [DayMetrics] {
        let strange: [Double] = [0, -0.0, .nan, .leastNonzeroMagnitude, 1e-300, 1e15, .infinity, -.infinity]
        func value() -> Double { odd && g.next() % 500 == 0 ? strange[Int(g.next() % 8)] : g.unit() * 86_400 }
        return (0..<count).map { _ in
            var day = DayMetrics(budget: Int(g.next() % 100), length: value())
            day.reloads = Int(g.next() % 200)
            day.charged = Int(g.next() % 100)
            day.exempt = Int(g.next() % 20)
            day.deferred = Int(g.next() % 10) - 5
            day.exhaustedAt = g.next() % 2 == 0 ? nil : value()
            day.exhaustedSeconds = g.next() % 2 == 0 ? 0 : value()
            day.renders = Int(g.next() % 2_000)
            day.kills = Int(g.next() % 3)
            day.rejections = Int(g.next() % 3)
            day.ignoredCalls = Int(g.next() % 3)
            day.heldUnseen = Int(g.next() % 3)
            day.peakMemoryMB = value() / 1_000
            day.freshSeconds = value()
            day.ageIntegral = value() * 100
            day.maxAge = value()
            day.views = Int(g.next() % 500)
            day.freshViews = Int(g.next() % UInt64(day.views + 1))
            day.viewAgeTotal = value() * 10
            return day
        }
    }

    /// Random runs of random days, 0 to 5 runs of 0 to 400 days, some stored, some with odd values
    /// (the largest's rule shows with a NaN or −0 first).
    @Test("every metric has the bits of a pass a metric")
    func sameBits() {
        var g = SeededGenerator(seed: 2_627)
        for trial in 0..<300 {
            let odd = trial % 2 == 1
            let runs = (0..<Int(g.next() % 6)).map { _ in
                var days = DayList(Self.days(&g, count: Int(g.next() % 400), odd: odd))
                if g.next() % 3 == 0 { days.store(in: DayListTests.ArrayStore()) }
                return WidgetRunResult(days: days, ageSegments: AgeSegments(), events: [])
            }
            let summary = WidgetSummary(widget: "w", runs: runs, ageQuantile: false)
            #expect(Self.bits(summary) == Self.reference(runs), "trial \(trial): \(runs.map(\.days.count)) days")
        }
    }

    /// The largest of equal values is the first (`Sequence.max()` replaces it only by a larger
    /// one): −0 then 0 gives −0, which `Swift.max` (0) would not; a NaN first stays.
    @Test("the largest of equals is the first, as Sequence.max() has it")
    func largestOfEquals() throws {
        let cases: [([Double], UInt64)] = [
            ([-0.0, 0.0], (-0.0).bitPattern), ([Double.nan, 5], Double.nan.bitPattern), ([5, .nan], 5.0.bitPattern),
        ]
        for (values, expected) in cases {
            let days = values.map { v -> DayMetrics in
                var day = DayMetrics(budget: 1, length: 1)
                day.peakMemoryMB = v
                day.maxAge = v
                return day
            }
            #expect(values.max()?.bitPattern == expected)
            let summary = WidgetSummary(
                widget: "w", runs: [WidgetRunResult(days: DayList(days), ageSegments: AgeSegments(), events: [])], ageQuantile: false)
            #expect(summary.peakMemoryMB.bitPattern == expected && summary.maxAge.bitPattern == expected, "\(values)")
        }
    }
}
