import ArgumentParser

/// `widgetbudget inspect`'s arguments and help, declared once for both executables.
///
/// `widgetbudget` declares the command with them, so its help, `inspect --help`, usage errors and
/// completion scripts are what they were; it then runs `widgetbudget-inspect` with the same
/// command line, which parses them again and inspects (docs/inspect.md).
package struct InspectArguments: ParsableArguments {
    /// The command's name, summary and discussion.
    package static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Read a widget's Swift sources: diagnostics where the budget will break, and the scenario they describe.",
        discussion: """
            Finds the widget kinds, their timeline providers (entries, spacing, alignment, reload \
            policy) and the app's reloadTimelines calls, with swift-syntax; simulates the scenario \
            they describe and prints the day it gives. Rules and formats: docs/inspect.md. Exit 0 \
            when the analysis ran, whatever it found, unless --fail-on is met (then 1).

            EXAMPLES:
              widgetbudget inspect MyWidget MyApp --emit-scenario mine.yaml
              widgetbudget inspect "$SRCROOT" --format xcode      # an Xcode Run Script build phase
              widgetbudget inspect MyWidget --format json --fail-on warning
            """)

    @Argument(help: "Swift files or folders (searched recursively): the widget extension and the app.", completion: .directory)
    package var paths: [String]

    @Option(name: .customLong("emit-scenario"), help: "Write the inferred scenario YAML to this file.", completion: .scenarioFile)
    package var emitScenario: String?

    @Option(
        help:
            "Standard output: text (for people), json (one document, docs/json-output.md) or xcode (PATH:LINE:COL: warning: MESSAGE [rule])."
    )
    package var format: InspectFormat = .text

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a diagnostic of this severity or worse is found: warning or error.")
    package var failOn: FailOn?

    /// Arguments to be parsed.
    package init() {}
}

/// `inspect --format`: text and json as the other commands, plus Xcode's diagnostic lines.
package enum InspectFormat: String, CaseIterable, RawValueArgument {
    /// For people.
    case text
    /// One JSON document (docs/json-output.md).
    case json
    /// `PATH:LINE:COL: warning: MESSAGE [rule-id]`, one per line, for an Xcode Run Script phase.
    case xcode
}

/// `inspect --fail-on`: the severity at which the command exits 1.
package enum FailOn: String, CaseIterable, RawValueArgument {
    /// Warnings and errors.
    case warning
    /// Errors only.
    case error
}
