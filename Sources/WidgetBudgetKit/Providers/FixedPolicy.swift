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

extension FixedPolicy {
    /// Reads a policy as scenarios write it: `at-end`, `never` or `{after: 30m}`.
    public static func read<V: ScenarioValue>(_ v: V) throws -> FixedPolicy {
        if v.isMapping {
            let m = try v.mapping(allowed: ["after"])
            return .after(try m.require("after", hint: nil).positiveDuration())
        }
        let text = try v.string()
        switch text {
        case "at-end", "atEnd": return .atEnd
        case "never": return .never
        default:
            if text.hasPrefix("after") {
                throw v.error("write the `after` policy as {after: 30m}", hint: nil)
            }
            throw v.error(
                "unknown policy '\(text)'",
                hint: NearestName.hint(text, among: ["at-end", "never"], otherwise: "use at-end, never or {after: 30m}"))
        }
    }
}
