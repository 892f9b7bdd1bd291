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
    /// Figures gnuplot failed to draw.
    public var plotFailures: Int = 0
    /// Why figures were not drawn at all (gnuplot missing, with the install hint), if so.
    public var plotsSkipped: String?
}

/// One scenario's line in the batch report.
public struct BatchEntry: Sendable {
    /// The scenario file.
    public var file: String
    /// The scenario's name, or the file's base name when it failed to load.
    public var name: String
    /// The scenario's report folder: its name made safe by ``FileName/safe(_:fallback:)``.
    public var folder: String
    /// The scenario, when it loaded.
    public var scenario: Scenario?
    /// The per-widget summaries, when it ran.
    public var summaries: [WidgetSummary]
    /// The error, when it failed.
    public var error: String?
    /// The figures, in page order (paths relative to the scenario's folder).
    public var plots: [PlotOutcome] = []
    /// Plain-language findings, one list per widget.
    public var highlights: [[String]] = []
    /// The optimizer's recommendation (`optimize/recommendation.md`), when there is one.
    public var recommendation: String?
    /// Remarks about how the report was made (a `--day` past the scenario's end).
    public var notes: [String] = []
    /// The day whose age curves are drawn, 1-based.
    public var ageDay: Int?
    /// The CSV files written into the scenario's folder.
    public var dataFiles: [String] = []

    /// Creates an entry.
    public init(file: String, name: String, scenario: Scenario? = nil, summaries: [WidgetSummary] = [], error: String? = nil) {
        self.file = file
        self.name = name
        self.folder = FileName.safe(name)
        self.scenario = scenario
        self.summaries = summaries
        self.error = error
    }
}

/// How a batch report is made.
public struct ReportSettings {
    /// Events written to each `events.csv`.
    public var events: EventLevel
    /// Draws the figures (or skips them without gnuplot).
    public var renderer: PlotRenderer
    /// The day whose age curves are drawn (1-based); `nil` for each scenario's least fresh day in
    /// its worst replication. A day past a scenario's end shows its last day.
    public var ageDay: Int?
    /// Work to do in a scenario's folder before its figures are drawn, such as running the
    /// optimizer into `optimize/` (its `candidates.csv` and `pareto.csv` are then plotted and its
    /// `recommendation.md` shown). Receives the loaded file, the result and the folder being built.
    public var beforePlots: ((ScenarioFile, SimulationResult, String) throws -> Void)?
    /// The optimizer's objective for a scenario, which its figures need; mean age when `nil`.
    public var objective: (ScenarioFile) -> OptimizationObjective?

    /// Creates settings.
    public init(
        events: EventLevel = .reloads, renderer: PlotRenderer, ageDay: Int? = nil,
        beforePlots: ((ScenarioFile, SimulationResult, String) throws -> Void)? = nil,
        objective: @escaping (ScenarioFile) -> OptimizationObjective? = { _ in nil }
    ) {
        self.events = events
        self.renderer = renderer
        self.ageDay = ageDay
        self.beforePlots = beforePlots
        self.objective = objective
    }
}

/// The main job: simulate every scenario of a folder into `Reports/<name>/`, draw its figures, and
/// write `index.html` and `index.md` over all of them.
public enum BatchReport {
    /// The optimizer's sub-folder of a scenario's report folder.
    public static let optimizeFolder = "optimize"

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

    /// Runs every scenario with figures drawn by gnuplot from `PATH` (skipped without it).
    public static func run(directory: String, out: String, events: EventLevel, log: (String) -> Void) throws -> BatchOutcome {
        try run(directory: directory, out: out, settings: ReportSettings(events: events, renderer: try PlotRenderer.locate()), log: log)
    }

    /// Runs every scenario; a failing one is recorded and does not stop the others. The whole
    /// output set (a folder per scenario, the index files) is one ``OutputTransaction``: it
    /// replaces the previous report only when everything was written.
    public static func run(directory: String, out: String, settings: ReportSettings, log: (String) -> Void) throws -> BatchOutcome {
        let files = try scenarioFiles(in: directory)
        return try OutputTransaction.run(into: out) { output in
            var entries: [BatchEntry] = []
            var produced: [String: String] = [:]
            for file in files {
                let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                var entry = BatchEntry(file: file, name: base)
                do {
                    let loaded = try ScenarioLoader.load(path: file)
                    let scenario = loaded.scenario
                    entry.name = scenario.name
                    entry.scenario = scenario
                    entry.folder = FileName.safe(scenario.name)
                    for warning in loaded.warnings { log("warn  \(warning)") }
                    do {
                        try WorkEstimate(scenario).check(force: false, hint: "run it alone with simulate --force")
                    } catch let error as WorkLimitError {
                        throw ReportError("\(file): \(error)")
                    }
                    if let other = produced[entry.folder.lowercased()] {
                        throw ReportError("\(file): its folder '\(entry.folder)' is also \(other)'s; give each scenario a distinct name")
                    }
                    let folder = output.path(entry.folder)
                    do {
                        // The scenario's folder does not exist yet: its runs' stretch shapes go
                        // to a file in the staging folder, which does (``ShapeSpill``).
                        try build(&entry, loaded: loaded, into: folder, spill: ShapeSpill(folder: output.staging), settings: settings)
                    } catch {
                        try? FileManager.default.removeItem(atPath: folder)
                        throw error
                    }
                    produced[entry.folder.lowercased()] = file
                    let drawn = entry.plots.filter(\.isDrawn).count
                    let failed = entry.plots.filter { if case .failed = $0.status { return true } else { return false } }.count
                    log("\(failed == 0 ? "ok  " : "FAIL")  \(scenario.name)  (\(file))  \(drawn) of \(entry.plots.count) plots drawn")
                    for note in entry.notes { log("note  \(scenario.name): \(note)") }
                    for plot in entry.plots {
                        if case let .failed(message) = plot.status { log("plot  \(scenario.name)/\(plot.name): \(message)") }
                    }
                } catch let error as FileWriteError {
                    throw error
                } catch {
                    entry.error = "\(error)"
                    entry.plots = []
                    log("FAIL  \(base)  \(error)")
                }
                entries.append(entry)
            }
            let skipped: String? = {
                if case let .missing(reason) = settings.renderer.gnuplot { return reason }
                return nil
            }()
            try AtomicFile.write(HTMLIndex.page(entries, source: directory, plotsSkipped: skipped), to: output.path("index.html"))
            try AtomicFile.write(BatchIndex.markdown(entries, plotsSkipped: skipped), to: output.path("index.md"))
            let plotFailures = entries.reduce(0) { n, e in
                n + e.plots.filter { if case .failed = $0.status { return true } else { return false } }.count
            }
            return BatchOutcome(
                total: entries.count, failures: entries.filter { $0.error != nil }.count,
                indexFiles: [(out as NSString).appendingPathComponent("index.html"), (out as NSString).appendingPathComponent("index.md")],
                plotFailures: plotFailures, plotsSkipped: skipped)
        }
    }

