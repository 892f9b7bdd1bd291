/// The reload policy a `fixed` provider returns, relative to the reload time.
public enum FixedPolicy: Sendable, Equatable, CustomStringConvertible, Codable {
    /// `.atEnd`.
    case atEnd
    /// `.after(now + seconds)`.
    case after(Double)
    /// `.never`.
    case never

    /// The policy's scenario notation: `at-end`, `after 30m`, `never`.
    public var description: String {
        switch self {
        case .atEnd: return "at-end"
        case let .after(seconds): return "after \(DurationFormat.string(seconds))"
        case .never: return "never"
        }
    }

    /// The policy's kind as a word: `at-end`, `after` or `never`.
    public var kindName: String {
        switch self {
        case .atEnd: return "at-end"
        case .after: return "after"
        case .never: return "never"
        }
    }
}
