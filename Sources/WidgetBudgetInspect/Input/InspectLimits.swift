/// How much `inspect` reads (docs/limits.md): past these, files are skipped with a note, so a
/// folder holding a vendored SDK or a generated blob never makes the run slow or large.
public struct InspectLimits: Sendable, Equatable {
    /// The largest Swift file read, in bytes (1 MB: hand-written widget code is far smaller).
    public var maxFileBytes: Int
    /// The most bytes read over all files (20 MB); the files after are skipped with one note.
    public var maxTotalBytes: Int
    /// The most Swift files read (5,000).
    public var maxFiles: Int

    /// The documented limits.
    public static let standard = InspectLimits(maxFileBytes: 1_000_000, maxTotalBytes: 20_000_000, maxFiles: 5_000)

    /// Creates limits (tests use small ones).
    public init(maxFileBytes: Int, maxTotalBytes: Int, maxFiles: Int) {
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxFiles = maxFiles
    }
}
