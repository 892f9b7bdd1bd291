import Dispatch
import Foundation

/// A stream's events drawn on another thread, a few blocks ahead of the one run that reads them.
///
/// A long single run leaves a core idle, and drawing a Poisson process (a generator step and a
/// `log1p` per event; a windowed one, the ziggurat's table look-up) is a sizeable part of it. The drawing thread runs the very stream the run
/// would (same generator, same order), so the run reads the same values, whatever the core count.
/// Memory stays flat: a ring of ``blocks`` blocks of ``blockSize`` times, reused. Blocks go back
/// to the drawing thread half a ring at a time, so it is woken a few dozen times over a 5-year run
/// rather than once per block (waking a thread costs more than drawing a hundred events), and the
/// first blocks are short, so the run does not wait long for its first views.
///
/// One reader only: the reader's position is not shared. Dropping the reader stops the drawing
/// thread (it is woken if it waits for room).
final class PrefetchedEvents: @unchecked Sendable {
    /// Blocks in the ring, and events per block.
    static let blocks = 8
    static let blockSize = 2048
    /// The first block's length; each next one is twice as long, up to ``blockSize``.
    static let firstBlockSize = 128

    private let ring: Ring
    /// The block being read (`-1` before the first), its length, and the next index in it.
    private var block = -1
    private var count = 0
    private var index = 0
    /// The block being read is the stream's last.
    private var lastBlock = false
    /// Blocks read and not yet handed back.
    private var released = 0

    /// Starts drawing `stream` on another thread.
    init(_ stream: EventStream) {
        let ring = Ring()
        self.ring = ring
        DispatchQueue.global().async { ring.draw(stream) }
    }

    deinit {
        ring.cancel()
    }

    /// The next event, or `nil` after the last.
    @inline(__always)
    func next() -> SimTime? {
        if index < count {
            index += 1
            return ring.times[block * Self.blockSize + index - 1]
        }
        return nextBlock()
    }

    /// Hands the block just read back to the drawing thread and waits for the next one.
    @inline(never)
    private func nextBlock() -> SimTime? {
        if lastBlock { return nil }
        if block >= 0 { released += 1 }
        if released == Self.blocks / 2 {
            for _ in 0..<released { ring.free.signal() }
            released = 0
        }
        ring.filled.wait()
        block = (block + 1) % Self.blocks
        count = ring.counts[block]
        lastBlock = count < 0
        if lastBlock { count = -count - 1 }
        guard count > 0 else { return nil }
        index = 1
        return ring.times[block * Self.blockSize]
    }

    /// The blocks, shared by the drawing thread and the reader. A block is written only between
    /// a `free.wait()` and the `filled.signal()` that hands it over, and read only between a
    /// `filled.wait()` and the `free.signal()` that hands it back: the semaphores order every access.
    private final class Ring: @unchecked Sendable {
        let times = UnsafeMutablePointer<SimTime>.allocate(capacity: PrefetchedEvents.blocks * PrefetchedEvents.blockSize)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: PrefetchedEvents.blocks)
        let filled = DispatchSemaphore(value: 0)
        /// Made at 0 and signalled once per block: libdispatch stops a program that releases a
        /// semaphore whose value is below the one it was made with (blocks still out at the end).
        let free = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var cancelled = false

        init() {
            for _ in 0..<PrefetchedEvents.blocks { free.signal() }
        }

        deinit {
            times.deallocate()
            counts.deallocate()
        }

        /// Draws `stream` block after block; the last block's count `n` is written `-n - 1`.
        func draw(_ stream: EventStream) {
            var stream = stream
            var b = 0
            var length = PrefetchedEvents.firstBlockSize
            while true {
                free.wait()
                if isCancelled { return }
                let base = times + b * PrefetchedEvents.blockSize
                let n = stream.next(into: base, capacity: length)
                let ended = n < length
                counts[b] = ended ? -n - 1 : n
                filled.signal()
                if ended { return }
                b = (b + 1) % PrefetchedEvents.blocks
                length = min(2 * length, PrefetchedEvents.blockSize)
            }
        }

        /// Stops the drawing thread at its next block.
        func cancel() {
            lock.lock()
            cancelled = true
            lock.unlock()
            free.signal()
        }

        private var isCancelled: Bool {
            lock.lock()
            defer { lock.unlock() }
            return cancelled
        }
    }
}
