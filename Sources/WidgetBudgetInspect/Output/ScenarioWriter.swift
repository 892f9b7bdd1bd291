import Foundation
import WidgetBudgetIO

/// Writes the scenario `inspect` infers, in docs/scenario-format.md's format: every inferred value
/// with a `# File.swift:LINE` comment, every default the code cannot give with a comment saying to
/// measure it (`analyze`) or set it.
enum ScenarioWriter {
    /// Defaults for what code cannot tell (docs/inspect.md, "What is not in the code").
    enum Defaults {
        static let unpredictable = "{poisson: {per_hour: 1}}"
        static let views = "{poisson: {per_hour: 4}, during: \"07:00-23:00\"}"
        static let appCalls = "poisson: {per_hour: 0.5}, during: \"07:00-23:00\""
        static let backgroundCalls = "poisson: {per_hour: 0.25}"
        static let foreground = "{poisson: {per_hour: 0.3}, duration: 2m, during: \"07:00-23:00\"}"
        static let intents = "poisson: {per_hour: 1}"
        static let throttle = "15m"
        /// ``unpredictable`` and ``views`` in words, for the text output (change them together).
        static let inWords =
            "how often the content changes and when the user looks are not in the code: defaults of one change an hour and "
            + "a look every 15 minutes from 07:00 to 23:00; measure them with `widgetbudget analyze` or set them in the scenario"
    }

    /// `what` is a default: measure it or set it.
    static func unknown(_ what: String) -> String { "\(what): default, not in the code; measure it (widgetbudget analyze) or set it" }

