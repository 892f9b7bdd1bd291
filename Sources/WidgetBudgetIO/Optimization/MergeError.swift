/// A problem joining shard outputs: one line.
public struct MergeError: Error, CustomStringConvertible, Sendable {
    /// The message.
    public var description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }
}
