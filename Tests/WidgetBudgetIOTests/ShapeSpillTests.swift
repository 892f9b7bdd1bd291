import Dispatch
import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The stretch shapes of runs kept in a temporary file (``ShapeSpill``, issue #26: memory flat in
/// the horizon and the replications) are read back as they were, to the bit: the same runs as in
/// memory, and the same 95th-percentile age.
@Suite("Shape spill file")
struct ShapeSpillTests {
    /// Random stretches: runs of one shape, distinct shapes (more than ``AgeShapes/memoryRuns``
    /// now and then), and adversarial values (0, −0, subnormals, huge, equal teeth).
    static func stretches(_ g: inout SeededGenerator) -> [AgeSegment] {
        let count = Int(g.next() % 12_000)
        let kind = g.next() % 4
        var out: [AgeSegment] = []
        out.reserveCapacity(count)
        while out.count < count {
            let from: Double, to: Double
            switch kind {
            case 0:  // a few shapes repeated
                (from, to) = [(0.0, 240.0), (0, 60), (30, 90)][Int(g.next() % 3)]
            case 1:  // distinct shapes
                from = g.next() % 3 == 0 ? g.unit() * 600 : 0
                to = from + g.unit() * 7_200
            case 2:  // edges and odd values
                let values: [Double] = [0, -0.0, .leastNonzeroMagnitude, 1e-300, 1, 1e9 / 3, 1e15, 86_400 / 7]
                let a = values[Int(g.next() % 8)], b = values[Int(g.next() % 8)]
                (from, to) = (min(a, b), max(a, b))
            default:  // whole seconds, long runs of one
                let n = Int(g.next() % 500)
                let shape = AgeSegment(from: 0, to: Double(1 + g.next() % 3_600))
                out += repeatElement(shape, count: min(n, count - out.count))
                continue
            }
            out.append(AgeSegment(from: from, to: to))
        }
        return out
    }

    @Test("runs written in parallel come back as in memory; the quantile has the same bits")
    func sameShapesSameQuantile() throws {
        var g = SeededGenerator(seed: 2_627)
        for set in 0..<25 {
            let folder = try CLIRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let spill = try ShapeSpill(folder: folder.path)
            // The file's name is gone at once: nothing is left in the folder.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            let parts = (0..<Int(1 + g.next() % 6)).map { _ in Self.stretches(&g) }
            let pieces = parts.map { _ in Int(1 + g.next() % 2_000) }
            let inMemory = zip(parts, pieces).map { part, piece in Self.shapes(part, piece: piece, store: nil) }
            // Each part from its own thread, as the simulator's runs: their chunks interleave in the file.
            let stores = spill.stores
            let stored = ParallelMap.map(count: parts.count) { i in Self.shapes(parts[i], piece: pieces[i], store: stores(i, 0)) }
            try spill.check()
            for (a, b) in zip(inMemory, stored) {
                #expect(b.runs.isEmpty && b.storedRuns == a.runs.count)
                #expect(a == b, "set \(set)")
                for _ in 0..<10 where !a.runs.isEmpty {
                    let r = Int(g.next() % UInt64(a.runs.count))
                    #expect(b.run(at: r) == a.runs[r])
                }
            }
            let stale = parts.joined().reduce(0) { $0 + $1.to - $1.from }
            // The quantile over a total time of the stale seconds and up to 30 times more fresh.
            let totalTime = stale * (1 + g.unit() * 30)
            let p = [0.95, 0.5, 0.99][Int(g.next() % 3)]
            #expect(sameQuantileBits(inMemory, stored, totalTime: totalTime, p: p), "set \(set)")
            try spill.check()
        }
    }

    /// `part`'s shapes appended `piece` stretches at a time (as days close), then finished.
    static func shapes(_ part: [AgeSegment], piece: Int, store: (any AgeShapeStore)?) -> AgeShapes {
        var shapes = store.map { AgeShapes(store: $0) } ?? AgeShapes()
        var rest = part[...]
        while !rest.isEmpty {
            shapes.append(contentsOf: rest.prefix(piece))
            rest = rest.dropFirst(piece)
        }
        shapes.finish()
        return shapes
    }

    @Test("days written in parallel, between shapes, come back as in memory, to the bit")
    func sameDays() throws {
        var g = SeededGenerator(seed: 2_628)
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = try ShapeSpill(folder: folder.path)
        let lists = (0..<8).map { _ in randomDays(&g, count: Int(g.next() % 4_000)) }
        let parts = lists.map { _ in Self.stretches(&g) }
        // Each run from its own thread, its shapes then its days, as the simulator's runs: the
        // chunks of both kinds interleave in the file.
        let (shapeStores, dayStores) = (spill.stores, spill.dayStores)
        let stored = ParallelMap.map(count: lists.count) { i in
            let shapes = Self.shapes(parts[i], piece: 700, store: shapeStores(i, 0))
            var days = DayList(lists[i])
            days.store(in: dayStores(i, 0))
            return (shapes, days)
        }
        try spill.check()
        for i in lists.indices {
            #expect(stored[i].1.store != nil && stored[i].1.count == lists[i].count)
            #expect(stored[i].1.map(dayBits) == lists[i].map(dayBits), "run \(i)")
            for _ in 0..<10 where !lists[i].isEmpty {
                let d = Int(g.next() % UInt64(lists[i].count))
                #expect(dayBits(stored[i].1[d]) == dayBits(lists[i][d]))
            }
            #expect(stored[i].0 == Self.shapes(parts[i], piece: 700, store: nil))
        }
        try spill.check()
    }

    @Test("a folder it cannot write in is an error naming the file, not a crash")
    func unwritableFolder() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing").path
        let error = #expect(throws: FileWriteError.self) { try ShapeSpill(folder: missing) }
        #expect(error?.description.hasPrefix("cannot write \(missing)/.shapes-") == true)
    }

    /// The file holds the values' bytes and reads them back as values: that is only the value
    /// when it holds no reference (a `String`, an array or a class added to `DayMetrics` would be
    /// written as a pointer and read back dangling).
    @Test("what the file holds are plain values, kept as their bytes")
    func plainValues() {
        #expect(_isPOD(DayMetrics.self))
        #expect(_isPOD(AgeShapes.Run.self))
    }
}
