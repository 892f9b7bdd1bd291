import Foundation
import WidgetBudgetKit

/// Reads a scenario's `optimize:` section (the search space, objective and constraints) and
/// applies command-line overrides. Every problem is one line naming the file, line and key (or the
/// option).
public enum OptimizeSection {
    static let keys = [
        "widget", "spacing", "entries", "align", "policy", "windows", "objective", "constraints",
        "replications", "first_offset", "method", "max_evaluations", "tolerance", "max_replications", "app_throttle",
        "schedule", "seen_tolerance",
    ]
    static let constraintKeys = ["budgets", "max_exhausted_day_fraction", "memory_margin", "budget_headroom"]

    /// The default space when a key is absent (the example).
    static let defaultSpacings: [Double] = [30, 60, 300, 900, 1800, 3600]
    static let defaultEntries = [1, 6, 12, 30, 61, 120]
    static let defaultAligns: [EntryAlignment] = [.none, .minute]
    static let defaultPolicies: [FixedPolicy] = [.atEnd, .after(900), .after(1800), .after(3600), .after(7200), .never]

    /// The optimization settings of `file` (its scenario with any overrides already applied), with
    /// `overrides` on top.
    public static func settings(
        for file: ScenarioFile, scenario: Scenario? = nil,
        overrides: OptimizationOverrides = OptimizationOverrides()
    ) throws -> OptimizationSettings {
        let scenario = scenario ?? file.scenario
        let node = file.root["optimize"]
        let m = try node?.mapping(allowed: keys)

        // The widget.
        let names = scenario.widgets.map(\.name)
        var widget = 0
        if let name = overrides.widget {
            guard let i = names.firstIndex(of: name) else { throw option("--widget", unknownWidget(name, names)) }
            widget = i
        } else if let w = m?["widget"] {
            let name = try w.string()
            guard let i = names.firstIndex(of: name) else {
                let p = unknownWidget(name, names)
                throw w.error(p.message, hint: p.hint)
            }
            widget = i
        } else if names.count > 1 {
            throw ScenarioError(
                file: file.path, line: node?.line, key: "optimize.widget",
                message: "the scenario has \(names.count) widgets: say which one to tune",
                hint: "widgets: " + names.joined(separator: ", "))
        }
        let spec = scenario.widgets[widget]

        // The space.
        let spacings: [Double] = try axis("spacing", m, overrides.spacing, defaultSpacings) { [try OptimizeValueSyntax.spacing($0)] }
        let entries: [Int] = try axis("entries", m, overrides.entries, defaultEntries) { try OptimizeValueSyntax.entries($0) }
        let aligns: [EntryAlignment] = try axis("align", m, overrides.align, defaultAligns) { [try OptimizeValueSyntax.align($0)] }
        let policies = try readPolicies(m, overrides.policy)
        let windows = try readWindows(m, overrides.windows)
        let firstOffset = try m?["first_offset"]?.nonNegativeDuration() ?? spec.provider.firstEntryOffset
        var space = SearchSpace(
            spacings: spacings, entries: entries, aligns: aligns, policies: policies, windows: windows,
            firstOffset: firstOffset)
        space.schedule = try readSchedule(m, overrides: overrides)
        if space.schedule == nil { space.appThrottles = try readAppThrottles(m, file: file, scenario: scenario, widget: spec) }
        if space.schedule == nil && space.count > OptimizeValueSyntax.maxSpace {
            throw ScenarioError(
                file: file.path, line: node?.line, key: "optimize",
                message: "the space has \(space.count) candidates, over the limit of \(OptimizeValueSyntax.maxSpace)",
                hint: "use coarser lists, or split the sweep with --shard")
        }

        // Objective, constraints, effort.
        // By default what users see: view freshness when the widget has views, mean age otherwise.
        var objective: OptimizationObjective = spec.views.isNone ? .meanAge : .viewFreshness
        var objectiveSource = spec.views.isNone ? "default: the widget has no views" : "default: the widget has views"
        if let text = overrides.objective {
            objective = try parse(option: "--objective", text, OptimizeValueSyntax.objective)
            objectiveSource = "--objective"
        } else if let o = m?["objective"] {
            objective = try parse(o) { try OptimizeValueSyntax.objective($0) }
            objectiveSource = "optimize.objective"
        }
        if objective.needsViews && spec.views.isNone {
            let message = "objective \(objective.rawValue) needs views, but widget '\(spec.name)' has no `views` process"
            let hint =
                "add views: {poisson: {per_hour: 6}, during: \"07:00-23:00\"} to the widget, or use "
                + (objective.higherIsBetter ? "freshness" : "mean-age")
            if overrides.objective != nil { throw OptimizeOptionError(option: "--objective", message: message, hint: hint) }
            throw (m?["objective"]).map { $0.error(message, hint: hint) }
                ?? ScenarioError(file: file.path, line: node?.line, key: "optimize.objective", message: message, hint: hint)
        }
        let cm = try m?["constraints"]?.mapping(allowed: constraintKeys)
        var budgets = scenario.budget.dailyMin...scenario.budget.dailyMax
        if let text = overrides.budgets {
            budgets = try parse(option: "--budget", text, OptimizeValueSyntax.budgets)
        } else if let b = cm?["budgets"] {
            budgets = try parse(b) { try OptimizeValueSyntax.budgets($0) }
        }
        let exhausted =
            try cm?["max_exhausted_day_fraction"].map { v in
                try parse(v) { try OptimizeValueSyntax.fraction($0, name: "max_exhausted_day_fraction", below1: false) }
            } ?? 0
        let margin =
            try cm?["memory_margin"].map { v in
                try parse(v) { try OptimizeValueSyntax.fraction($0, name: "memory_margin", below1: true) }
            } ?? 0.2
        var replications = scenario.replications
        if let r = overrides.replications {
            replications = r
        } else if let r = m?["replications"] {
            replications = try r.int()
            if !(1...100_000).contains(replications) { throw r.error("must be between 1 and 100000 (got \(replications))") }
        }
        var method = SearchMethod.auto
        if let text = overrides.method {
            method = try parse(option: "--method", text, OptimizeValueSyntax.method)
        } else if let v = m?["method"] {
            method = try parse(v) { try OptimizeValueSyntax.method($0) }
        }
        var maxEvaluations = 4_000
        if let n = overrides.maxEvaluations {
            guard n >= 1 else { throw OptimizeOptionError(option: "--max-evaluations", message: "must be at least 1 (got \(n))") }
            maxEvaluations = n
        } else if let v = m?["max_evaluations"] {
            maxEvaluations = try v.int()
            if maxEvaluations < 1 { throw v.error("must be at least 1 (got \(maxEvaluations))") }
        }
        let tolerance = try m?["tolerance"].map { v in try parse(v) { try OptimizeValueSyntax.tolerance($0, objective: objective) } }
        var maxReplications = max(64, replications)
        if let v = m?["max_replications"] {
            let n = try v.int()
            if !(1...100_000).contains(n) {
                throw v.error("must be between 1 and 100000 (got \(n))", hint: "racing adds replications up to this; 1 turns it off")
            }
            // Never below the replications every candidate runs.
            maxReplications = max(n, replications)
        }
        // What a person sees: by default a clock's minute, the period of the predictable content.
        var seen: Double? = nil
        if !spec.selfUpdating, case let .every(period, _) = spec.predictable.pattern { seen = period }
        if let v = m?["seen_tolerance"] { seen = try parse(v) { try OptimizeValueSyntax.seenTolerance($0) } }
        var headroom: Int? = nil
        if let v = cm?["budget_headroom"] {
            let n = try v.int()
            if !(0...budgets.lowerBound).contains(n) {
                throw v.error(
                    "must be between 0 and the range's low end \(budgets.lowerBound) (got \(n))",
                    hint: "reloads a day kept free for app reloads; the default is a tenth of the low end")
            }
            headroom = n
        }
        return OptimizationSettings(
            widget: widget, space: space, objective: objective,
            constraints: OptimizationConstraints(
                budgets: budgets, maxExhaustedDayFraction: exhausted, memoryMargin: margin, seenTolerance: seen,
                budgetHeadroom: headroom),
            replications: replications, method: method, searchBudget: maxEvaluations, tolerance: tolerance,
            maxReplications: maxReplications, objectiveSource: objectiveSource)
    }

