import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The quantile's first pass over runs kept in memory (`AgeMarginals.firstPass`, read in a loop of
/// its own over the runs in place, #26 engine-2 round 13) against the pass as it was, kept here
/// verbatim (every part read through `StretchRuns.forEach`'s closure): the same table and totals
/// to the bit, the stale time's estimate included, and the stretches' order (now an `or` of the
/// lengths' bits) as the old shortest stretch's sign, on the random shapes of `QuantileRunsTests`
/// (runs of 1 to 10^6 stretches, beginnings at 0 and not, zeros, NaNs, infinities, negative ages),
/// parts in memory and in a store mixed in one summary, at every bucket resolution.
@Suite("First pass over runs in place")
struct FirstPassInPlaceTests {
    /// `AgeMarginals.firstPass` before round 13, verbatim.
    static func oldFirstPass<P: Collection>(
        _ parts: P, into table: UnsafeMutableBufferPointer<Double>, origin: Int, shift: Int, top: Int
    ) -> (stale: Double, hi: Double, shortest: Double, lowestFrom: Double)
    where P.Element: Collection, P.Element.Element == AgeSegment {
        var stale = 0.0, hi = 0.0, shortest = 0.0, lowestFrom = 0.0
        var zeroFrom = 0
        let floor = Double(bitPattern: UInt64(origin)), ceiling = Double(bitPattern: UInt64(origin + (top + 1) << shift)).nextDown
        let base = origin >> shift
        for part in parts {
            StretchRuns.forEach(in: part) { from, to, count in
                let k = Double(count)
                let length = to - from
                hi = hi > to ? hi : to
                shortest = min(shortest, length)
                stale += k * length
                let below = to < ceiling ? to : ceiling
                let clamped = below < floor ? floor : below
                let t = (Int(bitPattern: UInt(clamped.bitPattern)) &>> shift &- base) &<< 2
                table[t] += k
                table[t + 1] += k * to
                if from == 0 {
                    zeroFrom &+= count
                } else {
                    lowestFrom = min(lowestFrom, from)
                    let f = AgeLevel.bucket(from, origin, shift, top) &<< 2
                    table[f + 2] += k
                    table[f + 3] += k * from
                }
            }
        }
        table[2] += Double(zeroFrom)
        return (stale, hi, shortest, lowestFrom)
    }

    /// The bits of each value (NaNs as one).
    static func bits(_ values: [Double]) -> [UInt64] { values.map { $0.isNaN ? Double.nan.bitPattern : $0.bitPattern } }

    @Test("the same table and totals as the pass through the closure, to the bit")
    func sameBitsAsClosurePass() {
        var g = SeededGenerator(seed: 2_613)
        var inPlace = 0
        for i in 0..<300 {
            // 1 to 6 parts, each in memory or (every third) in a store: the in-place loop and the
            // closure's in one pass, the sums carried from one to the other.
            let runs = (0..<Int(1 + g.next() % 6)).map { _ in QuantileRunsTests.runs(&g, unusual: i % 10 == 9) }
            var shapes: [AgeShapes] = []
            for part in runs {
                let stored = g.next() % 3 == 0
                var kept = stored ? AgeShapes(store: AgeShapesTests.ArrayStore()) : AgeShapes()
                for run in part { kept.append(contentsOf: repeatElement(AgeSegment(from: run.from, to: run.to), count: run.count)) }
                kept.finish()
                if kept.storedRuns == 0 && kept.runCount > 0 { inPlace += 1 }
                shapes.append(kept)
            }
            let level = AgeLevel(bits: i % 6)
            let origin = level.origin, shift = level.shift, top = level.buckets - 1
            var new = level.table, old = level.table
            let a = new.withUnsafeMutableBufferPointer {
                AgeMarginals.firstPass(shapes, into: $0, origin: origin, shift: shift, top: top)
            }
            let b = old.withUnsafeMutableBufferPointer {
                Self.oldFirstPass(shapes, into: $0, origin: origin, shift: shift, top: top)
            }
            #expect(Self.bits(Array(new)) == Self.bits(Array(old)), "set \(i): the table")
            #expect(
                Self.bits([a.stale, a.hi, a.lowestFrom]) == Self.bits([b.stale, b.hi, b.lowestFrom]), "set \(i): stale, hi, lowestFrom")
            // The order: as the shortest stretch's sign, but for a NaN length (its stale time NaN
            // in both: no histogram used either way).
            #expect(a.ordered == (b.shortest >= 0) || b.stale.isNaN, "set \(i): ordered")
        }
        // Parts read in place (the test would pass vacuously otherwise).
        #expect(inPlace > 500, "\(inPlace) parts read in place")
    }
}
