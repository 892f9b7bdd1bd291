// Iterating over ``AgeShapes``: its runs (stored ones read a chunk at a time), and its stretches.
extension AgeShapes {
    /// Iterates over the runs in order: those in the store, read ``chunkRuns`` at a time into one
    /// buffer, then those in memory. A store that fails to read ends the iteration there (its owner
    /// reports why) with one run of age 0 for the stretches not yielded, so that the stretches
    /// yielded are always ``AgeShapes/count`` (a collection that yields fewer elements than its
    /// `count` makes `Array(_:)` trap).
    public struct RunIterator: IteratorProtocol {
        /// Runs read from the store at a time (96 KB).
        public static let chunkRuns = 4_096

        /// The runs being read: a chunk of the store's, or the runs in memory.
        private var chunk: [Run] = []
        private var index = 0
        private let store: (any AgeShapeStore)?
        private let storedRuns: Int
        /// The first stored run not read yet.
        private var nextStored = 0
        /// The runs in memory, until they are reached.
        private var memory: [Run]?
        /// Stretches not yet yielded.
        private var left: Int

        init(_ shapes: AgeShapes) {
            store = shapes.store
            storedRuns = shapes.storedRuns
            memory = shapes.runs
            left = shapes.count
        }

        /// The next run, or `nil` after the last.
        @inline(__always)
        public mutating func next() -> Run? {
            if index == chunk.count {
                guard refill() else { return nil }
            }
            index += 1
            left &-= chunk[index - 1].count
            return chunk[index - 1]
        }

        /// Reads the next chunk of the store, or reaches the runs in memory; false at the end.
        private mutating func refill() -> Bool {
            index = 0
            if let store, nextStored < storedRuns {
                let n = Swift.min(Self.chunkRuns, storedRuns - nextStored)
                // `chunk` is the iterator's own buffer until the runs in memory are reached.
                if chunk.count != n { chunk = [Run](repeating: Run(from: 0, to: 0, count: 1), count: n) }
                let from = nextStored
                let read = chunk.withUnsafeMutableBufferPointer { store.read(from: from, into: $0) }
                guard read else {
                    // The stretches not read back, as one run of age 0 (what is lost is reported
                    // by the store's owner).
                    chunk = left > 0 ? [Run(from: 0, to: 0, count: left)] : []
                    memory = nil
                    nextStored = storedRuns
                    return !chunk.isEmpty
                }
                nextStored += n
                return true
            }
            guard let runs = memory else {
                chunk = []
                return false
            }
            memory = nil
            chunk = runs
            return !runs.isEmpty
        }
    }

    /// Iterates over the stretches in order (each run's shape its count of times).
    public struct Iterator: IteratorProtocol {
        private var runs: RunIterator
        private var left = 0
        private var current = AgeSegment(from: 0, to: 0)

        init(_ runs: RunIterator) { self.runs = runs }

        /// The next stretch, or `nil` after the last.
        @inline(__always)
        public mutating func next() -> AgeSegment? {
            while left <= 0 {
                guard let run = runs.next() else { return nil }
                current = AgeSegment(start: 0, from: run.from, to: run.to)
                left = run.count
            }
            left -= 1
            return current
        }
    }
}
