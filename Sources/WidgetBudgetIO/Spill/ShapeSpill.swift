import Foundation
import WidgetBudgetKit

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A temporary file that the stretch shapes of a simulation's runs go to (``AgeShapeStore``), and
/// the day metrics of its finished runs (``DayStore``: `simulate` and `report`), so that what
/// `simulate`, `report` and `compare` keep of them does not grow with the horizon nor with the
/// replications (issue #26).
///
/// One file for the whole simulation, made with a unique name in a folder the tool writes (the
/// output transaction's staging folder) and removed at once: the open file lives until the last
/// store is gone, and nothing is left behind, even after a crash. Each (replication, widget) run
/// gets its own stores (``stores``, ``dayStores``): the shapes' appends its runs a chunk at a time
/// (at most ``AgeShapes/memoryRuns`` runs, 96 KB), the days' its days when the run ends, at the
/// end of the file, and each remembers where each chunk went; reading gets the bytes back from
/// there, so the runs and days come back as they were, to the bit, whatever order the parallel
/// runs wrote in. The first write or read that fails is kept and thrown by ``check()``.
public final class ShapeSpill: @unchecked Sendable {
    /// The two calls that move bytes to and from the file (`pwrite` and `pread`: descriptor,
    /// buffer, count, offset; the bytes moved, or -1 with `errno` set), replaceable in tests to make
    /// the disk fill up or a read fail.
    struct Calls: Sendable {
        var write: @Sendable (Int32, UnsafeRawPointer, Int, off_t) -> Int
        var read: @Sendable (Int32, UnsafeMutableRawPointer, Int, off_t) -> Int

        /// The real calls.
        static let live = Calls(write: { pwrite($0, $1, $2, $3) }, read: { pread($0, $1, $2, $3) })
    }

    /// The file's descriptor (its name already removed).
    private let descriptor: Int32
    /// How bytes are moved (``Calls/live`` but in tests).
    private let calls: Calls
    /// The path it had, for messages.
    private let path: String
    /// Guards `end` and `failure`.
    private let lock = NSLock()
    /// Bytes handed out so far: where the next chunk goes.
    private var end: Int64 = 0
    private var failure: FileWriteError?

    /// Creates the file in `folder` (which must exist) and removes its name.
    /// - Throws: ``FileWriteError`` when it cannot be created.
    public convenience init(folder: String) throws {
        try self.init(folder: folder, calls: .live)
    }