    /// What `report`'s runs keep for the figures (`RunFigures`) rather than every stale stretch
    /// with its time and every event: the stretches of day `ageDay` (1-based, the last day past
    /// the end), or of each run's least fresh day (the day shown for one widget; for another day
    /// the replication is run again), the stale seconds per local hour of the heat map's days, and
    /// what the figures read of the reload events (`FigureReloads`: the charged grants and waits
    /// of the budget figure's days, the kept day's events). What it keeps does not grow with the
    /// horizon; the events go to `events.csv` as they happen (``EventLog``).
    static func detail(_ scenario: Scenario, ageDay: Int?) -> RunDetail {
        .figures(
            RunFigures.Plan(
                day: ageDay.map { min($0, scenario.days) - 1 }, hourlyDays: ScenarioPlotInput.heatMapDays,
                reloadDays: ScenarioPlotInput.budgetDays))
    }

    /// The result `report` draws `scenario`'s figures from, run at `events` (``detail(_:ageDay:)``),
    /// its events dropped: a report sends them to `events.csv` instead (``build(_:loaded:into:settings:)``).
    static func simulate(_ scenario: Scenario, events: EventLevel, ageDay: Int?) -> SimulationResult {
        Simulator.run(scenario, events: events, sinks: DroppedEvents.sinks, detail: detail(scenario, ageDay: ageDay), progress: { _, _ in })
    }

    /// Simulates one scenario into `folder`: its CSV files (its events streamed to `events.csv` as
    /// they happen, its runs' stretch shapes to `spill`), figures, and the optimizer's output when
    /// `settings.beforePlots` makes it.
    static func build(
        _ entry: inout BatchEntry, loaded: ScenarioFile, into folder: String, spill: ShapeSpill, settings: ReportSettings
    ) throws {
        let scenario = loaded.scenario
        let (result, written) = try SimulationOutput.simulate(
            scenario, to: folder, events: settings.events, detail: detail(scenario, ageDay: settings.ageDay), spill: spill)
        entry.dataFiles = written.map { ($0 as NSString).lastPathComponent }
        entry.summaries = result.summaries
        entry.highlights = ScenarioHighlights.lines(result)
        if !loaded.root.has("optimize"), let hint = ScenarioHighlights.optimizeHint(result, file: entry.file) { entry.notes.append(hint) }
        try settings.beforePlots?(loaded, result, folder)

        var day = settings.ageDay
        if let d = day, d > scenario.days {
            entry.notes.append(
                "--day \(d) is past this scenario's \(scenario.days) day\(scenario.days == 1 ? "" : "s"): day \(scenario.days) is shown.")
            day = scenario.days
        }
        let input = try ScenarioPlotInput(result: result, ageDay: day, events: settings.events)
        entry.ageDay = input.ageDay + 1
        entry.plots = try settings.renderer.render(ScenarioPlots.specs(input), in: folder)
        // The findings and figures read the runs' days back from the spill: a failed read is the
        // report's error, before anything is committed.
        try spill.check()

        let optimize = (folder as NSString).appendingPathComponent(optimizeFolder)
        if FileManager.default.fileExists(atPath: (optimize as NSString).appendingPathComponent("candidates.csv")) {
            do {
                let specs = try OptimizationPlots.specs(
                    folder: optimize, scenarioName: scenario.name, objective: settings.objective(loaded) ?? .meanAge)
                entry.plots += try settings.renderer.render(specs, in: optimize).map { outcome in
                    var outcome = outcome
                    outcome.subfolder = optimizeFolder
                    return outcome
                }
            } catch let error as FileWriteError {
                throw error
            } catch {
                entry.plots.append(
                    PlotOutcome(
                        kind: .paretoFront, name: "pareto-front", caption: "The optimizer's candidates", widget: nil, width: 0, height: 0,
                        status: .failed("cannot plot the optimizer's candidates: \(error)"), files: [], subfolder: optimizeFolder))
            }
        }
        let recommendation = (optimize as NSString).appendingPathComponent("recommendation.md")
        entry.recommendation = try? String(contentsOfFile: recommendation, encoding: .utf8)
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