    // MARK: Axes

    /// A list axis: the option's comma-separated items, the section's list (or single value), or
    /// the default. An empty list is an error: there would be nothing to choose from.
    private static func axis<T>(
        _ key: String, _ m: YAMLMapping?, _ override: String?, _ fallback: [T],
        _ item: (String) throws -> [T]
    ) throws -> [T] {
        if let text = override {
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if items.isEmpty {
                throw OptimizeOptionError(option: "--\(key)", message: "the list is empty", hint: "give at least one value")
            }
            return try items.flatMap { try parse(option: "--\(key)", $0, item) }
        }
        guard let m, let entry = m.entries.first(where: { $0.0 == key })?.1 else { return fallback }
        let list = entry.list()
        if list.isEmpty { throw entry.error("the list is empty: there is nothing to choose from", hint: "give at least one value") }
        return try list.flatMap { v in try parse(v) { try item($0) } }
    }

    private static func readPolicies(_ m: YAMLMapping?, _ override: String?) throws -> [FixedPolicy] {
        if override != nil || m?.entries.contains(where: { $0.0 == "policy" }) != true {
            return try axis("policy", m, override, defaultPolicies) { [try OptimizeValueSyntax.policy($0)] }
        }
        let entry = m!.entries.first { $0.0 == "policy" }!.1
        let list = entry.list()
        if list.isEmpty { throw entry.error("the list is empty: there is nothing to choose from", hint: "give at least one value") }
        var out: [FixedPolicy] = []
        for item in list {
            if item.isMapping {
                let pm = try item.mapping(allowed: ["after"])
                let after = try pm.require("after", hint: "e.g. {after: [15m, 1h]}")
                let delays = after.list()
                if delays.isEmpty { throw after.error("the list is empty: give at least one delay") }
                for d in delays { out.append(.after(try parse(d) { try OptimizeValueSyntax.afterDelay($0) })) }
            } else {
                out.append(try parse(item) { try OptimizeValueSyntax.policy($0) })
            }
        }
        return out
    }

