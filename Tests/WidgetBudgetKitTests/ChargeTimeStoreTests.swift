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
}
