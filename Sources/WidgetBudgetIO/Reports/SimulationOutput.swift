import Foundation
import WidgetBudgetKit

/// Writes a simulation's CSV files into a folder, each atomically.
public enum SimulationOutput {
    /// Writes `summary.csv`, `days.csv` and (unless `events` is `.none`) `events.csv` into
    /// `folder`, creating it. Returns the paths written.
    @discardableResult
    public static func write(_ result: SimulationResult, to folder: String, events: EventLevel) throws -> [String] {
        var written: [String] = []
        func put(_ name: String, _ header: [String], _ rows: [[String]]) throws {
            let path = (folder as NSString).appendingPathComponent(name)
            try AtomicFile.write(CSVWriter.document(header: header, rows: rows), to: path)
            written.append(path)
        }
        try put("summary.csv", SimulationTables.summaryHeader, result.summaries.map(SimulationTables.summaryRow))
        let days = (folder as NSString).appendingPathComponent("days.csv")
        try AtomicFile.write(SimulationTables.daysDocument(result).data, to: days)
        written.append(days)
        if events != .none {
            try put("events.csv", SimulationTables.eventsHeader, SimulationTables.eventRows(result))
        }
        return written
    }

    /// A one-line heading naming the scenario and what was simulated.
    public static func heading(for scenario: Scenario) -> String {
        "\(scenario.name): \(scenario.days) day\(scenario.days == 1 ? "" : "s") × \(scenario.replications) replication\(scenario.replications == 1 ? "" : "s"), "
            + "budget \(scenario.budget.dailyDescription)/day (\(scenario.budget.model.rawValue)), seed \(scenario.seed)"
    }
}
