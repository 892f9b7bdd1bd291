/// How serious a diagnostic is, in Xcode's words (`--fail-on` compares them).
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Something to know; never fails a build.
    case note
    /// The budget or WidgetKit's limits will likely be broken.
    case warning
    /// WidgetKit will not show the timeline.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Notes before warnings before errors.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A place in a source file: 1-based line and column (UTF-8), as compilers print them.
public struct SourcePlace: Sendable, Codable, Equatable, Hashable, Comparable {
    /// The file's path as given on the command line (joined with the folder it was found in).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a place.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `File.swift:12`: the file's last path component and the line, for scenario comments.
    public var short: String { (file.split(separator: "/").last.map(String.init) ?? file) + ":\(line)" }

    /// In file, then line, then column order.
    public static func < (a: SourcePlace, b: SourcePlace) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One finding of `inspect`: a rule, where, and what to do.
public struct Diagnostic: Sendable, Codable, Equatable {
    /// The rule's id (docs/inspect.md lists each).
    public var rule: InspectRule
    /// Its severity.
    public var severity: Severity
    /// Where in the sources.
    public var place: SourcePlace
    /// One line for a person: what was found and what to do.
    public var message: String

    /// Creates a diagnostic with the rule's usual severity unless one is given.
    public init(_ rule: InspectRule, at place: SourcePlace, _ message: String, severity: Severity? = nil) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.place = place
        self.message = message
    }

    /// `PATH:LINE:COL: warning: MESSAGE [rule-id]`, the line Xcode shows inline from a Run Script phase.
    /// Control characters (a kind written with `\n`) become spaces, so each diagnostic stays one line.
    public var xcodeLine: String {
        let text = String(String.UnicodeScalarView(message.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        return "\(place.file):\(place.line):\(place.column): \(severity.rawValue): \(text) [\(rule.rawValue)]"
    }
}
