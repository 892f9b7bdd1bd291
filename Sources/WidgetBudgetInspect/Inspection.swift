import WidgetBudgetIO
import WidgetBudgetKit

/// `widgetbudget inspect`'s analysis: reads the Swift files under some paths, finds the widgets,
/// their timelines and the app's reload calls, writes the scenario they describe, and checks it
/// with the engine. The entry point is ``run(paths:name:limits:)``.
public struct Inspection {
    /// The widgets found, one per kind.
    public let widgets: [WidgetModel]
    /// The app's reload calls.
    public let reloads: [AppReload]
    /// Every diagnostic, by file, line and column.
    public let diagnostics: [Diagnostic]
    /// The scenario inferred, as YAML (what `--emit-scenario` writes).
    public let scenarioText: String
    /// The day the scenario gives, simulated by the engine; nil when no widget was found.
    public let day: SimulationResult?

    /// Analyses the Swift files under `paths`; `name` is the scenario's name. Throws ``InspectError``
    /// for a path that does not exist, and a `ScenarioError` if the inferred scenario did not load
    /// (a bug: the tests load every fixture's).
    public static func run(paths: [String], name: String, limits: InspectLimits = .standard) throws -> Inspection {
        let sources = try SourceSet(paths: paths, limits: limits)
        let table = ConstantTable(files: sources.files)
        let scanners = sources.files.map(ProjectScanner.init(file:))
        var finder = WidgetFinder(table: table, scanners: scanners)
        let providers = finder.providers()
        let widgets = finder.widgets(providers: providers)
        let reloads = finder.reloads(widgets: widgets)
        var diagnostics = sources.notes + scanners.flatMap(\.notes) + finder.notes
        diagnostics += widgets.flatMap(SourceRules.check)
        diagnostics += reloads.compactMap(SourceRules.check)
        for provider in providers.values.sorted(by: { $0.place < $1.place })
        where !widgets.contains(where: { $0.providerName == provider.name }) {
            diagnostics.append(
                Diagnostic(
                    .unresolved, at: provider.place,
                    "\(provider.name) is a timeline provider of no widget configuration found; it is left out"))
        }
        let text = ScenarioWriter.text(name: name, widgets: widgets, reloads: reloads)
        var day: SimulationResult?
        if !widgets.isEmpty {
            let scenario = try ScenarioLoader.parse(yaml: text, file: name + ".yaml", defaultName: name).scenario
            diagnostics += BudgetCheck.check(scenario, widgets: widgets)
            day = Simulator.run(scenario)
        } else {
            diagnostics.append(
                Diagnostic(
                    .notAnalyzed, at: SourcePlace(file: paths.first ?? ".", line: 1, column: 1),
                    "no widget configuration (StaticConfiguration, AppIntentConfiguration, IntentConfiguration) found: give the widget extension's folder"
                ))
        }
        diagnostics.sort { ($0.place, $0.rule.rawValue) < ($1.place, $1.rule.rawValue) }
        // Widgets sharing a provider share its diagnostics: once each.
        var seen: Set<String> = []
        diagnostics = diagnostics.filter {
            seen.insert("\($0.place.file):\($0.place.line):\($0.place.column):\($0.rule.rawValue)").inserted
        }
        return Inspection(widgets: widgets, reloads: reloads, diagnostics: diagnostics, scenarioText: text, day: day)
    }

    /// Whether a diagnostic of `severity` or worse was found (`--fail-on`).
    public func has(_ severity: Severity) -> Bool { diagnostics.contains { $0.severity >= severity } }
}
