import Foundation

/// How a long run shows its progress on standard error.
public enum ProgressStyle: Sendable, Equatable {
    /// Nothing (`--quiet`, or not a terminal without `--progress`).
    case off
    /// A bar redrawn in place, for a terminal.
    case bar
    /// A plain line now and then, for a CI log (`--progress` when standard error is not a terminal).
    case lines

    /// The style for a command's `--progress` and `--quiet` flags: `--quiet` wins; otherwise a
    /// bar on a terminal (unless `CI` is set and `--progress` was not given), lines in a log with
    /// `--progress`, nothing else.
    public static func chosen(progress: Bool, quiet: Bool, isTerminal: Bool = ProgressBar.stderrIsTerminal, isCI: Bool = ProgressBar.isCI)
        -> ProgressStyle
    {
        if quiet { return .off }
        if isTerminal && (progress || !isCI) { return .bar }
        return progress ? .lines : .off
    }
}

/// Progress on standard error for long runs (`simulate`, `optimize`, `report`, `compare`,
/// `export-log`): drawn only once a run has lasted a second, so short runs print nothing.
public final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let label: String
    private let style: ProgressStyle
    private let now: @Sendable () -> Date
    private let start: Date
    private var lastDraw = Date.distantPast
    private var shown = false
    /// Where the text goes (standard error; a test's buffer).
    private let write: @Sendable (String) -> Void

    /// How often `lines` prints, seconds.
    static let lineInterval = 5.0

    /// A progress display for `label` in `style`, writing to standard error (or `write`), on the
    /// system clock (or `now`, for tests).
    public init(
        label: String, style: ProgressStyle,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.label = label
        self.style = style
        self.write = write
        self.now = now
        start = now()
    }

    /// True when standard error is a terminal.
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// True when the `CI` environment variable is set (read with `getenv`: `ProcessInfo`'s
    /// `environment` builds a dictionary of every variable, 1 M instructions at start-up).
    public static var isCI: Bool { getenv("CI") != nil }

    /// Reports `done` of `total` (`nil` when unknown); safe from any thread. The bar redraws at
    /// most ten times a second, the lines every 5 s (and once at the end when any was printed).
    public func update(done: Int, total: Int?, unit: String = "done") {
        guard style != .off else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = self.now()
        let elapsed = now.timeIntervalSince(start)
        let finished = total.map { done >= $0 } ?? false
        guard elapsed >= 1 else { return }
        switch style {
        case .off: return
        case .bar:
            guard now.timeIntervalSince(lastDraw) >= 0.1 || finished else { return }
            write("\r" + Self.barText(label: label, done: done, total: total, elapsed: elapsed, unit: unit) + "\u{1B}[K")
        case .lines:
            guard now.timeIntervalSince(lastDraw) >= Self.lineInterval || (finished && shown) else { return }
            write(Self.lineText(label: label, done: done, total: total, elapsed: elapsed, unit: unit) + "\n")
        }
        lastDraw = now
        shown = true
    }

    /// Removes the bar from the screen, if it was drawn.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown && style == .bar { write("\r\u{1B}[K") }
        shown = false
    }

    /// `optimize [######        ] 120/400  30/s, 9s left`.
    static func barText(label: String, done: Int, total: Int?, elapsed: Double, unit: String) -> String {
        var line = "\(label) "
        let rate = Double(done) / max(elapsed, 1e-9)
        if let total, total > 0 {
            let width = 30
            let filled = min(width, done * width / total)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            line += "\(done)/\(total)"
            if done < total && rate > 0 { line += String(format: "  %.0f/s, %.0fs left", rate, Double(total - done) / rate) }
        } else {
            line += "\(done) \(unit)  " + String(format: "%.0f/s", rate)
        }
        return line
    }

    /// `simulate: 12/50 runs (24%), 8s elapsed, about 25s left`.
    static func lineText(label: String, done: Int, total: Int?, elapsed: Double, unit: String) -> String {
        guard let total, total > 0 else { return "\(label): \(done) \(unit), \(Int(elapsed))s elapsed" }
        var line = "\(label): \(done)/\(total) \(unit) (\(done * 100 / total)%), \(Int(elapsed))s elapsed"
        if done < total && done > 0 {
            line += ", about \(Int((elapsed / Double(done) * Double(total - done)).rounded(.up)))s left"
        }
        return line
    }
}
