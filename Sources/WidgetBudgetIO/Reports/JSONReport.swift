import Foundation
import WidgetBudgetKit

/// The `--format json` documents of `simulate`, `optimize`, `compare` and `analyze`: one JSON
/// object on standard output, keys sorted, schema in docs/json-output.md. Every document carries
/// `schemaVersion` (``schemaVersion``) and `command`; a field is only ever added within a version.
public enum JSONReport {
    /// The schema version; raised when a field is renamed, removed or changes meaning.
    public static let schemaVersion = 1

    /// `simulate`: the scenario, and per widget its summary (the `summary.csv` row), the number of
    /// days on which the budget ran out and the findings in words.
    public static func simulation(_ result: SimulationResult, written: [String]) throws -> String {
        let findings = ScenarioHighlights.lines(result)
        let widgets = result.summaries.indices.map { w in
            let days = DaysOutOfBudget(result.runs.map { $0[w] })  // in place, in one pass
            return SimulatedWidget(
                name: result.summaries[w].widget, freshnessJudged: result.scenario.widgets[w].hasContent,
                budgetRanOut: days.out > 0, daysOutOfBudget: days.out, daysSimulated: days.all,
                summary: result.summaries[w].roundedAsCSV, findings: findings[w])
        }
        return try encode(
            SimulationDocument(
                command: "simulate", scenario: ScenarioHeader(result.scenario),
                budgetRanOut: widgets.contains(where: \.budgetRanOut), widgets: widgets, written: written))
    }

    /// `optimize`: the recommendation, the runner-up and the current policy's record (when the
    /// scenario's provider is in the space), or why nothing is feasible.
    public static func optimization(_ outcome: OptimizationOutcome, written: [String]) throws -> String {
        func candidate(_ row: CandidateRow?) -> Candidate? {
            row.map { Candidate(policy: $0.record.candidate.description, record: $0.record) }
        }
        return try encode(
            OptimizationDocument(
                command: "optimize", partial: outcome.isPartial,
                feasible: outcome.isPartial ? nil : outcome.recommended != nil,
                recommended: candidate(outcome.recommended), runnerUp: candidate(outcome.runnerUp),
                infeasibility: outcome.isPartial ? nil : outcome.infeasibilityMessage,
                manifest: Dictionary(outcome.manifest.values, uniquingKeysWith: { _, last in last }), written: written))
    }

    /// `compare`: one row per widget and metric, values by scenario (A, B, …), the best marked, and
    /// each scenario's paired difference from A.
    public static func comparison(
        _ comparison: ScenarioComparison, files: [String], warnings: [String], written: [String]
    ) throws -> String {
        let scenarios = comparison.scenarios.indices.map { i in
            ComparedScenario(
                letter: ScenarioComparison.letter(i), file: i < files.count ? files[i] : "",
                scenario: ScenarioHeader(comparison.scenarios[i]))
        }
        let rows = comparison.rows.map { row in
            ComparedRow(
                widget: row.widget, metric: row.metric.rawValue, unit: row.metric.unit, better: row.metric.better.rawValue,
                values: row.values, halfWidths: row.halfWidths, best: row.best.map(ScenarioComparison.letter),
                // By scenario like `values`: A (the baseline) has none.
                differences: ([nil] + row.differences).map { d in
                    d.map { Difference(mean: $0.mean, halfWidth: $0.halfWidth, pairs: $0.count, significant: $0.isSignificant) }
                })
        }
        return try encode(
            ComparisonDocument(
                command: "compare", scenarios: scenarios, rows: rows, notes: comparison.notes, warnings: warnings, written: written))
    }

    /// `analyze`: the whole analysis (``DeviceLogAnalysis``), and the warnings the reader gave.
    public static func analysis(_ analysis: DeviceLogAnalysis, warnings: [String], written: [String]) throws -> String {
        try encode(AnalysisDocument(command: "analyze", analysis: analysis, warnings: warnings, written: written))
    }

    /// Sorted keys, two-space indentation, no escaped slashes; infinities and NaN as the strings
    /// `"inf"`, `"-inf"` and `"nan"` (JSON has no numbers for them).
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

// MARK: The documents (field names are the schema: see docs/json-output.md)

private struct ScenarioHeader: Encodable {
    var name: String
    var days: Int
    var replications: Int
    var seed: UInt64
    var timeZone: String
    var start: String

    init(_ s: Scenario) {
        name = s.name
        days = s.days
        replications = s.replications
        seed = s.seed
        timeZone = s.timeZone.shownIdentifier
        start = ISO8601DateFormatter().string(from: s.start)
    }
}

private struct SimulatedWidget: Encodable {
    var name: String
    /// False when the widget has no content: its freshness and ages measure nothing.
    var freshnessJudged: Bool
    var budgetRanOut: Bool
    var daysOutOfBudget: Int
    var daysSimulated: Int
    var summary: WidgetSummary
    var findings: [String]
}

private struct SimulationDocument: Encodable {
    var schemaVersion = JSONReport.schemaVersion
    var command: String
    var scenario: ScenarioHeader
    var budgetRanOut: Bool
    var widgets: [SimulatedWidget]
    var written: [String]
}

private struct Candidate: Encodable {
    var policy: String
    var record: CandidateRecord
}

private struct OptimizationDocument: Encodable {
    var schemaVersion = JSONReport.schemaVersion
    var command: String
    var partial: Bool
    var feasible: Bool?
    var recommended: Candidate?
    var runnerUp: Candidate?
    var infeasibility: String?
    var manifest: [String: String]
    var written: [String]
}

private struct ComparedScenario: Encodable {
    var letter: String
    var file: String
    var scenario: ScenarioHeader
}

private struct Difference: Encodable {
    var mean: Double
    var halfWidth: Double?
    var pairs: Int
    var significant: Bool?
}

private struct ComparedRow: Encodable {
    var widget: String
    var metric: String
    var unit: String
    var better: String
    var values: [Double?]
    var halfWidths: [Double?]
    var best: [String]
    var differences: [Difference?]
}

private struct ComparisonDocument: Encodable {
    var schemaVersion = JSONReport.schemaVersion
    var command: String
    var scenarios: [ComparedScenario]
    var rows: [ComparedRow]
    var notes: [String]
    var warnings: [String]
    var written: [String]
}

private struct AnalysisDocument: Encodable {
    var schemaVersion = JSONReport.schemaVersion
    var command: String
    var analysis: DeviceLogAnalysis
    var warnings: [String]
    var written: [String]
}
