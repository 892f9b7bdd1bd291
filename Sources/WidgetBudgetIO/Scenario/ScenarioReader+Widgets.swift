import WidgetBudgetKit

extension ScenarioReader {
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

    /// `platform: iOS | watchOS`.
    func readPlatform(_ v: YAMLValue) throws -> Platform {
        let text = try v.string()
        guard let platform = Platform(rawValue: text) else {
            let names = Platform.allCases.map(\.rawValue)
            throw v.error("unknown platform '\(text)'", hint: NearestName.hint(text, among: names, otherwise: "use iOS or watchOS"))
        }
        return platform
    }

    /// `app.sessions: {audio: <process + duration>, navigation: …}`: free like the foreground.
    mutating func readSessions(_ v: YAMLValue, horizon: Double) throws -> [AppActivity.Session] {
        let m = try v.mapping(allowed: ["audio", "navigation"])
        return try ["audio", "navigation"].compactMap { m[$0] }.map { node in
            let (process, duration) = try readSessionStream(
                node, horizon: horizon, missing: "say when sessions start, e.g. {every: 1d, offset: 8h, duration: 40m}")
            guard let duration else {
                throw node.error("give each session's duration", hint: "how long each session lasts, e.g. duration: 40m")
            }
            return AppActivity.Session(process: process, duration: duration)
        }
    }

    /// A stream of sessions: a process of starts plus an optional `duration` (a delay).
    mutating func readSessionStream(_ v: YAMLValue, horizon: Double, missing: String) throws -> (EventProcess, DelayDistribution?) {
        let m = try v.mapping(allowed: Self.processKeys + ["duration"])
        guard let process = try readPattern(m, horizon: horizon) else { throw v.error(missing) }
        return (process, try m["duration"].map(readDelay))
    }

    /// `app.pushes: {on_change: true | <process>, budget: {daily: N}}`; N is required (Apple
    /// publishes no number).
    mutating func readPushes(_ v: YAMLValue, widgets: [WidgetSpec], horizon: Double) throws -> AppActivity.Pushes {
        let m = try v.mapping(allowed: Self.processKeys + ["on_change", "budget"])
        let budgetNode = try m.require(
            "budget", hint: "pushes have their own budget and Apple publishes no number: give budget: {daily: N}")
        let bm = try budgetNode.mapping(allowed: ["daily"])
        let daily = try positiveInt(
            try bm.require("daily", hint: "pushes delivered a day, e.g. daily: 10 (Apple publishes no number)"),
            max: Bounds.maxDailyBudget)
        if let oc = m["on_change"], try oc.bool() {
            try refuseProcess(besideOnChange: m, "pushes")
            if widgets.allSatisfy({ $0.unpredictable.isNone }) {
                throw oc.error(
                    "on_change follows unpredictable content changes, but no widget has any", hint: "add content.unpredictable to a widget")
            }
            return AppActivity.Pushes(trigger: .onChange, daily: daily)
        }
        guard let process = try readPattern(m, horizon: horizon) else {
            throw v.error("say when pushes are sent: on_change: true or a process such as {poisson: {per_hour: 1}}")
        }
        return AppActivity.Pushes(trigger: .process(process), daily: daily)
    }
}
