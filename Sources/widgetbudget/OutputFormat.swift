import ArgumentParser

/// What a command prints on standard output.
enum OutputFormat: String, CaseIterable, RawValueArgument {
    /// Tables and findings for a person.
    case text
    /// One JSON document (docs/json-output.md); warnings and errors still go to standard error.
    case json
}

/// `--format text|json`, shared by simulate, optimize, compare and analyze.
struct FormatOption: ParsableArguments {
    @Option(help: "Standard output: text (tables and findings) or json (one document; schema in docs/json-output.md).")
    var format: OutputFormat = .text

    /// Whether the command prints JSON.
    var isJSON: Bool { format == .json }

}

extension CompletionKind {
    /// Scenario files: YAML.
    static var scenarioFile: CompletionKind { .file(extensions: ["yaml", "yml"]) }
}
