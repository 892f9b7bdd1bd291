/// A run's day metrics, one a day in order (``WidgetRunResult/days``): in memory, or, once the run
/// has finished and was given a ``DayStore``, in the store (issue #26: 184 bytes a day of every
/// replication and widget stayed in memory until the output, 67 of the 89 MB of 100 replications
/// of the minute clock over 10 years).
///
/// Iterating reads a stored list ``chunkDays`` days at a time into the iterator's own buffer, so
/// a pass over the days (a summary's sums, `days.csv`) holds one chunk, not the list; a subscript
/// reads the one day. Either way the days come back as they were appended, to the bit: every sum
/// over them adds the same terms in the same order as over the days in memory. A store that fails
/// to read gives empty days (`DayMetrics(budget: 0, length: 0)`) and keeps the reason for its
/// owner, who reports it before the output is committed.
public struct DayList: RandomAccessCollection, Sendable, Equatable, Codable, ExpressibleByArrayLiteral {
    /// Days read from a store at a time by an iterator (256 days, 47 KB).
    public static let chunkDays = 256

    /// The days, while in memory (empty once stored).
    private var memory: [DayMetrics]
    /// The store holding the days, once they were moved there (``store(in:)``).
    public private(set) var store: (any DayStore)?
    /// The days in the store.
    private var stored = 0

    /// The days `days`, in memory.
    public init(_ days: [DayMetrics]) { memory = days }

    /// The days listed, in memory.
    public init(arrayLiteral days: DayMetrics...) { memory = days }

    /// Moves the days to `store` (appended in one call) and releases their memory.
    /// - Complexity: O(*n*) in the days.
    public mutating func store(in store: any DayStore) {
        guard self.store == nil else { return }
        memory.withUnsafeBufferPointer { store.append($0) }
        stored = memory.count
        memory = []
        self.store = store
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of days.
    public var endIndex: Int { store == nil ? memory.count : stored }

    /// The `i`th day (0-based); read from the store when the days are there.
    public subscript(i: Int) -> DayMetrics {
        guard let store else { return memory[i] }
        precondition(i >= 0 && i < stored, "day index out of range")
        var day = DayMetrics(budget: 0, length: 0)
        if !withUnsafeMutablePointer(to: &day, { store.read(from: i, into: UnsafeMutableBufferPointer(start: $0, count: 1)) }) {
            return DayMetrics(budget: 0, length: 0)
        }
        return day
    }

    /// An iterator over the days in order.
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The days transformed, in order, read as an iteration does (a chunk at a time when stored).
    /// `Collection.map` would read a stored list by index: one read of the store a day.
    public func map<T>(_ transform: (DayMetrics) throws -> T) rethrows -> [T] {
        var out: [T] = []
        out.reserveCapacity(count)
        for day in self { out.append(try transform(day)) }
        return out
    }

    /// Calls `body` with the days in order, a buffer at a time: the days in memory in place, or
    /// the store's ``chunkDays`` at a time as an iteration reads them (empty days for a chunk that
    /// fails to read). A pass that reads each day's fields through the buffer copies no day out
    /// (an iteration hands each 184-byte day over by value: a `memcpy` a day in `DaySums`).
    package func forEachChunk(_ body: (UnsafeBufferPointer<DayMetrics>) throws -> Void) rethrows {
        guard let store else { return try memory.withUnsafeBufferPointer(body) }
        let empty = DayMetrics(budget: 0, length: 0)
        var chunk: [DayMetrics] = []
        var next = 0
        while next < stored {
            let n = Swift.min(DayList.chunkDays, stored - next)
            if chunk.count != n { chunk = [DayMetrics](repeating: empty, count: n) }
            if !chunk.withUnsafeMutableBufferPointer({ store.read(from: next, into: $0) }) {
                chunk = [DayMetrics](repeating: empty, count: n)
            }
            try chunk.withUnsafeBufferPointer(body)
            next += n
        }
    }

    /// Iterates over the days in order: those in memory, or those in the store read
    /// ``DayList/chunkDays`` at a time into one buffer.
    public struct Iterator: IteratorProtocol {
        /// The days being read: a chunk of the store's, or the days in memory.
        private var chunk: [DayMetrics]
        private var index = 0
        private let store: (any DayStore)?
        private let stored: Int
        /// The first stored day not read yet.
        private var nextStored = 0

        init(_ list: DayList) {
            chunk = list.memory
            store = list.store
            stored = list.stored
        }

        /// The next day, or `nil` after the last.
        @inline(__always)
        public mutating func next() -> DayMetrics? {
            if index == chunk.count {
                guard let store, nextStored < stored else { return nil }
                refill(from: store)
            }
            index += 1
            return chunk[index - 1]
        }

        /// Reads the next chunk of the store (empty days when it cannot).
        private mutating func refill(from store: any DayStore) {
            let n = Swift.min(DayList.chunkDays, stored - nextStored)
            let empty = DayMetrics(budget: 0, length: 0)
            if chunk.count != n { chunk = [DayMetrics](repeating: empty, count: n) }
            let from = nextStored
            if !chunk.withUnsafeMutableBufferPointer({ store.read(from: from, into: $0) }) {
                chunk = [DayMetrics](repeating: empty, count: n)
            }
            nextStored += n
            index = 0
        }
    }

    /// Whether both lists have the same days, in order (wherever they are kept).
    public static func == (a: DayList, b: DayList) -> Bool { a.count == b.count && a.elementsEqual(b) }

    /// Encoded as the list of days.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for day in self { try container.encode(day) }
    }

    /// Decoded from the list of days, in memory.
    public init(from decoder: any Decoder) throws {
        memory = try [DayMetrics](from: decoder)
    }
}
