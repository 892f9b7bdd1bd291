/// The next events of the streams of a merged process (a list of processes): a binary min-heap
/// ordered by time, then by the item's index in the list, so that at one instant the earlier item
/// comes first, as a scan of the list in order gives.
///
/// - Complexity: the earliest head in O(1); replacing it with its stream's next event, or
///   removing it, O(log k) for k streams (a scan of every head was O(k) an event, so a list of
///   10,000 `views:` items cost O(k²) over the run).
package struct MergedHeads: Sendable {
    /// One stream's next event.
    package struct Head: Sendable, Equatable {
        /// The event's time.
        package var time: SimTime
        /// The stream's index in the list.
        package var stream: Int
    }

    private var heap: [Head] = []
    /// Comparisons made so far (for tests of the complexity; counting costs one addition).
    package private(set) var comparisons = 0

    /// No heads.
    package init() {}

    /// The earliest head: the smallest time, and of those the smallest stream index.
    package var first: Head? { heap.first }

    /// The number of streams with events left.
    package var count: Int { heap.count }

    /// Adds stream `stream`'s next event.
    package mutating func insert(_ time: SimTime, stream: Int) {
        heap.append(Head(time: time, stream: stream))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Replaces the earliest head by its stream's next event `time`, or removes it when the
    /// stream has none (`nil`).
    package mutating func replaceFirst(with time: SimTime?) {
        guard !heap.isEmpty else { return }
        if let time {
            heap[0].time = time
        } else {
            let last = heap.removeLast()
            if heap.isEmpty { return }
            heap[0] = last
        }
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            let right = left + 1
            let child = right < heap.count && precedes(heap[right], heap[left]) ? right : left
            guard precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            parent = child
        }
    }

    /// True when `a` comes before `b`: an earlier time, or the same time and an earlier stream.
    private mutating func precedes(_ a: Head, _ b: Head) -> Bool {
        comparisons &+= 1
        return a.time < b.time || (a.time == b.time && a.stream < b.stream)
    }
}