    private static func readWindows(_ m: YAMLMapping?, _ override: [String]?) throws -> [[TimeWindow]] {
        if let override {
            if override.isEmpty { throw OptimizeOptionError(option: "--windows", message: "the list is empty") }
            return try override.map { text in
                try parse(option: "--windows", text) { t in
                    try OptimizeValueSyntax.windows(t.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
                }
            }
        }
        guard let m, let entry = m.entries.first(where: { $0.0 == "windows" })?.1 else { return [[]] }
        let list = entry.list()
        if list.isEmpty { throw entry.error("the list is empty: write [[]] for all day, or [[], [\"07:00-23:00\"]]") }
        return try list.map { item in
            let texts = item.isSequence ? try item.list().map { try $0.string() } : [try item.string()]
            return try parse(item) { _ in try OptimizeValueSyntax.windows(texts) }
        }
    }

    /// `optimize.app_throttle`: durations (0s: unthrottled); the widget must receive app reloads.
    private static func readAppThrottles(_ m: YAMLMapping?, file: ScenarioFile, scenario: Scenario, widget: WidgetSpec) throws
        -> [Double?]
    {
        guard let m, let entry = m.entries.first(where: { $0.0 == "app_throttle" })?.1 else { return [nil] }
        let reached = scenario.app.reloads.contains { $0.target == .all || $0.target == .kind(widget.kind) }
        if !reached {
            throw entry.error(
                "app_throttle throttles the app's reloadTimelines calls, but no app.reloads stream reaches widget '\(widget.name)'",
                hint: "add app: {reloads: [{kind: \(widget.kind), on_change: true}]}")
        }
        let list = entry.list()
        if list.isEmpty { throw entry.error("the list is empty: there is nothing to choose from", hint: "e.g. [0s, 15m, 40m, 1h]") }
        var out: [Double?] = []
        for item in list {
            let t = try item.nonNegativeDuration()
            if !out.contains(t) { out.append(t) }
        }
        return out.sorted { ($0 ?? 0) < ($1 ?? 0) }
    }

    // MARK: Errors

    private static func unknownWidget(_ name: String, _ names: [String]) -> OptimizeValueProblem {
        OptimizeValueProblem(
            message: "no widget is named '\(name)'",
            hint: NearestName.hint(name, among: names, otherwise: "widgets: " + names.joined(separator: ", ")))
    }

    static func option(_ name: String, _ p: OptimizeValueProblem) -> OptimizeOptionError {
        OptimizeOptionError(option: name, message: p.message, hint: p.hint)
    }

    static func parse<T>(option name: String, _ text: String, _ body: (String) throws -> T) throws -> T {
        do { return try body(text) } catch let p as OptimizeValueProblem { throw option(name, p) }
    }

    static func parse<T>(_ v: YAMLValue, _ body: (String) throws -> T) throws -> T {
        let text = v.isSequence || v.isMapping ? "" : (v.scalarText ?? "")
        if v.isMapping { throw v.error("expected a value, found a mapping") }
        do { return try body(text) } catch let p as OptimizeValueProblem { throw v.error(p.message, hint: p.hint) }
    }
}
