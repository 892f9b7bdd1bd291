import Foundation

/// Told how far a run has come: `done` of `total` (replication, widget) runs finished. Called from
/// the worker threads, once per finished run, in no particular order of runs but with `done`
/// counting up; it must be cheap and thread-safe (the tool's progress bar redraws at most ten
/// times a second).
public typealias SimulationProgress = @Sendable (_ done: Int, _ total: Int) -> Void

/// A thread-safe count of finished jobs, for progress reports (the simulator's runs, the
/// optimizer's evaluations).
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// One more job finished: the count so far.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