    /// The scenario text for `widgets` and `reloads`, named `name`.
    static func text(name: String, widgets: [WidgetModel], reloads: [AppReload]) -> String {
        var lines = [
            "# Written by `widgetbudget inspect` (docs/inspect.md): each value says where in the code it was read;",
            "# the ones marked default are not in the code: measure them with `widgetbudget analyze`, or set them.",
            "name: \(quoted(name))",
            "days: 3",
            "replications: 4",
            line("budget: {daily: \"40...70\"}", "Apple: 40-70 reloads a day (OBSERVED #1)"),
            "widgets:",
        ]
        for widget in widgets { lines += widgetLines(widget) }
        lines += appLines(reloads)
        lines += optimizeLines(widgets)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func widgetLines(_ widget: WidgetModel) -> [String] {
        var out = [line("  - kind: \(quoted(widget.kind.value))", widget.kind.place?.short)]
        guard let shape = widget.provider?.shape else {
            let why = widget.provider == nil ? "provider \(widget.providerName) not found" : "no timeline found in \(widget.providerName)"
            out.append(line("    provider: {type: fixed, entries: 1, policy: at-end}", "default: \(why) in the paths given"))
            out += contentLines(widget, shape: nil)
            return out
        }
        out.append(line("    provider:", widget.provider.map { "\(widget.providerName), \($0.place.short)" }))
        out.append("      type: fixed")
        let assumed = shape.assumed ? ", partly assumed (see the unresolved note): check it" : ""
        out.append(line("      entries: \(shape.entries.value)", (shape.entries.place?.short).map { $0 + assumed }))
        if let spacing = shape.spacing { out.append(line("      spacing: \(DurationText.text(spacing.value))", spacing.place?.short)) }
        if shape.firstOffset > 0 {
            out.append(
                line(
                    "      first_offset: \(DurationText.text(shape.firstOffset))", shape.spacing?.place?.short ?? shape.entries.place?.short
                ))
        }
        if shape.align.value != "none" { out.append(line("      align: \(shape.align.value)", shape.align.place?.short)) }
        out.append(line("      policy: \(policyText(shape.policy.value))", shape.policy.place?.short))
        out += contentLines(widget, shape: shape)
        return out
    }

    private static func contentLines(_ widget: WidgetModel, shape: TimelineShape?) -> [String] {
        var out = ["    content:"]
        if let place = widget.selfUpdating {
            out.append(line("      predictable: {every: 1s, self_updating: true}", "the view updates itself, \(place.short)"))
        } else if let spacing = shape?.spacing, let count = shape?.entries.value, count > 1 {
            out.append(
                line(
                    "      predictable: {every: \(DurationText.text(spacing.value))}",
                    "what each entry shows, \(spacing.place?.short ?? "")"))
        }
        out.append(line("      unpredictable: \(Defaults.unpredictable)", unknown("how often it changes")))
        out.append(line("    views: \(Defaults.views)", unknown("when the user looks")))
        return out
    }

    private static func appLines(_ reloads: [AppReload]) -> [String] {
        var calls: [String] = []
        var intents: [String] = []
        var foreground: [String] = []
        for (reload, places) in triggers(reloads) {
            let target = reload.kind.map { "kind: \(quoted($0))" } ?? "all: true"
            let at = places.map(\.short).joined(separator: ", ")
            switch reload.site {
            case .plain, .loop:
                let why = reload.site == .loop ? "in a loop, each pass charged; " : ""
                calls.append(line("    - {\(target), \(Defaults.appCalls)}", "\(at): \(why)" + unknown("how often it runs")))
            case .everyChange:
                calls.append(line("    - {\(target), on_change: true}", "\(at): on every change"))
            case .throttledChange:
                if let throttle = reload.throttle {
                    let text = "    - {\(target), on_change: true, throttle: \(DurationText.text(throttle.value))}"
                    calls.append(line(text, "\(at): on every change, throttled at \(throttle.place?.short ?? at)"))
                } else {
                    calls.append(
                        line(
                            "    - {\(target), on_change: true, throttle: \(Defaults.throttle)}",
                            "\(at): throttled; " + unknown("the throttle")))
                }
            case .push:
                calls.append(line("    - {\(target), on_change: true}", "\(at): a push after each change"))
            case .background:
                calls.append(line("    - {\(target), \(Defaults.backgroundCalls)}", "\(at): background work; " + unknown("how often")))
            case .intent:
                intents.append(
                    line(
                        "    - {\(reload.kind.map { "kind: \(quoted($0))" } ?? "kind: \"?\""), \(Defaults.intents)}",
                        "\(at): App Intent, free; " + unknown("taps")))
            case .foreground:
                foreground.append(at)
            }
        }
        intents = intents.filter { !$0.contains("kind: \"?\"") }
        guard !calls.isEmpty || !intents.isEmpty || !foreground.isEmpty else { return [] }
        var out = ["app:"]
        if !calls.isEmpty { out += ["  reloads:"] + calls }
        if !foreground.isEmpty {
            out.append(
                line(
                    "  foreground: \(Defaults.foreground)",
                    "reloads on becoming active (\(foreground.joined(separator: ", "))) are free; " + unknown("sessions")))
        }
        if !intents.isEmpty { out += ["  intents:"] + intents }
        return out
    }

    /// The reload calls as the scenario's triggers: calls of one scope and site merged, in order,
    /// reloading every widget when one of them does (or when they name different kinds).
    static func triggers(_ reloads: [AppReload]) -> [(AppReload, [SourcePlace])] {
        var out: [(AppReload, [SourcePlace])] = []
        for reload in reloads {
            if let scope = reload.scope, let index = out.firstIndex(where: { $0.0.scope == scope && $0.0.site == reload.site }) {
                if out[index].0.kind != reload.kind { out[index].0.kind = nil }
                out[index].1.append(reload.place)
            } else {
                out.append((reload, [reload.place]))
            }
        }
        return out
    }

    private static func optimizeLines(_ widgets: [WidgetModel]) -> [String] {
        guard let widget = widgets.first(where: { $0.provider?.shape != nil }), let shape = widget.provider?.shape else { return [] }
        let entries = Set([1, shape.entries.value, min(SourceRules.maxEntries, shape.entries.value * 2)]).sorted()
        let spacing = shape.spacing?.value ?? 900
        let spacings = Set([spacing / 2, spacing, spacing * 2].filter { $0 >= SourceRules.minRenderSpacing }).sorted()
        var after: Set<Double> = [900, 1800, 3600, 7200]
        if case .after(let d) = shape.policy.value { after.formUnion([d / 2, d, d * 2].map { max(SourceRules.minimumAfter, $0) }) }
        return [
            "optimize:  # around the policy found; `widgetbudget optimize` judges each at the worst budget of 40...70",
            "  widget: \(quoted(widget.kind.value))",
            "  entries: [\(entries.map(String.init).joined(separator: ", "))]",
            "  spacing: [\(spacings.map(DurationText.text).joined(separator: ", "))]",
            "  align: [\(Set(["none", shape.align.value]).sorted().joined(separator: ", "))]",
            "  policy: [at-end, {after: [\(after.sorted().map(DurationText.text).joined(separator: ", "))]}, never]",
            "  replications: 2",
        ]
    }

    static func policyText(_ policy: TimelineShape.Policy) -> String {
        switch policy {
        case .atEnd: "at-end"
        case .never: "never"
        case .after(let seconds): "{after: \(DurationText.text(max(0.001, seconds)))}"
        }
    }

    /// A YAML double-quoted scalar (``YAMLText/quoted(_:)``).
    static func quoted(_ text: String) -> String { YAMLText.quoted(text) }

    /// `text`, then its comment in a column of its own.
    private static func line(_ text: String, _ comment: String?) -> String {
        guard let comment, !comment.isEmpty else { return text }
        return text.padding(toLength: max(text.count + 2, 48), withPad: " ", startingAt: 0) + "# " + comment
    }
}
