import WidgetBudgetKit

extension ScenarioReader {
    /// Foreground sessions: a process with an optional `duration`, or a list of them (merged; the
    /// duration, given on any item, must be the same wherever it is given).
    mutating func readForeground(_ f: YAMLValue, horizon: Double, into app: inout AppActivity) throws {
        var duration: (value: DelayDistribution, node: YAMLValue)?
        func item(_ v: YAMLValue) throws -> EventProcess {
            let fm = try v.mapping(allowed: Self.processKeys + ["duration"])
            guard let process = try readPattern(fm, horizon: horizon) else {
                throw v.error("say when foreground sessions start, e.g. {poisson: {per_hour: 0.3}, duration: 2m}, or write none")
            }
            if let d = fm["duration"] {
                let value = try readDelay(d)
                if let earlier = duration, earlier.value != value {
                    throw d.error("foreground sessions have one duration; this differs from line \(earlier.node.line ?? 0)")
                }
                duration = (value, d)
            }
            return process
        }
        app.foreground = f.isSequence ? try Self.readProcessList(f, item: item) : try item(f)
        if let duration { app.foregroundDuration = duration.value }
    }

    mutating func readApp(_ v: YAMLValue, widgets: [WidgetSpec], horizon: Double) throws -> AppActivity {
        let m = try v.mapping(allowed: ["reloads", "foreground", "intents", "launches_from_widget", "sessions", "pushes"])
        var app = AppActivity()
        let kinds = Array(Set(widgets.map(\.kind))).sorted()
        func checkKind(_ node: YAMLValue) throws -> String {
            let kind = try node.string()
            if !kinds.contains(kind) {
                throw node.error(
                    "no widget has kind '\(kind)'",
                    hint: NearestName.hint(kind, among: kinds, otherwise: "kinds: " + kinds.joined(separator: ", ")))
            }
            return kind
        }
        if let r = m["reloads"] {
            // Issue #23 item 9 (appreloads): on_foreground / on_background follow these sessions.
            let hasSessions = ["foreground", "launches_from_widget"].contains { m[$0].map { $0.scalarText != "none" } ?? false }
            for item in r.list() {
                let im = try item.mapping(allowed: Self.processKeys + ["kind", "all", "on_change", "throttle"] + Self.appReloadSessionKeys)
                let throttle = try im["throttle"]?.nonNegativeDuration() ?? 0
                let target: AppActivity.Target
                if let all = im["all"], try all.bool() {
                    if im.has("kind") { throw item.error("give either `kind` or `all: true`, not both") }
                    target = .all
                } else {
                    target = .kind(try checkKind(try im.require("kind", hint: "or `all: true` for reloadAllTimelines")))
                }
                // Issue #23 items 4 and 9 (appreloads): a session trigger, and each item's origin.
                if let trigger = try readSessionTrigger(im, hasSessions: hasSessions) {
                    app.reloads.append(
                        .init(target: target, trigger: trigger, throttle: throttle, origin: try readOrigin(im, trigger: trigger)))
                } else if let oc = im["on_change"], try oc.bool() {
                    try refuseProcess(besideOnChange: im, "reloads")
                    let followed = widgets.filter { w in
                        if case let .kind(k) = target { return w.kind == k }
                        return true
                    }
                    if followed.allSatisfy({ $0.unpredictable.isNone }) {
                        throw oc.error(
                            "on_change follows unpredictable content changes, but the targeted widgets have none",
                            hint: "add content.unpredictable to the widget")
                    }
                    app.reloads.append(
                        .init(target: target, trigger: .onChange, throttle: throttle, origin: try readOrigin(im, trigger: .onChange)))
                } else {
                    guard let process = try readPattern(im, horizon: horizon) else {
                        throw item.error(
                            "say when the app reloads: {poisson: {per_hour: 1}}, {every: 1h}, {at: [...]}, {trace: file} or on_change: true"
                        )
                    }
                    app.reloads.append(
                        .init(
                            target: target, trigger: .process(process), throttle: throttle,
                            origin: try readOrigin(im, trigger: .process(process))))
                }
            }
        }
        if let f = m["foreground"], f.scalarText != "none" {
            try readForeground(f, horizon: horizon, into: &app)
        }
        if let l = m["launches_from_widget"], l.scalarText != "none" {
            let (process, duration) = try readSessionStream(
                l, horizon: horizon,
                missing: "say when the user opens the app from the widget, e.g. {poisson: {per_day: 3}, duration: 1m}, or write none")
            app.launchesFromWidget = process
            if let duration { app.launchDuration = duration }
        }
        if let s = m["sessions"] { app.sessions = try readSessions(s, horizon: horizon) }
        if let p = m["pushes"] { app.pushes = try readPushes(p, widgets: widgets, horizon: horizon) }
        if let i = m["intents"] {
            for item in i.list() {
                let im = try item.mapping(allowed: Self.processKeys + ["kind", "instance"])
                let kind = try checkKind(try im.require("kind"))
                guard let process = try readPattern(im, horizon: horizon) else {
                    throw item.error("say when the widget is tapped, e.g. {kind: \(kind), poisson: {per_hour: 1}}")
                }
                var intent = AppActivity.Intents(kind: kind, process: process)
                if let n = im["instance"] {
                    intent.instance = try positiveInt(n, max: widgets.filter { $0.kind == kind }.map(\.instances).max() ?? 1)
                }
                app.intents.append(intent)
            }
        }
        return app
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

    /// `app.pushes: {on_change: true | <process>, budget: {daily: N, model: M}}`; N is required
    /// (Apple publishes no number), M defaults to `rolling-24h`.
    mutating func readPushes(_ v: YAMLValue, widgets: [WidgetSpec], horizon: Double) throws -> AppActivity.Pushes {
        let m = try v.mapping(allowed: Self.processKeys + ["on_change", "budget"])
        let budgetNode = try m.require(
            "budget", hint: "pushes have their own budget and Apple publishes no number: give budget: {daily: N}")
        let bm = try budgetNode.mapping(allowed: ["daily", "model"])
        let daily = try positiveInt(
            try bm.require("daily", hint: "pushes delivered a day, e.g. daily: 10 (Apple publishes no number)"),
            max: Bounds.maxDailyBudget)
        let model = try bm["model"].map(readBudgetModel) ?? .rolling24h
        if let oc = m["on_change"], try oc.bool() {
            try refuseProcess(besideOnChange: m, "pushes")
            if widgets.allSatisfy({ $0.unpredictable.isNone }) {
                throw oc.error(
                    "on_change follows unpredictable content changes, but no widget has any", hint: "add content.unpredictable to a widget")
            }
            return AppActivity.Pushes(trigger: .onChange, daily: daily, model: model)
        }
        guard let process = try readPattern(m, horizon: horizon) else {
            throw v.error("say when pushes are sent: on_change: true or a process such as {poisson: {per_hour: 1}}")
        }
        return AppActivity.Pushes(trigger: .process(process), daily: daily, model: model)
    }
}
