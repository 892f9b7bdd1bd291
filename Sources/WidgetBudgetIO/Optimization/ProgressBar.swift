import Foundation

/// A progress bar on standard error for long optimizations: shown only on a terminal, never
/// under `CI` or when standard error is piped, and only once a run has lasted a second.
public final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let label: String
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var shown = false
    private let enabled: Bool

    /// A bar for `label`; `enabled` defaults to "standard error is a terminal and `CI` is unset".
    public init(label: String, enabled: Bool = ProgressBar.isInteractive) {
        self.label = label
        self.enabled = enabled
    }

    /// True when standard error is a terminal and the `CI` environment variable is not set.
    public static var isInteractive: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    /// Reports `done` of `total` (`nil` when unknown); safe from any thread, redraws at most ten
    /// times a second.
    public func update(done: Int, total: Int?) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed >= 1, now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        shown = true
        var line = "\r\(label) "
        let rate = Double(done) / max(elapsed, 1e-9)
        if let total, total > 0 {
            let width = 30
            let filled = min(width, done * width / total)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            line += "\(done)/\(total)"
            if done < total && rate > 0 { line += String(format: "  %.0f/s, %.0fs left", rate, Double(total - done) / rate) }
        } else {
            line += "\(done) evaluated  " + String(format: "%.0f/s", rate)
        }
        FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
    }

    /// Removes the bar from the screen, if it was drawn.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }
}
