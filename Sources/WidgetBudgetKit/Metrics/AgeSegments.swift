/// The stale stretches of a run, in time order (``WidgetRunResult/ageSegments``): an immutable
/// collection of ``AgeSegment``s.
///
/// The engine writes a run's stretches into a buffer of its own and hands that buffer over at the
/// end of the run, without copying it (a run of minute entries writes tens of thousands, and a
/// sweep runs tens of thousands of runs). Build one from an array for tests and tools; it encodes
/// as an array.
public struct AgeSegments: RandomAccessCollection, Sendable, Equatable, Codable, ExpressibleByArrayLiteral {
    private let storage: Storage

    /// The stretches of `segments`.
    public init(_ segments: [AgeSegment]) {
        let base = UnsafeMutablePointer<AgeSegment>.allocate(capacity: Swift.max(segments.count, 1))
        _ = UnsafeMutableBufferPointer(start: base, count: segments.count).initialize(from: segments)
        storage = Storage(base: base, count: segments.count)
    }

    /// The stretches of `elements`.
    public init(arrayLiteral elements: AgeSegment...) {
        self.init(elements)
    }

    /// Takes over `count` stretches at `base`, allocated with `UnsafeMutablePointer.allocate`: they
    /// are freed with the last copy of this value.
    init(adopting base: UnsafeMutablePointer<AgeSegment>, count: Int) {
        storage = Storage(base: base, count: count)
    }

    /// No stretch.
    public init() {
        self.init([])
    }

    /// The first stretch's index, 0.
    public var startIndex: Int { 0 }
    /// One past the last stretch's index: the number of stretches.
    public var endIndex: Int { storage.count }

    /// The stretch at `position` (`0 ..< count`).
    public subscript(position: Int) -> AgeSegment {
        precondition(position >= 0 && position < storage.count, "AgeSegments: index out of range")
        return storage.base[position]
    }

    /// Iterates over the stretches in order.
    public struct Iterator: IteratorProtocol {
        /// Keeps the buffer alive while the iterator reads it.
        private let storage: Storage
        private var current: UnsafeMutablePointer<AgeSegment>
        private let end: UnsafeMutablePointer<AgeSegment>

        fileprivate init(_ storage: Storage) {
            self.storage = storage
            current = storage.base
            end = storage.base + storage.count
        }

        /// The next stretch, or `nil` after the last.
        @inline(__always)
        public mutating func next() -> AgeSegment? {
            guard current < end else { return nil }
            let segment = current.pointee
            current += 1
            return segment
        }
    }

    /// An iterator over the stretches in order.
    public func makeIterator() -> Iterator { Iterator(storage) }

    /// Calls `body` with the stretches as one buffer (they are stored so).
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<AgeSegment>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// The same stretches in the same order.
    public static func == (a: AgeSegments, b: AgeSegments) -> Bool {
        a.storage === b.storage || a.elementsEqual(b)
    }

    /// Reads the stretches from an array.
    public init(from decoder: any Decoder) throws {
        self.init(try [AgeSegment](from: decoder))
    }

    /// Writes the stretches as an array.
    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }

    /// The buffer, freed with the last value that holds it; never written after it is built.
    fileprivate final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<AgeSegment>
        let count: Int

        init(base: UnsafeMutablePointer<AgeSegment>, count: Int) {
            self.base = base
            self.count = count
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }
}
