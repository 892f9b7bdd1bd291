import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child processes (gnuplot) running now, so an interrupted command can stop them instead of
/// leaving them orphaned.
enum ChildProcesses {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var running: Set<Int32> = []
    nonisolated(unsafe) private static var stopping = false

    nonisolated(unsafe) private static var starting = 0

    /// Announces a launch, so that ``terminateAll()`` waits for its process id instead of exiting
    /// while the child is being started (it would be orphaned).
    /// Once ``terminateAll()`` ran, it never returns: nothing new is launched while exiting.
    static func willStart() {
        lock.lock()
        let exiting = stopping
        if !exiting { starting += 1 }
        lock.unlock()
        while exiting { pause() }
    }

    /// Records a started child (`nil`: the launch failed); one started after ``terminateAll()``
    /// (the process is exiting) is killed at once.
    static func started(_ pid: Int32?) {
        lock.lock()
        starting -= 1
        if let pid {
            if stopping {
                kill(pid, SIGKILL)
            } else {
                running.insert(pid)
            }
        }
        lock.unlock()
    }

    /// Forgets a child that ended.
    static func ended(_ pid: Int32) {
        lock.lock()
        running.remove(pid)
        lock.unlock()
    }

    /// Never returns once ``terminateAll()`` ran: the process is exiting on a signal, and a thread
    /// that woke because its child was killed must not write into a staging folder that the
    /// signal's clean-up is removing.
    static func parkIfStopping() {
        lock.lock()
        let parked = stopping
        lock.unlock()
        while parked { pause() }
    }

    /// Kills every running child (SIGKILL: a child started with our blocked signals would
    /// ignore SIGTERM).
    static func terminateAll() {
        lock.lock()
        let all = running
        running = []
        stopping = true
        lock.unlock()
        for pid in all { kill(pid, SIGKILL) }
        // Launches under way record their child in a moment and kill it then (`stopping`); wait
        // for them, a second at most, so that none outlives the process.
        for _ in 0..<1_000 {
            lock.lock()
            let pending = starting
            lock.unlock()
            if pending <= 0 { break }
            usleep(1_000)
        }
    }
}
