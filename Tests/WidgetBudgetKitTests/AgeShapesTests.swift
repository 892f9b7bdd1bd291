import Foundation
import Testing

@testable import WidgetBudgetKit

/// A run's stale stretches kept as shapes (``AgeShapes``, what `simulate` keeps, issue #26: memory
/// flat in the horizon) are the stretches in order without their times: the 95th-percentile age
/// over them is the one over the stretches, to the bit, and a run of one repeated shape keeps one
/// entry.
@Suite("Age shapes")
struct AgeShapesTests {
    @Test("iterated, the shapes are the stretches in order; the quantile has the same bits")
    func sameStretchesSameQuantile() {
        var g = SeededGenerator(seed: 26)
        for i in 0..<200 {
            let parts = (0..<Int(1 + g.next() % 3)).map { _ in
                i % 2 == 0 ? AgeQuantileTests.segments(&g) : AgeQuantileTests.adversarial(&g)
            }
            let shapes = parts.map { part -> AgeShapes in
                var shapes = AgeShapes()
                // In pieces, as the engine folds in each day's stretches.
                var rest = part[...]
                while !rest.isEmpty {
                    let n = Int(g.next() % 500) + 1
                    shapes.append(contentsOf: rest.prefix(n))
                    rest = rest.dropFirst(n)
                }
                return shapes
            }
            for (part, shape) in zip(parts, shapes) {
                #expect(shape.count == part.count)
                let bits = { (s: AgeSegment) in [s.from.bitPattern, s.to.bitPattern] }
                #expect(Array(shape).map(bits) == part.map(bits))
            }
            let stale = parts.joined().reduce(0) { $0 + $1.to - $1.from }
            let totalTime = stale * (1 + g.unit() * 30)
            let p = [0.95, 0.5, 0.99][Int(g.next() % 3)]
            let expected = AgeQuantile.timeWeighted(parts: parts, totalTime: totalTime, p: p)
            let got = AgeQuantile.timeWeighted(parts: shapes, totalTime: totalTime, p: p)
            #expect(got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN), "set \(i)")
        }
    }

    @Test("consecutive stretches of one shape are one entry; another shape between starts another")
    func repeatsMerge() {
        var shapes = AgeShapes()
        shapes.append(contentsOf: (0..<10_000).map { AgeSegment(start: Double($0) * 3, from: 0, to: 2) })
        shapes.append(contentsOf: [AgeSegment(start: 40_000, from: 1, to: 2)])
        shapes.append(contentsOf: (0..<5).map { AgeSegment(start: 50_000 + Double($0) * 3, from: 0, to: 2) })
        #expect(shapes.count == 10_006)
        #expect(shapes.runs == [.init(from: 0, to: 2, count: 10_000), .init(from: 1, to: 2, count: 1), .init(from: 0, to: 2, count: 5)])
    }
}
