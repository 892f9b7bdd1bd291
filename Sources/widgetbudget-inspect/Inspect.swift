import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetInspect

extension InspectTool {
    /// `widgetbudget inspect`: reads a widget's Swift sources, warns where the budget will break,
    /// and writes the scenario they describe (docs/inspect.md).
    struct Inspect: ParsableCommand {
        static let configuration = InspectArguments.configuration

        @OptionGroup var arguments: InspectArguments

        func run() throws {
            let paths = arguments.paths, emitScenario = arguments.emitScenario
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
                switch arguments.format {
                case .xcode: print(InspectReport.xcode(inspection), terminator: "")
                case .json: print(try InspectReport.json(inspection, written: written), terminator: "")
                case .text: print(InspectReport.text(inspection, written: written), terminator: "")
                }
                return inspection
            }
            if let failOn = arguments.failOn, inspection.has(failOn.severity) { throw ExitStatus.badInput }
        }
    }
}

extension FailOn {
    /// The diagnostics' severity it stands for.
    var severity: Severity {
        switch self {
        case .warning: .warning
        case .error: .error
        }
    }
}
