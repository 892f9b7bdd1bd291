import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// A list of processes (`views: [...]`) merged through ``MergedHeads``: the same events in the same
/// order as sorting every item's events by time and then by the item's place in the list, and a
/// cost of O(log k) comparisons an event for k items (a scan of every item's next event was O(k),
/// so 10,000 items cost O(k²): issue #27, item 12).
@Suite("Merged processes: the heap of next events")
struct MergedHeadsTests {
    static let clock = LocalClock.utc()

    /// Every item's events, then a stable sort by time: the order the merge must give.
    static func reference(_ items: [[SimTime]]) -> [SimTime] {
        var all: [(time: SimTime, item: Int)] = []
        for (k, times) in items.enumerated() {
            for t in times { all.append((t, k)) }
        }
        all.sort { a, b in a.time < b.time || (a.time == b.time && a.item < b.item) }
        return all.map { $0.time }
    }

    @Test("200 random lists of `at` and `every` items, with ties: the sorted events, to the bit")
    func sameAsSorting() {
        var g = SeededGenerator(seed: 27)
        for trial in 0..<200 {
            let k = 1 + Int(g.next() % 40)
            let horizon = 86_400.0
            var items: [EventProcess] = []
            var times: [[SimTime]] = []
            for _ in 0..<k {
                if g.next() % 3 == 0 {
                    let period = [600.0, 3_600, 7_200][Int(g.next() % 3)]
                    items.append(EventProcess(.every(period: period, offset: 0)))
                    times.append(stride(from: 0, to: horizon, by: period).map { $0 })
                } else {
                    // Whole minutes, so that items share instants.
                    let list = (0..<Int(g.next() % 6)).map { _ in Double(g.next() % 1_440) * 60 }.sorted()
                    items.append(EventProcess(.times(list)))
                    times.append(list)
                }
            }
            let stream = EventStream(EventProcess(.merged(items)), horizon: horizon, clock: Self.clock, generator: SeededGenerator(seed: 1))
            #expect(Array(IteratorSequence(stream)) == Self.reference(times), "trial \(trial), \(k) items")
        }
    }

    @Test("10,000 items of one event each: at most 2·log2(k) comparisons an event, not k")
    func logarithmicCost() {
        let k = 10_000
        let items = (0..<k).map { i in EventProcess(.times([Double((i * 7_919) % k)])) }
        var stream = EventStream(EventProcess(.merged(items)), horizon: 86_400, clock: Self.clock, generator: SeededGenerator(seed: 1))
        var drawn: [SimTime] = []
        while let t = stream.next() { drawn.append(t) }
        #expect(drawn == (0..<k).map(Double.init))
        // Building the heap: at most log2(k) + 1 comparisons an insert; each event removed: at
        // most 2 comparisons per level of a heap of ⌈log2 k⌉ + 1 levels.
        let levels = Int(log2(Double(k)).rounded(.up)) + 1
        #expect(stream.mergeComparisons <= k * levels + k * 2 * levels, "\(stream.mergeComparisons) comparisons")
        // A scan of every item's next event makes k − 1 comparisons an event: k(k − 1)/2 ≈ 5·10^7 here.
        #expect(stream.mergeComparisons < k * (k - 1) / 2 / 50)
    }

    @Test("the heap alone: the earliest head, ties to the earlier stream, removal when a stream ends")
    func heapOrder() {
        var heads = MergedHeads()
        for (s, t) in [(0, 5.0), (1, 3.0), (2, 5.0), (3, 3.0), (4, 9.0)] { heads.insert(t, stream: s) }
        var order: [Int] = []
        while let first = heads.first {
            order.append(first.stream)
            heads.replaceFirst(with: nil)
        }
        #expect(order == [1, 3, 0, 2, 4])
        #expect(heads.count == 0)
    }
}
