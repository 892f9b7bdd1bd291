import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A finished run's day metrics moved to a store (``DayList``, what `simulate` and `report` keep,
/// issue #26: 184 bytes a day of every replication stayed in memory until the output) come back
/// as they were, to the bit, whether iterated (a chunk at a time) or read one by one.
@Suite("Day list")
struct DayListTests {
    final class ArrayStore: DayStore, @unchecked Sendable {
        var days: [DayMetrics] = []
        var reads = 0
        func append(_ days: UnsafeBufferPointer<DayMetrics>) { self.days += days }
        func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<DayMetrics>) -> Bool {
            guard offset >= 0, offset + buffer.count <= days.count else { return false }
            reads += 1
            for i in buffer.indices { buffer[i] = days[offset + i] }
            return true
        }
    }

    @Test("stored days come back as in memory, to the bit, iterated or one by one")
    func sameDays() {
        var g = SeededGenerator(seed: 2_626)
        let chunk = DayList.chunkDays
        let counts = [0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 3_650] + (0..<12).map { _ in Int(g.next() % 5_000) }
        for count in counts {
            let days = randomDays(&g, count: count)
            var list = DayList(days)
            let store = ArrayStore()
            list.store(in: store)
            #expect(list.store === store && store.days.count == count && list.count == count)
            let iterated = Array(list)
            #expect(iterated.map(dayBits) == days.map(dayBits), "\(count) days iterated")
            // One read a chunk: the iterator's buffer, not the list, is what a pass holds.
            #expect(store.reads == (count + chunk - 1) / chunk, "\(count) days: \(store.reads) reads")
            for _ in 0..<min(count, 20) {
                let d = Int(g.next() % UInt64(count))
                #expect(dayBits(list[d]) == dayBits(days[d]), "day \(d) of \(count)")
            }
            #expect(list.first.map(dayBits) == days.first.map(dayBits))
            // Storing again changes nothing.
            list.store(in: ArrayStore())
            #expect(list.store === store)
        }
    }

    /// `forEachChunk` hands over the days an iteration gives, in order and to the bit, in memory
    /// in one buffer, stored a chunk at a time (one read a chunk), and a store that cannot read
    /// as empty days, as many as stored.
    @Test("the chunks handed over in place are the days iterated")
    func chunksInPlace() {
        var g = SeededGenerator(seed: 2_628)
        let chunk = DayList.chunkDays
        let counts = [0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 3_650] + (0..<12).map { _ in Int(g.next() % 5_000) }
        for count in counts {
            let days = randomDays(&g, count: count)
            var list = DayList(days)
            for stored in [false, true] {
                if stored { list.store(in: ArrayStore()) }
                var read: [DayMetrics] = []
                var buffers: [Int] = []
                list.forEachChunk {
                    read += $0
                    buffers.append($0.count)
                }
                #expect(read.map(dayBits) == days.map(dayBits), "\(count) days, stored: \(stored)")
                let expected = stored ? (0..<(count + chunk - 1) / chunk).map { min(chunk, count - $0 * chunk) } : [count]
                #expect(buffers == expected, "\(count) days, stored: \(stored): \(buffers)")
            }
            #expect((list.store as? ArrayStore)?.reads == (count + chunk - 1) / chunk, "\(count) days")
        }
        // A store that reads its first chunk and then fails: the chunk after it is empty days,
        // not the first one's again (the buffer is reused), as in an iteration.
        final class FailingAfterOne: DayStore, @unchecked Sendable {
            let inner = ArrayStore()
            func append(_ days: UnsafeBufferPointer<DayMetrics>) { inner.append(days) }
            func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<DayMetrics>) -> Bool {
                offset == 0 && inner.read(from: offset, into: buffer)
            }
        }
        let days = randomDays(&g, count: 2 * chunk)
        var failing = DayList(days)
        failing.store(in: FailingAfterOne())
        var read: [DayMetrics] = []
        failing.forEachChunk { read += $0 }
        let expected = days.prefix(chunk).map(dayBits) + Array(repeating: dayBits(DayMetrics(budget: 0, length: 0)), count: chunk)
        #expect(read.map(dayBits) == expected)
        #expect(Array(failing).map(dayBits) == expected)
    }

    /// `map` over a stored list reads it a chunk at a time, as an iteration does: by index (the
    /// collection's own `map`, a lazy filter's `count`), each day was a read of the store, a system
    /// call for `simulate`'s spill file (issue #26: the quietest scenarios' findings cost 5,000
    /// instructions a simulated day). `Collection.map` reads by index: 3,650 reads here.
    @Test("map reads a stored list a chunk at a time")
    func mapReadsChunks() {
        var g = SeededGenerator(seed: 26)
        let days = randomDays(&g, count: 3_650)
        var list = DayList(days)
        let store = ArrayStore()
        list.store(in: store)
        #expect(list.map(\.charged) == days.map(\.charged))
        #expect(store.reads == (3_650 + DayList.chunkDays - 1) / DayList.chunkDays, "\(store.reads) reads")
    }

    @Test("the summaries of runs whose days are stored have the same bits")
    func sameSummaries() {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 600, policy: .after(600))), days: 40, replications: 3, seed: 7,
            budget: .fixed(40), unpredictable: EventProcess(.poisson(perHour: 2)), views: EventProcess(.poisson(perHour: 6)))
        let inMemory = Simulator.run(scenario, events: .none, sinks: nil, detail: .summaries, progress: { _, _ in })
        let stores = StoreList()
        let stored = Simulator.run(
            scenario, events: .none, sinks: nil, detail: .summaries, days: { _, _ in stores.make() }, progress: { _, _ in })
        #expect(stored.runs.joined().allSatisfy { $0.days.store != nil })
        #expect(inMemory.runs.joined().allSatisfy { $0.days.store == nil })
        #expect(stored.summaries.map { "\($0)" } == inMemory.summaries.map { "\($0)" })
        #expect(stored.summaries == inMemory.summaries)
        for (a, b) in zip(stored.runs.joined(), inMemory.runs.joined()) {
            #expect(a.days.map(dayBits) == b.days.map(dayBits))
        }
    }

    /// Makes array stores from parallel runs.
    final class StoreList: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [ArrayStore] = []
        func make() -> ArrayStore {
            lock.lock()
            defer { lock.unlock() }
            made.append(ArrayStore())
            return made[made.count - 1]
        }
    }

    @Test("a store that cannot read gives empty days, as many as stored, without a crash")
    func failedReadGivesEmptyDays() {
        final class Failing: DayStore, @unchecked Sendable {
            func append(_ days: UnsafeBufferPointer<DayMetrics>) {}
            func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<DayMetrics>) -> Bool { false }
        }
        var g = SeededGenerator(seed: 3)
        var list = DayList(randomDays(&g, count: 600))
        list.store(in: Failing())
        let empty = dayBits(DayMetrics(budget: 0, length: 0))
        #expect(list.count == 600)
        #expect(list.allSatisfy { dayBits($0) == empty })
        #expect(dayBits(list[599]) == empty)
    }
}
