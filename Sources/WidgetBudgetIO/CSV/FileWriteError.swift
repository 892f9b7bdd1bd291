/// A file could not be written: which path, and why (the system's reason, e.g. "Permission denied").
public struct FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path that was to be written.
    public var path: String
    /// What went wrong, e.g. "cannot create directory /out: Not a directory".
    public var reason: String

    /// Creates an error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// One line: `cannot write PATH: REASON`.
    public var description: String { "cannot write \(csvMessageText(path, limit: 200)): \(reason)" }
}
