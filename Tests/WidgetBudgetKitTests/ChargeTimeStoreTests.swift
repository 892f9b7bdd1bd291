import Testing

@testable import WidgetBudgetKit

/// The charged grants' times in the run's own buffer (`ChargeTimeStore`, issue #26 engine-2
/// `deliver`) against an array appended the same way.
@Suite("Charge times in the run's buffer")
struct ChargeTimeStoreTests {
    @Test("500 random runs of appends, with and without room reserved: the array's times, in order")
    func sameTimes() {
        var g = SeededGenerator(seed: 26_826)
        for i in 0..<500 {
            var store = ChargeTimeStore()
            var array: [SimTime] = []
            if i % 2 == 0 { store.reserveCapacity(Int(g.next() % 100)) }
            for _ in 0..<Int(g.next() % 700) {
                let t = (g.unit() - 0.5) * 1e7
                store.append(t)
                array.append(t)
            }
            #expect(store.count == array.count)
            #expect(store.take().map(\.bitPattern) == array.map(\.bitPattern), "run \(i)")
            #expect(store.take().isEmpty && store.count == 0, "run \(i)")
        }
    }

    /// An array taken must be the store's no longer, whatever the store writes after, and behave
    /// as any array (however the store hands its times over).
    @Test("200 random runs of takes: each array taken keeps its times while the store writes again, and grows as an array")
    func takenArraysAreTheirOwn() {
        var g = SeededGenerator(seed: 12_826)
        for i in 0..<200 {
            var store = ChargeTimeStore()
            var taken: [[SimTime]] = [], expected: [[SimTime]] = []
            for _ in 0..<4 {
                if g.next() % 2 == 0 { store.reserveCapacity(Int(g.next() % 200)) }
                var array: [SimTime] = []
                for _ in 0..<Int(g.next() % 300) {
                    let t = (g.unit() - 0.5) * 1e7
                    store.append(t)
                    array.append(t)
                }
                taken.append(store.take())
                expected.append(array)
            }
            // The store's later times went to buffers of their own.
            #expect(taken.map { $0.map(\.bitPattern) } == expected.map { $0.map(\.bitPattern) }, "run \(i)")
            for k in taken.indices {
                var copy = taken[k]
                copy.append(1.5)
                copy.append(contentsOf: [2.5, 3.5])
                #expect(copy.map(\.bitPattern) == (expected[k] + [1.5, 2.5, 3.5]).map(\.bitPattern), "run \(i), take \(k)")
                #expect(taken[k].count == expected[k].count, "run \(i), take \(k)")
            }
        }
    }
}
