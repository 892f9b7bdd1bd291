import Foundation
import WidgetBudgetKit

/// What a batch report run did.
public struct BatchOutcome: Sendable {
    /// Scenarios found.
    public var total: Int
    /// Scenarios that failed to load or run.
    public var failures: Int
    /// The index files written.
    public var indexFiles: [String]
}

/// One scenario's line in the batch report.
public struct BatchEntry: Sendable {
    /// The scenario file.
    public var file: String
    /// The scenario's name (its report folder), or the file's base name when it failed to load.
    public var name: String
    /// The scenario, when it loaded.
    public var scenario: Scenario?
    /// The per-widget summaries, when it ran.
    public var summaries: [WidgetSummary]
    /// The error, when it failed.
    public var error: String?
}

/// The main job: simulate every scenario of a folder into `Reports/<name>/` and write an index.
public enum BatchReport {
    static let manifestName = ".widgetbudget-reports"

    /// Scenario files (`.yaml`, `.yml`) directly in `directory`, sorted by name.
    public static func scenarioFiles(in directory: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportError("\(directory): no such folder of scenarios")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted()
        if names.isEmpty { throw ReportError("\(directory): no scenario files (*.yaml) found") }
        return names.map { (directory as NSString).appendingPathComponent($0) }
    }

    /// Runs every scenario; a failing one is recorded and does not stop the others.
    public static func run(directory: String, out: String, events: EventLevel, log: (String) -> Void) throws -> BatchOutcome {
        let files = try scenarioFiles(in: directory)
        var entries: [BatchEntry] = []
        var produced: [String] = []
        for file in files {
            let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            var entry = BatchEntry(file: file, name: base, scenario: nil, summaries: [], error: nil)
            do {
                let loaded = try ScenarioLoader.load(path: file)
                let scenario = loaded.scenario
                entry.name = scenario.name
                entry.scenario = scenario
                if produced.contains(scenario.name) {
                    throw ReportError("\(file): another scenario is already named '\(scenario.name)'; give each a distinct name")
                }
                let result = Simulator.run(scenario, events: events)
                entry.summaries = result.summaries
                try replaceFolder((out as NSString).appendingPathComponent(scenario.name)) { staging in
                    try SimulationOutput.write(result, to: staging, events: events)
                }
                produced.append(scenario.name)
                log("ok    \(scenario.name)  (\(file))")
            } catch {
                entry.error = "\(error)"
                log("FAIL  \(base)  \(error)")
            }
            entries.append(entry)
        }
        try removeStaleFolders(out: out, keeping: produced)
        let index = (out as NSString).appendingPathComponent("index.md")
        try AtomicFile.write(BatchIndex.markdown(entries), to: index)
        return BatchOutcome(total: entries.count, failures: entries.filter { $0.error != nil }.count, indexFiles: [index])
    }

    /// Builds a folder's new content in a staging folder, then swaps it in, so a reader never
    /// sees old and new files mixed and a failure leaves the old folder whole.
    public static func replaceFolder(_ folder: String, build: (String) throws -> Void) throws {
        let fm = FileManager.default
        let parent = (folder as NSString).deletingLastPathComponent
        try fm.createDirectory(atPath: parent.isEmpty ? "." : parent, withIntermediateDirectories: true)
        let staging = folder + ".staging-\(getpid())"
        let old = folder + ".old-\(getpid())"
        try? fm.removeItem(atPath: staging)
        try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        do {
            try build(staging)
        } catch {
            try? fm.removeItem(atPath: staging)
            throw error
        }
        if fm.fileExists(atPath: folder) { try fm.moveItem(atPath: folder, toPath: old) }
        try fm.moveItem(atPath: staging, toPath: folder)
        try? fm.removeItem(atPath: old)
    }

    /// Removes report folders an earlier run made for scenarios that are gone, and records this
    /// run's folders. Folders the tool did not make are never touched.
    static func removeStaleFolders(out: String, keeping names: [String]) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
        let manifest = (out as NSString).appendingPathComponent(manifestName)
        if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
            for name in text.split(separator: "\n").map(String.init) where !names.contains(name) && !name.isEmpty && !name.contains("/") {
                try? fm.removeItem(atPath: (out as NSString).appendingPathComponent(name))
            }
        }
        try AtomicFile.write(names.joined(separator: "\n") + "\n", to: manifest)
    }
}

/// A batch-level problem (a missing folder, a name clash).
public struct ReportError: Error, CustomStringConvertible, Sendable {
    /// The one-line message.
    public var description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }
}
