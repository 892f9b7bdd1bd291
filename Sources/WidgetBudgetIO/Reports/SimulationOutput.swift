import Foundation
import WidgetBudgetKit

/// Writes a simulation's CSV files into a folder, each atomically.
public enum SimulationOutput {
    /// Writes `summary.csv`, `days.csv` and (unless `events` is `.none`) `events.csv` into
    /// `folder`, creating it; `days.csv` and `events.csv` a row at a time, so memory does not grow
    /// with their rows. Returns the paths written.
    @discardableResult
    public static func write(_ result: SimulationResult, to folder: String, events: EventLevel) throws -> [String] {
        try write(result, to: folder, events: events, log: nil)
    }

    /// Runs `scenario` with events at `events` level streamed to `folder`'s `events.csv` as they
    /// happen (``EventLog``), then writes the other files as ``write(_:to:events:)`` does; the
    /// output is the same, byte for byte, in memory that does not grow with the events.
    /// Returns the result (without events, and with its runs' stale stretches kept as shapes
    /// without their times, ``WidgetRunResult/ageShapes``, and its finished runs' day metrics
    /// (``WidgetRunResult/days``) in a temporary file, ``ShapeSpill``: it draws no figure, and its
    /// memory does not grow with the horizon nor with the replications) and the paths written.
    /// A failed write or read of that file is thrown after the files are written (they are in the
    /// caller's staging folder) and before returning.
    public static func simulate(
        _ scenario: Scenario, to folder: String, events: EventLevel, progress: @escaping SimulationProgress = { _, _ in }
    ) throws -> (result: SimulationResult, written: [String]) {
        // The runs' stretch shapes go to a temporary file (``ShapeSpill``), read back for the
        // summaries' 95th-percentile ages.
        try simulate(scenario, to: folder, events: events, detail: .summaries, spill: ShapeSpill(folder: folder), progress: progress)
    }

    /// As ``simulate(_:to:events:progress:)``, each run computing `detail` (`report`'s runs keep
    /// what its figures read, `RunDetail.figures(_:)`), its stretch shapes in `spill` (`report`'s
    /// in its staging folder: its scenario's `folder` does not exist yet when the runs start).
    static func simulate(
        _ scenario: Scenario, to folder: String, events: EventLevel, detail: RunDetail, spill: ShapeSpill,
        progress: @escaping SimulationProgress = { _, _ in }
    ) throws -> (result: SimulationResult, written: [String]) {
        guard events != .none else {
            let result = Simulator.run(
                scenario, events: .none, sinks: nil, detail: detail, shapes: spill.stores, days: spill.dayStores, progress: progress)
            try spill.check()
            let written = try write(result, to: folder, events: .none)
            try spill.check()
            return (result, written)
        }
        let log = try EventLog(scenario: scenario, folder: folder)
        defer { log.discard() }
        let result = Simulator.run(
            scenario, events: events, sinks: log.sinks, detail: detail, shapes: spill.stores, days: spill.dayStores, progress: progress)
        try spill.check()
        let written = try write(result, to: folder, events: events, log: log)
        try spill.check()
        return (result, written)
    }

    private static func write(_ result: SimulationResult, to folder: String, events: EventLevel, log: EventLog?) throws -> [String] {
        var written: [String] = []
        func put(_ name: String, _ header: [String], _ rows: [[String]]) throws {
            let path = (folder as NSString).appendingPathComponent(name)
            try AtomicFile.write(CSVWriter.document(header: header, rows: rows), to: path)
            written.append(path)
        }
        try put("summary.csv", SimulationTables.summaryHeader, result.summaries.map(SimulationTables.summaryRow))
        // Row by row, as each file is formed: memory does not grow with its rows.
        let days = (folder as NSString).appendingPathComponent("days.csv")
        try SimulationTables.writeDays(result, to: days)
        written.append(days)
        if let log {
            written.append(try log.finish(replications: result.runs.count))
        } else if events != .none {
            let path = (folder as NSString).appendingPathComponent("events.csv")
            try SimulationTables.writeEvents(result, to: path)
            written.append(path)
        }
        return written
    }

    /// A one-line heading naming the scenario and what was simulated.
    public static func heading(for scenario: Scenario) -> String {
        "\(scenario.name): \(scenario.days) day\(scenario.days == 1 ? "" : "s") × \(scenario.replications) replication\(scenario.replications == 1 ? "" : "s"), "
            + "budget \(scenario.budget.dailyDescription)/day (\(scenario.budget.model.rawValue)), seed \(scenario.seed)"
    }
}
