import Dispatch
import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO
@testable import WidgetBudgetKit

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

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

    /// The real calls, but a write moves at most `chunk` bytes, and the disk is full (`ENOSPC`)
    /// once `room` bytes are written in all; a read moves at most `chunk` bytes, and read `failingRead`
    /// (counted from 0) fails with `EIO`, or moves nothing when `readEnds` (a file shorter than
    /// thought).
    final class Disk: @unchecked Sendable {
        let chunk: Int, room: Int, failingRead: Int, readEnds: Bool
        private let lock = NSLock()
        private var written = 0, reads = 0

        init(chunk: Int, room: Int = .max, failingRead: Int = .max, readEnds: Bool = false) {
            (self.chunk, self.room, self.failingRead, self.readEnds) = (chunk, room, failingRead, readEnds)
        }

        var calls: ShapeSpill.Calls {
            ShapeSpill.Calls(
                write: { [self] fd, bytes, count, offset in
                    lock.lock()
                    defer { lock.unlock() }
                    let n = min(count, chunk, room - written)
                    guard n > 0 else {
                        errno = ENOSPC
                        return -1
                    }
                    let moved = pwrite(fd, bytes, n, offset)
                    if moved > 0 { written += moved }
                    return moved
                },
                read: { [self] fd, buffer, count, offset in
                    lock.lock()
                    let call = reads
                    reads += 1
                    lock.unlock()
                    if call == failingRead {
                        if readEnds { return 0 }
                        errno = EIO
                        return -1
                    }
                    return pread(fd, buffer, min(count, chunk), offset)
                })
        }
    }

    /// `parts`' shapes through `spill`'s stores, each from its own thread.
    static func stored(_ parts: [[AgeSegment]], in spill: ShapeSpill) -> [AgeShapes] {
        let stores = spill.stores
        return ParallelMap.map(count: parts.count) { i in Self.shapes(parts[i], piece: 900, store: stores(i, 0)) }
    }

    @Test("writes and reads moved a few bytes at a time still give the shapes back, to the bit")
    func shortTransfers() throws {
        var g = SeededGenerator(seed: 2_629)
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 24-byte runs moved 7 and 1,000 bytes at a time: every chunk split inside a run.
        for chunk in [7, 1_000] {
            let spill = try ShapeSpill(folder: folder.path, calls: Disk(chunk: chunk).calls)
            let parts = (0..<4).map { _ in Self.stretches(&g) }
            let stored = Self.stored(parts, in: spill)
            for (part, shapes) in zip(parts, stored) {
                #expect(shapes == Self.shapes(part, piece: 900, store: nil), "chunk \(chunk)")
            }
            try spill.check()
        }
    }

    @Test("a disk that fills up is one error naming the file, the reason and the fix")
    func fullDisk() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 40,000 distinct shapes: 40,000 runs of 24 bytes, 960,000 bytes, against 100,000 of room.
        let part = (0..<40_000).map { AgeSegment(from: 0, to: Double($0 + 1)) }
        let spill = try ShapeSpill(folder: folder.path, calls: Disk(chunk: 4_096, room: 100_000).calls)
        _ = Self.stored([part, part], in: spill)
        let error = #expect(throws: FileWriteError.self) { try spill.check() }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("cannot write \(folder.path)/.shapes-"))
        #expect(
            text.hasSuffix(
                ": cannot write the stretch shapes: \(String(cString: strerror(ENOSPC))) (free space on that disk, or run fewer days or replications)"
            ),
            "\(text)")
        #expect(!text.contains("\n"))
    }

    @Test("a read that fails, or finds the file short, is an error, not a wrong answer")
    func failedRead() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = (0..<20_000).map { AgeSegment(from: 0, to: Double($0 % 5_000 + 1)) }
        for readEnds in [false, true] {
            let spill = try ShapeSpill(folder: folder.path, calls: Disk(chunk: .max, failingRead: 3, readEnds: readEnds).calls)
            let shapes = Self.stored([part], in: spill)[0]
            try spill.check()  // Every write went through.
            // The stretches from the failed read on come back as age 0, as many as were written:
            // the collection still yields its `count` (`Array(_:)` traps otherwise).
            let read = Array(shapes)
            #expect(read.count == part.count)
            let good = read.prefix { $0.to != 0 }.count
            #expect(good < part.count && read[good...].allSatisfy { $0.from == 0 && $0.to == 0 })
            #expect(zip(read.prefix(good), part).allSatisfy { $0.from == $1.from && $0.to == $1.to })
            _ = AgeQuantile.timeWeighted(shapes, totalTime: 1e9, p: 0.95)
            let error = #expect(throws: FileWriteError.self) { try spill.check() }
            let reason = readEnds ? "no byte moved at offset " : String(cString: strerror(EIO))
            #expect(error?.reason.hasPrefix("cannot read the stretch shapes back: \(reason)") == true, "\(String(describing: error))")
        }
    }

    @Test("a full disk during simulate fails the run with the spill's error")
    func fullDiskInSimulate() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioLoader.load(
            path: CLIRunner.packageRoot.appendingPathComponent("Scenarios/clock-minute-entries.yaml").path
        )
        .scenario
        var long = scenario
        long.days = 400
        long.replications = 2
        let spill = try ShapeSpill(folder: folder.path, calls: Disk(chunk: .max, room: 20_000).calls)
        let error = #expect(throws: FileWriteError.self) {
            _ = try SimulationOutput.simulate(long, to: folder.path, events: .none, detail: .summaries, spill: spill)
        }
        #expect(error?.reason.hasPrefix("cannot write the ") == true, "\(String(describing: error))")
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
