import Foundation
import Testing
import WidgetBudgetTestSupport

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
            // The quantile over a total time of the stale seconds and up to 30 times more fresh.
            let totalTime = stale * (1 + g.unit() * 30)
            let p = [0.95, 0.5, 0.99][Int(g.next() % 3)]
            #expect(sameQuantileBits(parts, shapes, totalTime: totalTime, p: p), "set \(i)")
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

    /// A store in memory (an array), for the engine's side of ``AgeShapeStore``.
    final class ArrayStore: AgeShapeStore, @unchecked Sendable {
        var runs: [AgeShapes.Run] = []
        func append(_ runs: UnsafeBufferPointer<AgeShapes.Run>) { self.runs += runs }
        func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<AgeShapes.Run>) -> Bool {
            guard offset >= 0, offset + buffer.count <= runs.count else { return false }
            for i in buffer.indices { buffer[i] = runs[offset + i] }
            return true
        }
    }

    /// Random stretches, random and adversarial sets one after the other, and now and then 10,000
    /// of distinct shapes (more runs than ``AgeShapes/memoryRuns``, so some go to the store).
    static func stretches(_ g: inout SeededGenerator, _ i: Int) -> [AgeSegment] {
        var all: [AgeSegment] = []
        for _ in 0..<Int(1 + g.next() % 4) {
            all += g.next() % 2 == 0 ? AgeQuantileTests.segments(&g) : AgeQuantileTests.adversarial(&g)
        }
        if i % 3 == 0 {
            all += (0..<10_000).map { _ in
                let from = g.next() % 3 == 0 ? g.unit() * 600 : 0
                return AgeSegment(from: from, to: from + g.unit() * 7_200)
            }
        }
        return all
    }

    @Test("with a store: the same stretches, runs and quantile bits; at most memoryRuns + 1 runs in memory")
    func storeKeepsTheSameShapes() {
        var g = SeededGenerator(seed: 2_626)
        for i in 0..<60 {
            let parts = (0..<Int(1 + g.next() % 3)).map { _ in Self.stretches(&g, i) }
            var inMemory: [AgeShapes] = [], stored: [AgeShapes] = []
            for part in parts {
                var a = AgeShapes(), b = AgeShapes(store: ArrayStore())
                var rest = part[...]
                while !rest.isEmpty {
                    let n = Int(g.next() % 3_000) + 1
                    a.append(contentsOf: rest.prefix(n))
                    b.append(contentsOf: rest.prefix(n))
                    #expect(b.runs.count <= AgeShapes.memoryRuns + 1)
                    rest = rest.dropFirst(n)
                }
                b.finish()
                #expect(b.runs.isEmpty && b.storedRuns == a.runs.count && b.count == a.count)
                #expect(a == b)
                let bits = { (s: AgeSegment) in [s.from.bitPattern, s.to.bitPattern] }
                #expect(Array(b).map(bits) == part.map(bits))
                // Indexing reads the store one run at a time: the same runs.
                for _ in 0..<20 where a.runs.count > 0 {
                    let r = Int(g.next() % UInt64(a.runs.count))
                    #expect(b.run(at: r) == a.runs[r])
                }
                inMemory.append(a)
                stored.append(b)
            }
            let stale = parts.joined().reduce(0) { $0 + $1.to - $1.from }
            // The quantile over a total time of the stale seconds and up to 30 times more fresh.
            let totalTime = stale * (1 + g.unit() * 30)
            let p = [0.95, 0.5, 0.99][Int(g.next() % 3)]
            #expect(sameQuantileBits(inMemory, stored, totalTime: totalTime, p: p), "set \(i)")
        }
    }

    @Test("a store that cannot read ends the iteration there, its stretches of age 0, without a crash")
    func failedReadEnds() {
        final class Failing: AgeShapeStore, @unchecked Sendable {
            func append(_ runs: UnsafeBufferPointer<AgeShapes.Run>) {}
            func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<AgeShapes.Run>) -> Bool { false }
        }
        var shapes = AgeShapes(store: Failing())
        shapes.append(contentsOf: (0..<5_000).map { AgeSegment(from: 0, to: Double($0 + 1)) })
        #expect(shapes.storedRuns == 4_999 && shapes.runs.count == 1)
        // The first stored run cannot be read: the 5,000 stretches come back as one run of age 0
        // (its owner reports why), so the collection still yields its `count`.
        var runs = shapes.makeRunIterator()
        #expect(runs.next() == AgeShapes.Run(from: 0, to: 0, count: 5_000))
        #expect(runs.next() == nil)
        let stretches = Array(shapes)
        #expect(stretches.count == 5_000 && stretches.allSatisfy { $0.from == 0 && $0.to == 0 })
    }
}
