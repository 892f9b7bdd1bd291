import ArgumentParser

/// An enum given on the command line by its `String` raw value.
///
/// ArgumentParser builds the help texts of an option's values while parsing, help or not, and its
/// defaults reach a raw value through string interpolation (`String(describing:)`), whose first
/// use per type is a runtime protocol-conformance lookup: a scan of every conformance record of
/// the program. These read `rawValue` directly, the same text.
package protocol RawValueArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension RawValueArgument {
    /// The raw value.
    public var defaultValueDescription: String { rawValue }

    /// The raw values, in case order.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// None: a value's description is its raw value (ArgumentParser lists only descriptions that differ).
    public static var allValueDescriptions: [String: String] { [:] }
}

extension CompletionKind {
    /// Scenario files: YAML.
    package static var scenarioFile: CompletionKind { .file(extensions: ["yaml", "yml"]) }
}
