import Foundation
import WidgetBudgetKit
import Yams

/// A scenario read from a YAML file, with its source kept for sections other commands read
/// (`optimize:`).
public struct ScenarioFile {
    /// The validated scenario.
    public var scenario: Scenario
    /// The file it came from, as given.
    public var path: String
    /// The top-level mapping, for optional sections.
    public var root: YAMLMapping
    /// Things that are legal but probably not meant (a start in a daylight-saving gap, trace
    /// times past the horizon), one line each, `file:line: key: …`.
    public var warnings: [String] = []
}

/// Reads and validates scenario files. Every problem is a ``ScenarioError``: one line naming the
/// file, line and key.
public enum ScenarioLoader {
    /// The largest timeline a scenario may declare.
    public static let maxEntries = Bounds.maxEntries
    /// The most events one process may generate over the horizon (a memory guard).
    public static let maxEventsPerProcess = 20_000_000

    static let topKeys = [
        "name", "description", "start", "timezone", "days", "replications", "seed",
        "budget", "memory", "system", "widgets", "app", "optimize", "platform", CalibrationMark.key,
    ]

    /// Loads the scenario at `path`.
    public static func load(path: String) throws -> ScenarioFile {
        try load(path: path, system: .live)
    }

    /// Loads the scenario at `path`, opened through `system`: a regular file of at most
    /// ``Bounds/maxInputFileBytes`` (a FIFO, a device or a folder is refused, never waited on).
    static func load(path: String, system: FileSystemCalls) throws -> ScenarioFile {
        let display = path
        func failure(_ message: String, hint: String? = nil) -> ScenarioError {
            ScenarioError(file: display, line: nil, key: "", message: message, hint: hint)
        }
        let data: Data?
        do {
            data = try system.openInput(path).readAll(limit: Bounds.maxInputFileBytes)
        } catch FileSystemCalls.InputProblem.notFound {
            throw failure("no such scenario file", hint: "check the path")
        } catch FileSystemCalls.InputProblem.directory {
            throw failure("this is a folder, not a scenario file", hint: "give a .yaml file; `report` takes a folder of them")
        } catch FileSystemCalls.InputProblem.notRegular(let what) {
            throw failure("this is \(what), not a regular file", hint: "give a .yaml file")
        } catch FileSystemCalls.InputProblem.failed(let reason) {
            throw failure("cannot read the file: \(reason)", hint: "check its permissions")
        }
        guard let data else {
            throw failure("the file is larger than \(Bounds.maxInputFileBytes >> 30) GiB", hint: "a scenario is a few kB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw failure("cannot read the file as UTF-8 text", hint: "save it as UTF-8")
        }
        let base = (path as NSString).deletingLastPathComponent
        let defaultName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return try parse(yaml: text, file: display, baseDirectory: base.isEmpty ? "." : base, defaultName: defaultName)
    }

    /// Parses scenario YAML; `baseDirectory` resolves relative trace paths. `budgetModels` are the
    /// names `budget.model` accepts and `providerTypes` the types `provider.type` may name (the
    /// built-in ones; a library user may add its own).
    public static func parse(
        yaml: String, file: String, baseDirectory: String = ".", defaultName: String = "scenario",
        budgetModels: [BudgetModel] = BudgetModel.allCases,
        providerTypes: [any ProviderDescription.Type] = ProviderSpec.builtInTypes
    ) throws -> ScenarioFile {
        try YAMLGuard.check(yaml, file: file)
        let node: Node?
        do {
            // No tag rules: the reader parses scalars from their text (`YAMLValue`), and Yams' default
            // rules are regular expressions whose first use initialises ICU's tables (a sixth of a
            // `simulate`'s start-up instructions). UTF-8 named: Yams' default reads the environment
            // and prints a line on standard output when `YAMS_DEFAULT_ENCODING` is set. No construction
            // maps either: Yams uses them only to build Swift values (`Node.any`), which the reader
            // never asks for, and building the default ones took 0.55 M instructions at start-up.
            node = try Yams.compose(yaml: yaml, .basic, Constructor([:], [:], [:]), .utf8)
        } catch let error as YamlError {
            throw yamlSyntaxError(error, file: file)
        }
        guard let node else {
            throw ScenarioError(file: file, line: nil, key: "", message: "the file is empty", hint: "see docs/scenario-format.md")
        }
        let root = try YAMLValue(node: node, path: "", file: file).mapping(allowed: topKeys)
        var reader = ScenarioReader(file: file, baseDirectory: baseDirectory)
        reader.budgetModels = budgetModels
        reader.providerTypes = providerTypes
        let scenario = try reader.read(root, defaultName: defaultName)
        _ = try CalibrationMark.contentLogged(root)
        return ScenarioFile(scenario: scenario, path: file, root: root, warnings: reader.warnings)
    }

    private static func yamlSyntaxError(_ error: YamlError, file: String) -> ScenarioError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ScenarioError(
                file: file, line: mark.line, key: "", message: "malformed YAML: \(problem) (column \(mark.column))",
                hint: "check indentation and quoting")
        case let .duplicatedKeysInMapping(duplicates, context):
            return ScenarioError(
                file: file, line: context.mark.line, key: duplicates.first ?? "",
                message: "key '\(duplicates.joined(separator: "', '"))' appears twice in one mapping", hint: "keep one of them")
        default:
            return ScenarioError(
                file: file, line: nil, key: "", message: "malformed YAML: \(String(describing: error).split(separator: "\n").first ?? "")")
        }
    }
}
