/// A device log that cannot be analysed as a whole (problems with single values are ``CSVError``s).
public struct DeviceLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or files concerned.
    public var files: [String]
    /// What is wrong and what to do, one line.
    public var message: String

    /// Creates an error.
    public init(files: [String], message: String) {
        self.files = files
        self.message = message
    }

    /// `file: message` on one line.
    public var description: String {
        (files.count == 1 ? csvMessageText(files[0]) : files.map { csvMessageText($0) }.joined(separator: ", ")) + ": " + message
    }
}
