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

    /// Records a started child; one started after ``terminateAll()`` (the process is exiting) is
    /// killed at once.
    static func started(_ pid: Int32) {
        lock.lock()
        if stopping {
            kill(pid, SIGKILL)
        } else {
            running.insert(pid)
        }
        lock.unlock()
    }

    /// Forgets a child that ended.
    static func ended(_ pid: Int32) {
        lock.lock()
        running.remove(pid)
        lock.unlock()
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
    }
}
