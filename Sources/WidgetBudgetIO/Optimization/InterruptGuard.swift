import Foundation

/// Holds Ctrl-C (SIGINT), SIGTERM and SIGHUP off while a set of output files is written, so an
/// interrupted command leaves either the old files or the complete new set, never a mix.
///
/// ``install()`` blocks both signals in every thread (call it before any thread starts) and
/// waits for them on a thread of its own: outside ``critical(_:)`` a signal ends the process at
/// once (exit 130, after `onInterrupt`, e.g. clearing a progress bar); inside, the process ends
/// when the critical section does. Without ``install()``, ``critical(_:)`` just runs its body.
public enum InterruptGuard {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var pending = false
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var cleanup: (@Sendable () -> Void)?

    /// Starts guarding; `onInterrupt` runs before the process exits on a signal.
    public static func install(onInterrupt: (@Sendable () -> Void)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        cleanup = onInterrupt
        guard !installed else { return }
        installed = true
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        let waiter = Thread {
            var signals = waited
            var signal: Int32 = 0
            while sigwait(&signals, &signal) == 0 {
                lock.lock()
                if depth > 0 {
                    pending = true
                    lock.unlock()
                } else {
                    let c = cleanup
                    lock.unlock()
                    OutputTransaction.abortAll()
                    c?()
                    exit(130)
                }
            }
        }
        waiter.start()
    }

    /// Installs the guard with no clean-up of its own unless one is installed already: called by
    /// every command before any thread starts, so a signal always removes staged output.
    public static func installIfNeeded(onInterrupt: (@Sendable () -> Void)? = nil) {
        lock.lock()
        let done = installed
        lock.unlock()
        if !done { install(onInterrupt: onInterrupt) }
    }

    /// Runs `body` with signals held off; a signal that came meanwhile ends the process after it.
    public static func critical<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        depth += 1
        lock.unlock()
        defer {
            lock.lock()
            depth -= 1
            let exitNow = depth == 0 && pending
            let c = cleanup
            lock.unlock()
            if exitNow {
                OutputTransaction.abortAll()
                c?()
                exit(130)
            }
        }
        return try body()
    }
}
