import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The day's close folding its slots into the shapes in one loop (`SegmentStore.fold(into:)`,
/// `AgeShapes.append(slots:marks:scratch:)`, #26 engine-2) against the fold it replaced, kept
/// here as the reference: day after day, the same runs and counts, to the bit.
@Suite("Day close: the slots' fold against the fold it replaced")
struct DayCloseFoldTests {
    /// The fold before #26 engine-2's round 7 (a loop for the slots between marks, another step for
    /// a marked slot, a count kept a slot), on an array of runs: appends `slots`' stretches to
    /// `runs`, a marked slot's count at once, each merged into the last run when of its shape, and
    /// returns how many stretches.
    static func referenceFold(
        _ runs: inout [AgeShapes.Run], _ slots: UnsafeBufferPointer<AgeSegment>, marks: UnsafeBufferPointer<StretchSlots.Run>
    ) -> Int {
        let end = slots.count
        guard let p = slots.baseAddress, end > 0 else { return 0 }
        var out: [AgeShapes.Run] = []
        var m = 0
        var mark = marks.isEmpty ? end : marks[0].slot
        var first = p[0]
        var k = 1
        if mark == 0 {
            k = marks[0].count
            m = 1
            mark = m < marks.count ? marks[m].slot : end
        }
        var n = k
        if let last = runs.last, last.from.bitPattern == first.from.bitPattern, last.to.bitPattern == first.to.bitPattern {
            k &+= last.count
            runs.removeLast()
        }
        var from = first.from.bitPattern, to = first.to.bitPattern
        var i = 1
        while true {
            while i < mark {
                let s = p[i]
                i &+= 1
                n &+= 1
                if s.from.bitPattern == from && s.to.bitPattern == to {
                    k &+= 1
                } else {
                    out.append(AgeShapes.Run(from: first.from, to: first.to, count: k))
                    first = s
                    from = s.from.bitPattern
                    to = s.to.bitPattern
                    k = 1
                }
            }
            guard i < end else { break }
            let s = p[i]
            let c = marks[m].count
            i &+= 1
            m &+= 1
            mark = m < marks.count ? marks[m].slot : end
            n &+= c
            if s.from.bitPattern == from && s.to.bitPattern == to {
                k &+= c
            } else {
                out.append(AgeShapes.Run(from: first.from, to: first.to, count: k))
                first = s
                from = s.from.bitPattern
                to = s.to.bitPattern
                k = c
            }
        }
        out.append(AgeShapes.Run(from: first.from, to: first.to, count: k))
        runs += out
        return n
    }

    /// A day's slots: none some days, else up to 60 of a few shapes (neighbours of one shape, a
    /// shape that differs from another in the last bit or in its sign of zero), a third of them
    /// marked as runs of 1 to 5,000 (the first slot, the last, and consecutive slots among them).
    static func day(_ g: inout SeededGenerator) -> (slots: [AgeSegment], marks: [StretchSlots.Run]) {
        let shapes = [(0.0, 60.0), (0.0, 60.0), (0.0, 60.0), (30.0, 90.0), (0.0, 0.5), (-0.0, 60.0), (0.0, 60.000000000000007)]
        guard g.next() % 6 != 0 else { return ([], []) }
        var slots: [AgeSegment] = [], marks: [StretchSlots.Run] = []
        // Long stretches of one shape too: a shape kept for a while.
        var shape = shapes[0]
        for i in 0..<Int(1 + g.next() % 60) {
            if g.next() % 3 == 0 { shape = shapes[Int(g.next() % UInt64(shapes.count))] }
            slots.append(AgeSegment(start: Double(i), from: shape.0, to: shape.1))
            if g.next() % 3 == 0 { marks.append(StretchSlots.Run(slot: i, count: [1, 2, 3, 59, 5_000][Int(g.next() % 5)])) }
        }
        return (slots, marks)
    }

    /// The runs of `shapes`, stored and in memory, in order.
    static func runs(_ shapes: AgeShapes) -> [AgeShapes.Run] {
        var runs: [AgeShapes.Run] = [], iterator = shapes.makeRunIterator()
        while let run = iterator.next() { runs.append(run) }
        return runs
    }

