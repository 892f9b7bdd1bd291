import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// ``AgeMarginals`` adds a run of `k` stretches at once (`k · x`) to its estimates, and answers
/// the bisection's questions from them only beyond a rounding bound: every answer it gives must be
/// the ordered sum's, and the quantile the plain bisection's over the stretches written out, to the
/// bit. Checked on random runs with ties (one shape again and again, equal values among shapes),
/// stretches of length 0, a single stretch, runs of up to a million stretches, and on targets
/// placed at the ordered sums themselves and a few ulps around them (where a bound too tight
/// answers wrong).
@Suite("Age marginals: estimates that decide as the ordered sums")
struct AgeMarginalsTests {
    typealias Run = QuantileRunsTests.Run

    /// The plain bisection over the runs' stretches one by one (each run's term added `k` times in
    /// a loop): the old algorithm, written out, as the reference.
    static func reference(_ parts: [[Run]], totalTime: Double, p: Double) -> Double {
        guard totalTime > 0 else { return 0 }
        let target = (1 - p) * totalTime
        var stale = 0.0, hi = 0.0
        for part in parts {
            for run in part {
                for _ in 0..<run.count {
                    stale += run.to - run.from
                    hi = max(hi, run.to)
                }
            }
        }
        if stale <= target { return 0 }
        var lo = 0.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            var above = 0.0
            for part in parts {
                for run in part where run.to > mid {
                    for _ in 0..<run.count { above += run.to - max(run.from, mid) }
                }
            }
            if above > target { lo = mid } else { hi = mid }
            if hi - lo < 1e-6 { break }
        }
        return hi
    }

    /// Random runs: ties (a handful of shapes, often the same), stretches of length 0, ages on
    /// bucket edges, whole and fractional seconds, now and then one run of up to `huge` stretches;
    /// at least ``AgeMarginals/onePass`` stretches most of the time (the histogram from the first
    /// pass), a single stretch now and then.
    static func runs(_ g: inout SeededGenerator, huge: Int) -> [[Run]] {
        if g.next() % 25 == 0 {
            // A single stretch (or a single run of one shape).
            let to = Double(1 + g.next() % 600)
            return [[(0, to, g.next() % 2 == 0 ? 1 : 3_000)]]
        }
        let palette: [(Double, Double)] = (0..<Int(1 + g.next() % 6)).map { _ in
            switch g.next() % 7 {
            case 0: return (0, 240)
            case 1: return (0, 0)  // length 0
            case 2: return (60, 60)  // length 0, from an age
            case 3: return (0, (g.unit() * 7_200).rounded())
            case 4: return (0, g.unit() * 3_600)
            case 5:
                let edge = Double(sign: .plus, exponent: Int(g.next() % 30) - 10, significand: g.next() % 2 == 0 ? 1 : 1.5)
                return (g.next() % 2 == 0 ? 0 : edge / 2, edge)
            default:
                let from = Double(g.next() % 4) * 60
                return (from, from + 1 + (g.unit() * 600).rounded())
            }
        }
        var parts: [[Run]] = []
        for _ in 0..<Int(1 + g.next() % 6) {
            var part: [Run] = []
            var total = 0
            let wanted = g.next() % 4 == 0 ? Int(g.next() % 500) : 600 + Int(g.next() % 3_000)
            while total < wanted {
                let shape = palette[Int(g.next() % UInt64(palette.count))]
                let count = g.next() % 60 == 0 ? 1 + Int(g.next() % UInt64(huge)) : 1 + Int(g.next() % 70)
                part.append((shape.0, shape.1, count))
                total += count
            }
            parts.append(part)
        }
        return parts
    }

    /// Targets at `value`, a few ulps and a few relative steps around it, and farther.
    static func targets(around value: Double, _ g: inout SeededGenerator) -> [Double] {
        var out = [value, value.nextUp, value.nextDown, value.nextUp.nextUp, value.nextDown.nextDown]
        for scale in [1e-15, 1e-13, 1e-11, 1e-9, 1e-6, 1e-3] {
            out += [value * (1 + scale), value * (1 - scale)]
        }
        out.append(value * g.unit() * 2)
        return out
    }

    @Test("the quantile over random runs has the bits of the plain bisection over their stretches written out")
    func quantileMatchesReference() {
        var g = SeededGenerator(seed: 2_611)
        var histograms = 0
        for i in 0..<300 {
            let runs = Self.runs(&g, huge: i % 30 == 0 ? 300_000 : 5_000)
            let set = QuantileRunsTests.parts(runs, store: i % 4 == 0)
            let count = set.arrays.reduce(0) { $0 + $1.count }
            if count >= AgeMarginals.onePass { histograms += 1 }
            let stale = runs.joined().reduce(0) { $0 + Double($1.count) * ($1.to - $1.from) }
            let scale = stale > 0 ? stale : 1
            let totalTime = g.next() % 6 == 0 ? scale * (1 + 1e-12) : scale * (1 + g.unit() * 30)
            let p = [0.95, 0.5, 0.99, 0.999, 1e-9][Int(g.next() % 5)]
            let expected = Self.reference(runs, totalTime: totalTime, p: p)
            let got = AgeQuantile.timeWeighted(parts: set.shapes, totalTime: totalTime, p: p)
            #expect(got.bitPattern == expected.bitPattern, "set \(i), p \(p): \(got) against \(expected)")
            if count <= 50_000 {
                let overStretches = AgeQuantile.timeWeighted(parts: set.arrays, totalTime: totalTime, p: p)
                #expect(overStretches.bitPattern == expected.bitPattern, "set \(i), p \(p): over the stretches")
            }
        }
        // Most sets take the histogram from the first pass (the test would not look at it otherwise).
        #expect(histograms > 200, "\(histograms) sets with the histogram from the first pass")
    }

    @Test("whether the stale time exceeds a target at or near it: every answer the ordered sum's, and the largest end's bits")
    func staleDecisions() {
        var g = SeededGenerator(seed: 2_612)
        var answered = 0
        for i in 0..<200 {
            let set = QuantileRunsTests.parts(Self.runs(&g, huge: i % 20 == 0 ? 1_000_000 : 5_000), store: i % 3 == 0)
            let count = set.arrays.reduce(0) { $0 + $1.count }
            let plain = AgeQuantile.plainPass(set.shapes)
            func check<P: Collection>(_ parts: P) where P.Element: Collection, P.Element.Element == AgeSegment {
                let marginals = AgeMarginals(parts, count: count)
                #expect(marginals.usable, "set \(i)")
                #expect(marginals.hi.bitPattern == plain.hi.bitPattern, "set \(i): the largest end")
                for target in Self.targets(around: plain.stale, &g) {
                    guard let answer = marginals.staleExceeds(target) else { continue }
                    answered += 1
                    #expect(answer == (plain.stale > target), "set \(i): stale \(plain.stale) against \(target)")
                }
            }
            check(set.shapes)
            if count <= 200_000 { check(set.arrays) }
        }
        #expect(answered > 1_000, "\(answered) answers")
    }

    @Test(
        "whether the time above an age exceeds a target at or near it: every step's answer the ordered sum's, and the gathered values those of the stretches"
    )
    func stepDecisions() {
        var g = SeededGenerator(seed: 2_613)
        var answered = 0, finer = 0
        for i in 0..<120 {
            let set = QuantileRunsTests.parts(Self.runs(&g, huge: 5_000), store: i % 3 == 0)
            let count = set.arrays.reduce(0) { $0 + $1.count }
            let values = set.arrays.joined().flatMap { [$0.from, $0.to] }
            var byRuns = AgeMarginals(set.shapes, count: count)
            var byStretches = AgeMarginals(set.arrays, count: count)
            var ages: [Double] = (0..<3).map { _ in g.unit() * 4_000 }
            for _ in 0..<4 where !values.isEmpty {
                let v = values[Int(g.next() % UInt64(values.count))]
                ages += [v, v.nextUp, v.nextDown, v * g.unit()]
            }
            for age in ages {
                let ordered = AgeQuantile.time(of: set.shapes, above: age)
                for target in Self.targets(around: ordered, &g) {
                    for answer in [byRuns.exceeds(target, above: age, set.shapes), byStretches.exceeds(target, above: age, set.arrays)] {
                        guard let answer else { continue }
                        answered += 1
                        #expect(answer == (ordered > target), "set \(i): time above \(age), \(ordered) against \(target)")
                    }
                }
                // The finer level of the bucket holding `age`: each run's value once with its count,
                // which written out are the stretches' values in their order.
                let first = byRuns.levels[0]
                guard first.buckets > 0, age >= 0 else { continue }
                let m = first.bucket(age)
                let level = AgeLevel(inside: m, of: first, set.shapes, runs: byRuns.runs)
                let old = AgeLevel(inside: m, of: first, set.arrays, runs: byStretches.runs)
                let expand = { (v: ContiguousArray<AgeLevel.Value>) in
                    v.flatMap { repeatElement($0.value.bitPattern, count: Int($0.count)) }
                }
                #expect(expand(level.ends) == old.ends.map(\.value.bitPattern), "set \(i): ends in bucket \(m)")
                #expect(expand(level.beginnings) == old.beginnings.map(\.value.bitPattern), "set \(i): beginnings in bucket \(m)")
                #expect(old.ends.allSatisfy { $0.count == 1 } && old.beginnings.allSatisfy { $0.count == 1 }, "set \(i)")
                finer += level.ends.count
            }
        }
        #expect(answered > 5_000 && finer > 1_000, "\(answered) answers, \(finer) values gathered")
    }
}
