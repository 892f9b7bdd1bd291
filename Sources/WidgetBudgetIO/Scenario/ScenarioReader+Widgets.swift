import WidgetBudgetKit

extension ScenarioReader {
    static let widgetKeys = ["name", "kind", "family", "provider", "content", "views", "instances"]

    mutating func readWidget(_ v: YAMLValue, horizon: Double, memory: MemorySettings) throws -> WidgetSpec {
        let m = try v.mapping(allowed: Self.widgetKeys)
        let kind = try m.require("kind", hint: "the widget kind, as in reloadTimelines(ofKind:)").string()
        if kind.isEmpty { throw m["kind"]!.error("must not be empty") }
        let provider = try readProvider(try m.require("provider", hint: "e.g. {type: fixed, entries: 12, spacing: 5m, policy: at-end}"))
        var predictable = EventProcess.none, unpredictable = EventProcess.none, selfUpdating = false, timeOnly = false
        if let c = m["content"] {
            let cm = try c.mapping(allowed: ["predictable", "unpredictable"])
            if let p = cm["predictable"] {
                (predictable, selfUpdating) = try readPredictable(p, horizon: horizon)
                timeOnly = try readTimeOnly(p)
            }
            if let u = cm["unpredictable"] { unpredictable = try readProcess(u, horizon: horizon) }
        }
        let views = try m["views"].map { try readProcess($0, horizon: horizon) } ?? platform.defaultViews
        var widget = WidgetSpec(
            name: try m["name"]?.string() ?? kind, kind: kind, family: try m["family"]?.string() ?? "small",
            provider: provider, predictable: predictable, unpredictable: unpredictable, views: views)
        widget.selfUpdating = selfUpdating
        widget.timeOnly = timeOnly
        return widget
    }

    /// The most copies of one widget a scenario may place (a Home Screen holds far fewer).
    static let maxInstances = 100

    /// `widgets[].instances: N`: N copies of `widget`, named `NAME#1` … `NAME#N` (just `NAME` when N
    /// is 1), each with its own budget and random streams (they are separate widgets to the engine).
    mutating func readInstances(_ item: YAMLValue, _ widget: WidgetSpec) throws -> [WidgetSpec] {
        let m = try item.mapping(allowed: Self.widgetKeys)
        guard let node = m["instances"] else { return [widget] }
        let count = try positiveInt(node, max: Self.maxInstances)
        guard count > 1 else { return [widget] }
        return (1...count).map { i in
            var copy = widget
            copy.name = "\(widget.name)#\(i)"
            copy.instances = count
            copy.instance = i
            return copy
        }
    }

    /// `content.predictable`: a process, optionally with `self_updating: true` (the changes are drawn
    /// by a self-updating view such as `Text(date, style: .timer)`, OBSERVED #6).
    mutating func readPredictable(_ v: YAMLValue, horizon: Double) throws -> (EventProcess, Bool) {
        guard v.isMapping else { return (try readProcess(v, horizon: horizon), false) }
        let m = try v.mapping(allowed: Self.processKeys + ["self_updating", "time_only"])
        let selfUpdating = try m["self_updating"]?.bool() ?? false
        guard let process = try readPattern(m, horizon: horizon) else {
            throw v.error("give one of every, poisson, at, trace, or write none", hint: "e.g. {every: 1s, self_updating: true}")
        }
        return (process, selfUpdating)
    }

    /// `content.predictable.time_only: true`: the changes are the passing of time itself (a
    /// countdown, a timer, a relative date), which a self-updating view can draw; only with an
    /// `every` process (false when absent).
    func readTimeOnly(_ v: YAMLValue) throws -> Bool {
        guard v.isMapping else { return false }
        let m = try v.mapping(allowed: Self.processKeys + ["self_updating", "time_only"])
        guard let node = m["time_only"] else { return false }
        let timeOnly = try node.bool()
        if timeOnly && m["every"] == nil {
            throw node.error(
                "time_only needs an `every` process (the passing of time changes on a fixed period)",
                hint: "e.g. {every: 1s, time_only: true} for a countdown, or remove time_only")
        }
        return timeOnly
    }
}