    /// The same runs to the bit.
    static func same(_ a: [AgeShapes.Run], _ b: [AgeShapes.Run]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                $0.count == $1.count && $0.from.bitPattern == $1.from.bitPattern && $0.to.bitPattern == $1.to.bitPattern
            }
    }

    @Test("400 runs of 1 to 8 days: folded through the store, the runs and counts of the old fold, to the bit")
    func foldMatchesReference() {
        var g = SeededGenerator(seed: 26_707)
        var merged = 0, marked = 0, empty = 0, firstMarked = 0
        for i in 0..<400 {
            let spill = i % 5 == 0 ? AgeShapesTests.ArrayStore() : nil
            var shapes = spill.map { AgeShapes(store: $0) } ?? AgeShapes()
            var store = SegmentStore()
            var reference: [AgeShapes.Run] = []
            var stretches = 0
            for d in 0..<Int(1 + g.next() % 8) {
                let day = Self.day(&g)
                for s in day.slots { store.append(s) }
                for mark in day.marks { store.markRun(slot: mark.slot, count: mark.count) }
                let lastBefore = reference.last
                stretches += day.slots.withUnsafeBufferPointer { slots in
                    day.marks.withUnsafeBufferPointer { Self.referenceFold(&reference, slots, marks: $0) }
                }
                if let lastBefore, let first = day.slots.first, lastBefore.from.bitPattern == first.from.bitPattern,
                    lastBefore.to.bitPattern == first.to.bitPattern
                {
                    merged += 1
                }
                if day.slots.isEmpty { empty += 1 }
                if day.marks.first?.slot == 0 { firstMarked += 1 }
                marked += day.marks.count
                store.fold(into: &shapes)
                #expect(store.count == 0 && store.runs.isEmpty, "set \(i), day \(d)")
                #expect(shapes.count == stretches, "set \(i), day \(d): \(shapes.count) stretches against \(stretches)")
                #expect(Self.same(Self.runs(shapes), reference), "set \(i), day \(d)")
            }
            shapes.finish()
            #expect(Self.same(Self.runs(shapes), reference), "set \(i), finished")
        }
        // The cases the fold must get right, each drawn many times.
        #expect(merged > 100, "\(merged) days whose first slot joined the last run")
        #expect(marked > 2_000, "\(marked) marked slots")
        #expect(empty > 100, "\(empty) days without a slot")
        #expect(firstMarked > 100, "\(firstMarked) days whose first slot is marked")
    }

    /// The in-place read of runs kept in memory as it was before it stopped asking for runs of no
    /// stretch (#26 engine-2, round 9), kept here verbatim as the reference.
    static func referenceRead(_ shapes: AgeShapes) -> [AgeShapes.Run] {
        var read: [AgeShapes.Run] = []
        shapes.runs.withUnsafeBufferPointer { runs in
            for run in runs where run.count > 0 { read.append(AgeShapes.Run(from: run.from, to: run.to, count: run.count)) }
        }
        return read
    }

    @Test("300 runs of 1 to 8 days folded in memory: no run of no stretch, and the run-by-run read of the old one")
    func inMemoryReadMatchesReference() {
        var g = SeededGenerator(seed: 26_911)
        var reads = 0
        for i in 0..<300 {
            var shapes = AgeShapes()
            var store = SegmentStore()
            for d in 0..<Int(1 + g.next() % 8) {
                let day = Self.day(&g)
                for s in day.slots { store.append(s) }
                for mark in day.marks { store.markRun(slot: mark.slot, count: mark.count) }
                store.fold(into: &shapes)
                // Stretches appended one by one too, as the event path's runs append them.
                if g.next() % 4 == 0 { shapes.append(contentsOf: day.slots.prefix(Int(g.next() % 4))) }
                #expect(shapes.storedRuns == 0 && shapes.runs.allSatisfy { $0.count > 0 }, "set \(i), day \(d)")
                var read: [AgeShapes.Run] = []
                StretchRuns.forEach(in: shapes) { read.append(AgeShapes.Run(from: $0, to: $1, count: $2)) }
                #expect(Self.same(read, Self.referenceRead(shapes)), "set \(i), day \(d)")
                reads += read.count
            }
        }
        #expect(reads > 20_000, "\(reads) runs read")
    }
}
