import Foundation
import WidgetBudgetIO
import WidgetBudgetKit

/// What `inspect` prints: Xcode lines, text for people, or one versioned JSON document.
public enum InspectReport {
    /// `--format xcode`: one `PATH:LINE:COL: severity: MESSAGE [rule-id]` line per diagnostic.
    public static func xcode(_ inspection: Inspection) -> String {
        inspection.diagnostics.map { $0.xcodeLine + "\n" }.joined()
    }

    /// `--format text`: what was found, the diagnostics, then the day the engine gives.
    public static func text(_ inspection: Inspection, written: [String]) -> String {
        var out = ""
        let kinds = inspection.widgets.map(\.kind.value).joined(separator: ", ")
        out += "widgets: \(inspection.widgets.isEmpty ? "none found" : kinds); app reload calls: \(inspection.reloads.count)\n"
        for widget in inspection.widgets { out += "  \(widget.kind.value): \(describe(widget))\n" }
        out += "\n"
        out += inspection.diagnostics.isEmpty ? "no diagnostics\n" : xcode(inspection)
        if let day = inspection.day {
            out += "\nThe day it gives (the inferred scenario, simulated):\n"
            out += "(" + ScenarioWriter.Defaults.inWords + ")\n"
            out += SimulationOutput.heading(for: day.scenario) + "\n"
            out += SummaryTable.render(day.summaries, scenario: day.scenario)
            for (widget, lines) in zip(day.scenario.widgets, ScenarioHighlights.lines(day)) {
                out += "\n" + widget.name + ":\n" + lines.map { "  • " + $0 + "\n" }.joined()
            }
        }
        if let scenario = written.first {
            out += "\nwrote " + written.joined(separator: ", ") + "\n"
            if !inspection.widgets.isEmpty {
                out += "next: widgetbudget optimize \(scenario)   # the freshest policy around the one found that never runs out\n"
            }
        }
        return out
    }

    private static func describe(_ widget: WidgetModel) -> String {
        guard let shape = widget.provider?.shape else { return "\(widget.providerName) (no timeline found)" }
        var parts = ["\(widget.providerName)", "\(shape.entries.value) entr\(shape.entries.value == 1 ? "y" : "ies")"]
        if let spacing = shape.spacing { parts.append("\(DurationText.text(spacing.value)) apart") }
        if shape.align.value != "none" { parts.append("aligned to the \(shape.align.value)") }
        parts.append(ScenarioWriter.policyText(shape.policy.value))
        if widget.selfUpdating != nil { parts.append("self-updating view") }
        return parts.joined(separator: ", ")
    }

    /// `--format json`: schema version 1, `command: "inspect"` (docs/json-output.md).
    public static func json(_ inspection: Inspection, written: [String]) throws -> String {
        var day: JSONValue?
        if let result = inspection.day {
            let text = try JSONReport.simulation(result, written: [])
            day = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        }
        let document = Document(
            schemaVersion: JSONReport.schemaVersion, command: "inspect",
            diagnostics: inspection.diagnostics.map {
                .init(
                    rule: $0.rule.rawValue, severity: $0.severity.rawValue, file: $0.place.file, line: $0.place.line,
                    column: $0.place.column, message: $0.message)
            },
            widgets: inspection.widgets.map(Document.Widget.init), appReloads: inspection.reloads.map(Document.Reload.init), day: day,
            scenario: inspection.scenarioText, written: written)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        struct Item: Encodable {
            var rule, severity, file: String
            var line, column: Int
            var message: String
        }

        struct Widget: Encodable {
            var kind, provider: String
            var file: String?
            var line: Int?
            var entries: Int?
            var spacing: Double?
            var align, policy: String?
            var selfUpdating: Bool

            init(_ w: WidgetModel) {
                kind = w.kind.value
                provider = w.providerName
                file = w.kind.place?.file
                line = w.kind.place?.line
                entries = w.provider?.shape?.entries.value
                spacing = w.provider?.shape?.spacing?.value
                align = w.provider?.shape?.align.value
                policy = (w.provider?.shape?.policy.value).map(ScenarioWriter.policyText)
                selfUpdating = w.selfUpdating != nil
            }
        }

        struct Reload: Encodable {
            var kind: String?
            var site, file: String
            var line, column: Int

            init(_ r: AppReload) {
                kind = r.kind
                site = r.site.rawValue
                file = r.place.file
                line = r.place.line
                column = r.place.column
            }
        }

        var schemaVersion: Int
        var command: String
        var diagnostics: [Item]
        var widgets: [Widget]
        var appReloads: [Reload]
        var day: JSONValue?
        var scenario: String
        var written: [String]
    }
}
