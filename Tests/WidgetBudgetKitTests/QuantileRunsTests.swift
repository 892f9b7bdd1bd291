import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The quantile read run by run (``StretchRuns``: a summary's ``AgeShapes`` handed to
/// ``AgeQuantile`` a run at a time) against the same stretches expanded into arrays, which it reads
/// one by one as it always did: every pass's exact results to the bit (the plain first pass; the
/// first pass's counts, maximum and minima; the values gathered for a finer histogram, a run's
/// once with its count; the ordered sum of a step too close to call), and the quantile itself, on random shapes whose runs
/// hold 1 to 10^6 stretches (sums crossing many binades inside one run), repeated shapes, zeros,
/// beginnings at 0, ages from 2^-30 s to 2^45 s, and now and then a NaN, an infinite or a
/// negative age.
@Suite("Quantile read run by run")
struct QuantileRunsTests {
    /// A run's shape and how many stretches repeat it.
    typealias Run = (from: Double, to: Double, count: Int)

    /// Random runs for one part: shapes drawn from a few kinds, some repeating (a shape comes back
    /// after others), counts mostly small, now and then thousands to a million.
    static func runs(_ g: inout SeededGenerator, unusual: Bool) -> [Run] {
        let n = Int(g.next() % 80)
        var shapes: [(Double, Double)] = []
        var runs: [Run] = []
        for _ in 0..<n {
            let shape: (Double, Double)
            if !shapes.isEmpty && g.next() % 3 == 0 {
                shape = shapes[Int(g.next() % UInt64(shapes.count))]
            } else {
                shape = Self.shape(&g, unusual: unusual)
                shapes.append(shape)
            }
            let count: Int
            switch g.next() % 20 {
            case 0: count = g.next() % 40 == 0 ? 1 + Int(g.next() % 1_000_000) : 1 + Int(g.next() % 1_000)
            case 1, 2, 3, 4, 5, 6: count = 1
            default: count = 1 + Int(g.next() % 12)
            }
            runs.append((shape.0, shape.1, count))
        }
        return runs
    }

    /// One stretch's ages `(from, to)`.
    static func shape(_ g: inout SeededGenerator, unusual: Bool) -> (Double, Double) {
        switch g.next() % (unusual ? 10 : 9) {
        case 0: return (0, 240)  // a render every 4 minutes against a minute grid
        case 1: return (Double(g.next() % 4) * 60, Double(g.next() % 4) * 60 + 240)
        case 2: return (0, g.unit() * 7_200)
        case 3:  // any binade from 2^-30 to 2^45, from 0 or from half way
            let a = Double(sign: .plus, exponent: Int(g.next() % 75) - 30, significand: 1 + g.unit())
            return g.next() % 2 == 0 ? (0, a) : (a / 2, a)
        case 4: return g.next() % 2 == 0 ? (0, 0) : (-0.0, 3_599 + g.unit())  // length 0, a signed zero
        case 5:  // old ages, whole or not: sums that round
            let old = 1e9 + (g.next() % 2 == 0 ? (g.unit() * 1e4).rounded() : g.unit() * 1e4)
            return (old, old + 1 + g.unit() * 600)
        case 6:  // bucket edges: 2^k and 3·2^k
            let edge = Double(sign: .plus, exponent: Int(g.next() % 40) - 24, significand: g.next() % 2 == 0 ? 1 : 1.5)
            return g.next() % 3 == 0 ? (edge, 2 * edge) : (0, edge)
        case 7: return (0, g.unit() * 1e-7)  // tiny ages
        case 8: return (0.1 * Double(g.next() % 10), 0.1 * Double(g.next() % 10) + 0.3)  // may end before it begins
        default:
            let odd: [Double] = [.nan, .infinity, -5, -.infinity]
            return g.next() % 2 == 0 ? (0, odd[Int(g.next() % 4)]) : (odd[Int(g.next() % 4)], 60)
        }
    }

    /// The runs as ``AgeShapes`` (folded in pieces, as a run's days are; with a store or without)
    /// and expanded into arrays of their stretches one by one.
    static func parts(_ runs: [[Run]], store: Bool) -> (shapes: [AgeShapes], arrays: [[AgeSegment]]) {
        var shapes: [AgeShapes] = [], arrays: [[AgeSegment]] = []
        for part in runs {
            var kept = store ? AgeShapes(store: AgeShapesTests.ArrayStore()) : AgeShapes()
            var array: [AgeSegment] = []
            for run in part {
                let stretches = repeatElement(AgeSegment(from: run.from, to: run.to), count: run.count)
                kept.append(contentsOf: stretches)
                array.append(contentsOf: stretches)
            }
            kept.finish()
            shapes.append(kept)
            arrays.append(array)
        }
        return (shapes, arrays)
    }

    /// Random sets of parts, their shapes and their stretches: `count` sets from `seed`.
    static func sets(seed: UInt64, count: Int) -> [(shapes: [AgeShapes], arrays: [[AgeSegment]])] {
        var g = SeededGenerator(seed: seed)
        return (0..<count).map { i in
            let runs = (0..<Int(1 + g.next() % 4)).map { _ in Self.runs(&g, unusual: i % 10 == 9) }
            return Self.parts(runs, store: i % 3 == 0)
        }
    }

    /// The same bits, or both NaN.
    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    /// The counts of a first level's table (its even entries): whole numbers, the same whether a
    /// run's stretches are added at once or one by one.
    static func counts(_ table: ContiguousArray<Double>) -> [UInt64] {
        stride(from: 0, to: table.count, by: 2).map { table[$0].bitPattern }
    }

    @Test("the first pass: the counts per bucket, the largest end, the stretches' order, the lowest beginning")
    func firstPassSameBits() {
        for (i, set) in Self.sets(seed: 2_601, count: 40).enumerated() {
            let level = AgeLevel(bits: i % 6)
            let origin = level.origin, shift = level.shift, top = level.buckets - 1
            func pass<P: Collection>(_ parts: P) -> (ContiguousArray<Double>, [Double], Bool)
            where P.Element: Collection, P.Element.Element == AgeSegment {
                var table = level.table
                let totals = table.withUnsafeMutableBufferPointer { table in
                    AgeMarginals.firstPass(parts, into: table, origin: origin, shift: shift, top: top)
                }
                return (table, [totals.hi, totals.lowestFrom], totals.ordered)
            }
            let (runTable, runTotals, runOrdered) = pass(set.shapes)
            let (table, totals, ordered) = pass(set.arrays)
            let bits = { (v: [Double]) in v.map { $0.isNaN ? Double.nan.bitPattern : $0.bitPattern } }
            #expect(Self.counts(runTable) == Self.counts(table), "set \(i): the counts")
            #expect(bits(runTotals) == bits(totals) && runOrdered == ordered, "set \(i): hi, lowestFrom, ordered")
        }
    }

    @Test("the plain first pass, the counts, the values of finer levels and the ordered sums")
    func passesSameBits() {
        var g = SeededGenerator(seed: 2_602)
        for (i, set) in Self.sets(seed: 2_603, count: 30).enumerated() {
            let count = set.arrays.reduce(0) { $0 + $1.count }
            let byRuns = AgeMarginals(set.shapes, count: count)
            let byStretches = AgeMarginals(set.arrays, count: count)
            #expect(byRuns.usable == byStretches.usable, "set \(i)")
            // (Their first levels may differ in size: the buckets follow the runs read.)
            let first = byRuns.levels[0]
            let plainByRuns = AgeQuantile.plainPass(set.shapes), plain = AgeQuantile.plainPass(set.arrays)
            #expect(Self.same(plainByRuns.stale, plain.stale) && Self.same(plainByRuns.hi, plain.hi), "set \(i): plain pass")
            if byRuns.usable { #expect(byRuns.hi.bitPattern == plain.hi.bitPattern, "set \(i): the largest end") }
            // Ages at, just around and between the set's values, and a few anywhere.
            let values = set.arrays.joined().flatMap { [$0.from, $0.to] }.filter { $0.isFinite && $0 >= 0 }
            var ages: [Double] = (0..<4).map { _ in g.unit() * 4_000 }
            for _ in 0..<6 where !values.isEmpty {
                let v = values[Int(g.next() % UInt64(values.count))]
                ages += [v, v.nextUp, v.nextDown, v * g.unit()]
            }
            for age in ages {
                let a = AgeQuantile.time(of: set.shapes, above: age), b = AgeQuantile.time(of: set.arrays, above: age)
                #expect(Self.same(a, b), "set \(i): time above \(age)")
                guard first.buckets > 0, age >= 0 else { continue }
                // The finer level of the bucket holding `age`: each run's values once with its
                // count, written out the stretches' values in the same order.
                let m = first.bucket(age)
                let finer = AgeLevel(inside: m, of: first, set.shapes, runs: byRuns.runs)
                let finerOld = AgeLevel(inside: m, of: first, set.arrays, runs: byStretches.runs)
                let expand = { (v: ContiguousArray<AgeLevel.Value>) in
                    v.flatMap { repeatElement($0.value.bitPattern, count: Int($0.count)) }
                }
                #expect(expand(finer.ends) == finerOld.ends.map(\.value.bitPattern), "set \(i): ends in bucket \(m)")
                #expect(expand(finer.beginnings) == finerOld.beginnings.map(\.value.bitPattern), "set \(i)")
            }
        }
    }

    @Test("the quantile over the shapes has the bits of the quantile over their stretches")
    func quantileSameBits() {
        var g = SeededGenerator(seed: 2_604)
        for (i, set) in Self.sets(seed: 2_605, count: 60).enumerated() {
            let stale = set.arrays.joined().reduce(0) { $0 + $1.to - $1.from }
            let scale = stale.isFinite && stale > 0 ? stale : 1e6
            for _ in 0..<2 {
                // Totals barely above the stale time too, and quantiles from 10^-9 to 1 − 10^-9.
                let totalTime = g.next() % 5 == 0 ? scale * (1 + 1e-12) : scale * (1 + g.unit() * 30)
                let p = [0.95, 0.5, 0.99, 0.001, 0.999, 1e-9, 1 - 1e-9][Int(g.next() % 7)]
                let x = AgeQuantile.timeWeighted(parts: set.shapes, totalTime: totalTime, p: p)
                let y = AgeQuantile.timeWeighted(parts: set.arrays, totalTime: totalTime, p: p)
                #expect(Self.same(x, y), "set \(i), p \(p): \(x) against \(y)")
            }
        }
    }

    @Test("the optimizer's runs keep shapes: each summary's 95th-percentile age has the bits of the one over the stretches")
    func optimizerRunsSameQuantile() {
        var g = SeededGenerator(seed: 2_606)
        var folded = 0
        for i in 0..<40 {
            // Random scenarios, and every fourth a minute clock (its stretches repeat, as the
            // bench's candidates' do) with a random entry count, reload delay and seed.
            let clock = FixedProvider(
                entries: [1, 12, 61][Int(g.next() % 3)], spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd)
            let scenario =
                i % 4 == 0
                ? TestScenarios.single(
                    .fixed(clock), days: 2, seed: g.next(),
                    system: SystemSettings(reloadDelay: g.next() % 2 == 0 ? .zero : .uniform(0, 120), minReloadInterval: 300),
                    predictable: EventProcess(.every(period: 60, offset: 0)), views: EventProcess(.poisson(perHour: 6)))
                : ChargeTimesTests.randomScenario(&g)
            var withTimes = RunDetail.optimization
            withTimes.stretchTimes = true
            let shapes = WidgetRunResult.engine(scenario, events: .none, detail: .optimization)
            let stretches = WidgetRunResult.engine(scenario, events: .none, detail: withTimes)
            #expect(shapes.ageSegments.isEmpty && shapes.ageShapes.count == stretches.ageSegments.count, "scenario \(i)")
            let a = WidgetSummary(widget: "w", runs: [shapes, shapes], ageQuantile: true)
            let b = WidgetSummary(widget: "w", runs: [stretches, stretches], ageQuantile: true)
            #expect(Self.same(a.p95Age, b.p95Age), "scenario \(i): \(a.p95Age) against \(b.p95Age)")
            folded += shapes.ageShapes.count - shapes.ageShapes.runCount
        }
        // Runs of more than one stretch were read (the test would pass vacuously otherwise).
        #expect(folded > 100, "\(folded) stretches folded")
    }

    @Test("runs that cross many binades: one shape up to a million times, from 0 and from an age, with others between")
    func longRunsSameBits() {
        let shapes: [[Run]] = [
            [(0, 0.1, 1_000_000)],
            [(0, 240, 199_999), (60, 300, 3), (0, 240, 200_000)],
            [(1e9 / 3, 1e9 / 3 + 0.7, 277_777), (0, 3_599.5, 1)],
            [(0.25, 1.5, 1), (0.25, 1.5 + 0x1p-40, 262_145), (0, 0x1p-20, 100_001)],
        ]
        for (i, runs) in shapes.enumerated() {
            let set = Self.parts([runs, Array(runs.reversed().prefix(2))], store: i % 2 == 0)
            let count = set.arrays.reduce(0) { $0 + $1.count }
            let byRuns = AgeMarginals(set.shapes, count: count), byStretches = AgeMarginals(set.arrays, count: count)
            let (runStale, runHi) = AgeQuantile.plainPass(set.shapes), (stale, hi) = AgeQuantile.plainPass(set.arrays)
            #expect(runStale.bitPattern == stale.bitPattern && runHi.bitPattern == hi.bitPattern, "set \(i)")
            #expect(byRuns.hi.bitPattern == hi.bitPattern && byStretches.hi.bitPattern == hi.bitPattern, "set \(i)")
            for target in [stale, stale.nextUp, stale.nextDown, stale * (1 + 1e-12), stale * (1 - 1e-12)] {
                for answer in [byRuns.staleExceeds(target), byStretches.staleExceeds(target)] {
                    if let answer { #expect(answer == (stale > target), "set \(i): stale against \(target)") }
                }
            }
            for p in [0.95, 0.999] {
                #expect(sameQuantileBits(set.shapes, set.arrays, totalTime: stale * 1.5, p: p), "set \(i), p \(p)")
            }
            for age in [0.05, 120, 240, 3_599, 1e9 / 3 + 0.3, 1.2] {
                let a = AgeQuantile.time(of: set.shapes, above: age), b = AgeQuantile.time(of: set.arrays, above: age)
                #expect(a.bitPattern == b.bitPattern, "set \(i): time above \(age)")
            }
        }
    }
}
