import Foundation
import WidgetBudgetKit

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A temporary file that the stretch shapes of a simulation's runs go to (``AgeShapeStore``), so
/// that what `simulate`, `report` and `compare` keep of them does not grow with the horizon nor
/// with the replications (issue #26).
///
/// One file for the whole simulation, made with a unique name in a folder the tool writes (the
/// output transaction's staging folder) and removed at once: the open file lives until the last
/// store is gone, and nothing is left behind, even after a crash. Each (replication, widget) run
/// gets its own store (``stores``), which appends its runs a chunk at a time (at most
/// ``AgeShapes/memoryRuns`` runs, 96 KB) at the end of the file and remembers where each chunk
/// went; reading gets the bytes back from there, so the runs come back as they were, to the bit,
/// whatever order the parallel runs wrote in. The first write or read that fails is kept and
/// thrown by ``check()``.
public final class ShapeSpill: @unchecked Sendable {
    /// The file's descriptor (its name already removed).
    private let descriptor: Int32
    /// The path it had, for messages.
    private let path: String
    /// Guards `end` and `failure`.
    private let lock = NSLock()
    /// Bytes handed out so far: where the next chunk goes.
    private var end: Int64 = 0
    private var failure: FileWriteError?

    /// Creates the file in `folder` (which must exist) and removes its name.
    /// - Throws: ``FileWriteError`` when it cannot be created.
    public init(folder: String) throws {
        var template = Array((folder as NSString).appendingPathComponent(".shapes-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        path = String(cString: template)
        guard fd >= 0 else {
            throw FileWriteError(path: path, reason: "cannot create a file for the stretch shapes: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        unlink(path)
    }

    deinit { close(descriptor) }

    /// The stores to hand to the simulator, one per (replication, widget) run.
    public var stores: AgeShapeStoreFactory {
        { [self] _, _ in Part(spill: self) }
    }

    /// Throws the first write or read of the file that failed (a full disk): the shapes, and so
    /// the summaries' 95th-percentile ages, are then incomplete.
    /// - Throws: ``FileWriteError``.
    public func check() throws {
        lock.lock()
        let failed = failure
        lock.unlock()
        if let failed { throw failed }
    }

    /// Writes `bytes` at the end of the file; returns where, or `nil` (the failure kept).
    fileprivate func append(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        lock.lock()
        let at = end
        end += Int64(bytes.count)
        lock.unlock()
        let written = transfer(bytes.count, at: at, "cannot write the stretch shapes") { done, offset in
            pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, offset)
        }
        return written ? at : nil
    }

    /// Reads `buffer.count` bytes from `offset` into `buffer`; false on failure (kept).
    fileprivate func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        transfer(buffer.count, at: offset, "cannot read the stretch shapes back") { done, at in
            pread(descriptor, buffer.baseAddress! + done, buffer.count - done, at)
        }
    }

    /// Moves `count` bytes at `offset` by `call` (`pread` or `pwrite` of what is left, given the
    /// bytes done and the file offset to continue at), again while interrupted or short; false on
    /// failure (kept as `what`).
    private func transfer(_ count: Int, at offset: Int64, _ what: String, _ call: (Int, off_t) -> Int) -> Bool {
        var done = 0
        while done < count {
            let n = call(done, off_t(offset) + off_t(done))
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                fail(what)
                return false
            }
            done += n
        }
        return true
    }

    private func fail(_ what: String) {
        let error = FileWriteError(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    /// One run's store: its chunks' places in the file.
    private final class Part: AgeShapeStore, @unchecked Sendable {
        private let spill: ShapeSpill
        /// The index of each chunk's first run (ascending), and where its bytes are.
        private var firstRuns: [Int] = []
        private var offsets: [Int64] = []
        /// Runs appended so far.
        private var runs = 0

        init(spill: ShapeSpill) { self.spill = spill }

        func append(_ runs: UnsafeBufferPointer<AgeShapes.Run>) {
            guard !runs.isEmpty else { return }
            // A failed write leaves a chunk that cannot be read (offset -1), and the failure for `check`.
            let at = spill.append(UnsafeRawBufferPointer(runs)) ?? -1
            firstRuns.append(self.runs)
            offsets.append(at)
            self.runs += runs.count
        }

        func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<AgeShapes.Run>) -> Bool {
            guard offset >= 0, offset + buffer.count <= runs else { return false }
            var run = offset, filled = 0
            // The last chunk starting at or before `run`.
            var chunk = firstRuns.partitionPoint { $0 > run } - 1
            while filled < buffer.count {
                let chunkEnd = chunk + 1 < firstRuns.count ? firstRuns[chunk + 1] : runs
                let n = min(chunkEnd - run, buffer.count - filled)
                let stride = MemoryLayout<AgeShapes.Run>.stride
                let bytes = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[filled..<(filled + n)]))
                guard offsets[chunk] >= 0, spill.read(at: offsets[chunk] + Int64((run - firstRuns[chunk]) * stride), into: bytes)
                else { return false }
                filled += n
                run += n
                chunk += 1
            }
            return true
        }
    }
}

extension Array {
    /// The index of the first element for which `belongs` is true, all those before it false (the
    /// array partitioned so); `count` when none.
    fileprivate func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
