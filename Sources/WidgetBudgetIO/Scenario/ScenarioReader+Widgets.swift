import WidgetBudgetKit

extension ScenarioReader {
    /// The most copies of one widget a scenario may place (a Home Screen holds far fewer).
    static let maxInstances = 100

    /// `widgets[].instances: N`: N copies of `widget`, named `NAME#1` … `NAME#N` (just `NAME` when N
    /// is 1), each with its own budget and random streams (they are separate widgets to the engine).
    func readInstances(_ item: YAMLValue, _ widget: WidgetSpec) throws -> [WidgetSpec] {
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
    func readPredictable(_ v: YAMLValue, horizon: Double) throws -> (EventProcess, Bool) {
        guard v.isMapping else { return (try readProcess(v, horizon: horizon), false) }
        let m = try v.mapping(allowed: Self.processKeys + ["self_updating"])
        let selfUpdating = try m["self_updating"]?.bool() ?? false
        guard let process = try readPattern(m, horizon: horizon) else {
            throw v.error("give one of every, poisson, at, trace, or write none", hint: "e.g. {every: 1s, self_updating: true}")
        }
        return (process, selfUpdating)
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
    func readSessions(_ v: YAMLValue, horizon: Double) throws -> [AppActivity.Session] {
        let m = try v.mapping(allowed: ["audio", "navigation"])
        return try ["audio", "navigation"].compactMap { m[$0] }.map { node in
            let sm = try node.mapping(allowed: Self.processKeys + ["duration"])
            guard let process = try readPattern(sm, horizon: horizon) else {
                throw node.error("say when sessions start, e.g. {every: 1d, offset: 8h, duration: 40m}")
            }
            let duration = try readDelay(try sm.require("duration", hint: "how long each session lasts, e.g. 40m"))
            return AppActivity.Session(process: process, duration: duration)
        }
    }
}
