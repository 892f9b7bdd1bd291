/// A problem in a scenario file: one line naming the file, line and key, with the fix when it can
/// be guessed.
public struct ScenarioError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The scenario file (as given on the command line).
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// The key path, e.g. `widgets[0].provider.spacing`.
    public var key: String
    /// What is wrong.
    public var message: String
    /// How to fix it, when guessable.
    public var hint: String?

    /// Creates an error.
    public init(file: String, line: Int?, key: String, message: String, hint: String? = nil) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
        self.hint = hint
    }

    /// `file:line: key: message (hint)` on one line.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if !key.isEmpty { text += key + ": " }
        text += message
        if let hint { text += " (\(hint))" }
        return text.replacingOccurrences(of: "\n", with: " ")
    }
}