    /// Creates the file in `folder`, its bytes moved by `calls`.
    init(folder: String, calls: Calls) throws {
        self.calls = calls
        var template = Array((folder as NSString).appendingPathComponent(".shapes-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0 else {
            throw FileWriteError(path: path, reason: "cannot create a file for the stretch shapes: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        unlink(path)
    }

    deinit { close(descriptor) }

    /// The shape stores to hand to the simulator, one per (replication, widget) run.
    public var stores: AgeShapeStoreFactory {
        { [self] _, _ in Part<AgeShapes.Run>(spill: self, what: "the stretch shapes") }
    }

    /// The day stores to hand to the simulator, one per (replication, widget) run.
    public var dayStores: DayStoreFactory {
        { [self] _, _ in Part<DayMetrics>(spill: self, what: "the day metrics") }
    }

    /// Throws the first write or read of the file that failed (a full disk): the shapes, and so
    /// the summaries' 95th-percentile ages, or the days read back are then incomplete.
    /// - Throws: ``FileWriteError``.
    public func check() throws {
        lock.lock()
        let failed = failure
        lock.unlock()
        if let failed { throw failed }
    }

    /// Throws the first failed write or read of the spill file holding `result`'s days, if they
    /// are in one: for output that reads them after ``SimulationOutput`` wrote its files (the
    /// findings, the JSON document), before it is shown.
    /// - Throws: ``FileWriteError``.
    public static func check(_ result: SimulationResult) throws {
        for run in result.runs.joined() {
            if let part = run.days.store as? Part<DayMetrics> { try part.spill.check() }
        }
    }

    /// Writes `bytes` (of `what`) at the end of the file; returns where, or `nil` (the failure kept).
    fileprivate func append(_ bytes: UnsafeRawBufferPointer, _ what: String) -> Int64? {
        lock.lock()
        let at = end
        end += Int64(bytes.count)
        lock.unlock()
        let written = transfer(
            bytes.count, at: at, "cannot write \(what)", hint: " (free space on that disk, or run fewer days or replications)"
        ) { done, offset in
            calls.write(descriptor, bytes.baseAddress! + done, bytes.count - done, offset)
        }
        return written ? at : nil
    }

    /// Reads `buffer.count` bytes (of `what`) from `offset` into `buffer`; false on failure (kept).
    fileprivate func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer, _ what: String) -> Bool {
        transfer(buffer.count, at: offset, "cannot read \(what) back", hint: "") { done, at in
            calls.read(descriptor, buffer.baseAddress! + done, buffer.count - done, at)
        }
    }

    /// Moves `count` bytes at `offset` by `call` (`pread` or `pwrite` of what is left, given the
    /// bytes done and the file offset to continue at), again while interrupted or short; false on
    /// failure (kept as `what`, the system's reason, and `hint`).
    private func transfer(_ count: Int, at offset: Int64, _ what: String, hint: String, _ call: (Int, off_t) -> Int) -> Bool {
        var done = 0
        while done < count {
            let n = call(done, off_t(offset) + off_t(done))
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                let reason = n < 0 ? String(cString: strerror(errno)) : "no byte moved at offset \(off_t(offset) + off_t(done))"
                fail("\(what): \(reason)\(hint)")
                return false
            }
            done += n
        }
        return true
    }

    private func fail(_ reason: String) {
        let error = FileWriteError(path: path, reason: reason)
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    /// One run's store of `Element`s (stretch shapes' runs, or days: plain values, kept as their
    /// bytes): its chunks' places in the file.
    fileprivate final class Part<Element>: @unchecked Sendable {
        fileprivate let spill: ShapeSpill
        /// What the elements are, for messages.
        private let what: String
        /// The index of each chunk's first element (ascending), and where its bytes are.
        private var firstRuns: [Int] = []
        private var offsets: [Int64] = []
        /// Elements appended so far.
        private var runs = 0

        init(spill: ShapeSpill, what: String) {
            self.spill = spill
            self.what = what
        }

        func append(_ runs: UnsafeBufferPointer<Element>) {
            guard !runs.isEmpty else { return }
            // A failed write leaves a chunk that cannot be read (offset -1), and the failure for `check`.
            let at = spill.append(UnsafeRawBufferPointer(runs), what) ?? -1
            firstRuns.append(self.runs)
            offsets.append(at)
            self.runs += runs.count
        }

        func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<Element>) -> Bool {
            guard offset >= 0, offset + buffer.count <= runs else { return false }
            var run = offset, filled = 0
            // The last chunk starting at or before `run`.
            var chunk = firstRuns.partitionPoint { $0 > run } - 1
            while filled < buffer.count {
                let chunkEnd = chunk + 1 < firstRuns.count ? firstRuns[chunk + 1] : runs
                let n = min(chunkEnd - run, buffer.count - filled)
                let stride = MemoryLayout<Element>.stride
                let bytes = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[filled..<(filled + n)]))
                guard offsets[chunk] >= 0, spill.read(at: offsets[chunk] + Int64((run - firstRuns[chunk]) * stride), into: bytes, what)
                else { return false }
                filled += n
                run += n
                chunk += 1
            }
            return true
        }
    }
}

extension ShapeSpill.Part: AgeShapeStore where Element == AgeShapes.Run {}

extension ShapeSpill.Part: DayStore where Element == DayMetrics {}

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
