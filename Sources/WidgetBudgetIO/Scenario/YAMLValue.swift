import WidgetBudgetKit
import Yams

/// A node of a scenario file with where it came from: the file, its line, and its key path, so
/// every problem can be reported as `file:line: key: message`.
public struct YAMLValue {
    /// The Yams node.
    let node: Node
    /// The key path, e.g. `widgets[0].provider`.
    public let path: String
    /// The file name used in messages.
    public let file: String

    init(node: Node, path: String, file: String) {
        self.node = node
        self.path = path
        self.file = file
    }

    /// The node's 1-based line.
    public var line: Int? { node.mark?.line }

    /// An error at this node.
    public func error(_ message: String, hint: String? = nil) -> ScenarioError {
        ScenarioError(file: file, line: line, key: path, message: message, hint: hint)
    }

    /// True for `~`, `null` or an empty value.
    public var isNull: Bool {
        if case let .scalar(s) = node { return s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string) }
        return false
    }

    /// The scalar's text, or `nil` for mappings and sequences.
    public var scalarText: String? {
        if case let .scalar(s) = node { return s.string }
        return nil
    }

    /// True when the node is a mapping.
    public var isMapping: Bool { node.mapping != nil }

    /// True when the node is a sequence.
    public var isSequence: Bool { node.sequence != nil }

    /// A short description of what the node is, for messages.
    public var shape: String {
        switch node {
        case let .scalar(s): return "'\(s.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The scalar as text.
    public func string() throws -> String {
        guard let text = scalarText else { throw error("expected a text value, found \(shape)") }
        return text
    }

    /// The scalar as an integer.
    public func int() throws -> Int {
        guard let text = scalarText, let value = Int(text.replacingOccurrences(of: "_", with: "")) else {
            throw error("expected a whole number, found \(shape)")
        }
        return value
    }

    /// The scalar as a number within `range` (``Bounds/number`` unless told).
    public func double(in range: ClosedRange<Double> = Bounds.number) throws -> Double {
        guard let text = scalarText, let value = Double(text.replacingOccurrences(of: "_", with: "")), value.isFinite else {
            throw error("expected a number, found \(shape)")
        }
        guard range.contains(value) else {
            throw error(
                "\(DurationFormat.number(value)) is out of range (\(DurationFormat.number(range.lowerBound))...\(DurationFormat.number(range.upperBound)))",
                hint: "see docs/limits.md")
        }
        return value
    }

    /// The scalar as a boolean (`true`/`false`, `yes`/`no`).
    public func bool() throws -> Bool {
        switch scalarText?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("expected true or false, found \(shape)")
        }
    }

    /// The scalar as a duration in seconds (`45s`, `5m`, `1h30m`, `2d`, or seconds).
    public func duration() throws -> Double {
        guard let text = scalarText else { throw error("expected a duration such as 45s, 5m, 1h30m or 2d, found \(shape)") }
        guard let seconds = DurationSyntax.seconds(text) else { throw error(DurationSyntax.problem(text)) }
        return seconds
    }

    /// A duration that must not be negative.
    public func nonNegativeDuration() throws -> Double {
        let seconds = try duration()
        if seconds < 0 { throw error("must not be negative (got \(scalarText ?? ""))") }
        return seconds
    }

    /// A duration that must be greater than zero.
    public func positiveDuration() throws -> Double {
        let seconds = try duration()
        if seconds <= 0 { throw error("must be greater than 0 (got \(scalarText ?? ""))", hint: "use a duration such as 1m") }
        if seconds < Bounds.minPositiveDuration {
            throw error("must be at least 1ms (got \(scalarText ?? ""))", hint: "use a duration such as 1s")
        }
        return seconds
    }

    /// The node as a mapping whose keys must be among `allowed` (an unknown key is an error that
    /// suggests the nearest valid one).
    public func mapping(allowed: [String]) throws -> YAMLMapping {
        guard let mapping = node.mapping else { throw error("expected a mapping (key: value), found \(shape)") }
        var entries: [(String, YAMLValue, Int?)] = []
        for (keyNode, valueNode) in mapping {
            guard case let .scalar(k) = keyNode else {
                throw ScenarioError(file: file, line: keyNode.mark?.line, key: path, message: "keys must be plain names")
            }
            let key = k.string
            let childPath = path.isEmpty ? key : path + "." + key
            if !allowed.contains(key) {
                throw ScenarioError(
                    file: file, line: keyNode.mark?.line, key: childPath, message: "unknown key '\(key)'",
                    hint: NearestName.hint(key, among: allowed, otherwise: "valid keys: " + allowed.joined(separator: ", ")))
            }
            if entries.contains(where: { $0.0 == key }) {
                throw ScenarioError(file: file, line: keyNode.mark?.line, key: childPath, message: "key '\(key)' appears twice")
            }
            entries.append((key, YAMLValue(node: valueNode, path: childPath, file: file), keyNode.mark?.line))
        }
        return YAMLMapping(owner: self, entries: entries.map { ($0.0, $0.1) })
    }

    /// The node as a list (a single non-list value counts as a list of one).
    public func list() -> [YAMLValue] {
        if let sequence = node.sequence {
            return sequence.enumerated().map { YAMLValue(node: $0.element, path: "\(path)[\($0.offset)]", file: file) }
        }
        return isNull ? [] : [self]
    }
}

/// A checked mapping of a scenario file.
public struct YAMLMapping {
    /// The mapping node itself.
    public let owner: YAMLValue
    /// Its entries, in file order.
    public let entries: [(String, YAMLValue)]

    /// The value of `key`, or `nil` when absent or null.
    public subscript(key: String) -> YAMLValue? {
        guard let value = entries.first(where: { $0.0 == key })?.1, !value.isNull else { return nil }
        return value
    }

    /// True when `key` is present.
    public func has(_ key: String) -> Bool { self[key] != nil }

    /// The value of `key`, or an error saying it is missing.
    public func require(_ key: String, hint: String? = nil) throws -> YAMLValue {
        guard let value = self[key] else {
            let path = owner.path.isEmpty ? key : owner.path + "." + key
            throw ScenarioError(file: owner.file, line: owner.line, key: path, message: "missing required key '\(key)'", hint: hint)
        }
        return value
    }
}
