import ArgumentParser
import Foundation
import WidgetBudgetIO
import WidgetBudgetInspect

extension WidgetBudgetCommand {
    /// `widgetbudget inspect`: reads a widget's Swift sources, warns where the budget will break,
    /// and writes the scenario they describe (docs/inspect.md).
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
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
        var paths: [String]

        @Option(name: .customLong("emit-scenario"), help: "Write the inferred scenario YAML to this file.", completion: .scenarioFile)
        var emitScenario: String?

        @Option(
            help:
                "Standard output: text (for people), json (one document, docs/json-output.md) or xcode (PATH:LINE:COL: warning: MESSAGE [rule])."
        )
        var format: InspectFormat = .text

        @Option(name: .customLong("fail-on"), help: "Exit 1 when a diagnostic of this severity or worse is found: warning or error.")
        var failOn: FailOn?

        func run() throws {
            let inspection = try reportingErrors {
                let name =
                    emitScenario.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
                    ?? ((paths[0] as NSString).standardizingPath as NSString).lastPathComponent
                // `inspect .` names the scenario after the folder it is run in.
                let folder = (FileManager.default.currentDirectoryPath as NSString).lastPathComponent
                let named = name == "." ? folder : name
                let inspection = try Inspection.run(paths: paths, name: named.isEmpty || named == "/" ? "inspected" : named)
                var written: [String] = []
                if let emitScenario {
                    try AtomicFile.write(inspection.scenarioText, to: emitScenario)
                    written.append(emitScenario)
                }
                switch format {
                case .xcode: print(InspectReport.xcode(inspection), terminator: "")
                case .json: print(try InspectReport.json(inspection, written: written), terminator: "")
                case .text: print(InspectReport.text(inspection, written: written), terminator: "")
                }
                return inspection
            }
            if let failOn, inspection.has(failOn.severity) { throw ExitStatus.badInput }
        }
    }
}

/// `inspect --format`: text and json as the other commands, plus Xcode's diagnostic lines.
enum InspectFormat: String, CaseIterable, RawValueArgument {
    /// For people.
    case text
    /// One JSON document (docs/json-output.md).
    case json
    /// `PATH:LINE:COL: warning: MESSAGE [rule-id]`, one per line, for an Xcode Run Script phase.
    case xcode
}

/// `inspect --fail-on`: the severity at which the command exits 1.
enum FailOn: String, CaseIterable, RawValueArgument {
    /// Warnings and errors.
    case warning
    /// Errors only.
    case error

    var severity: Severity {
        switch self {
        case .warning: .warning
        case .error: .error
        }
    }
}
