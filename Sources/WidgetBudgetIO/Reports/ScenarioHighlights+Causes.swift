import WidgetBudgetKit

extension ScenarioHighlights {
    /// The causes of staleness besides the budget and memory kills: timelines rejected for their
    /// size, low-power windows and WidgetKit's delays, each said when the scenario has it.
    static func otherCauses(_ result: SimulationResult, _ s: WidgetSummary) -> [String] {
        var lines: [String] = []
        let system = result.scenario.system
        if s.rejections > 0 {
            lines.append(
                "\(s.rejections) timeline\(s.rejections == 1 ? " was" : "s were") not delivered: more than \(system.maxEntries) "
                    + "entries: the widget stops updating (it keeps its old timeline until a smaller one is delivered).")
        }
        if s.ignoredCalls > 0 {
            lines.append(
                "\(s.ignoredCalls) app reload call\(s.ignoredCalls == 1 ? " was" : "s were") ignored: made within "
                    + "\(NumberFormat.humanDuration(system.launchCooldown)) of the app being opened from the widget.")
        }
        if s.heldUnseen > 0 {
            lines.append(
                "\(s.heldUnseen) policy reload\(s.heldUnseen == 1 ? " was" : "s were") held until the next view: the widget "
                    + "had not been seen for \(NumberFormat.humanDuration(system.unseenAfter)).")
        }
        if !system.lowPower.isEmpty {
            let windows = system.lowPower.map(\.description).joined(separator: ", ")
            lines.append("Low-power windows (\(windows)) hold policy reloads and renders until they end.")
        }
        var delays: [String] = []
        if system.reloadDelay.mean > 0 { delays.append("policy reloads \(NumberFormat.humanDuration(system.reloadDelay.mean))") }
        if system.appReloadDelay.mean > 0 { delays.append("app reloads \(NumberFormat.humanDuration(system.appReloadDelay.mean))") }
        // Issue #23 item 4: the delays of background calls and App Intent taps, when the scenario has them.
        let app = result.scenario.app
        if app.reloads.contains(where: { $0.origin == .background }) && system.backgroundReloadDelay.mean > 0 {
            delays.append("background app reloads \(NumberFormat.humanDuration(system.backgroundReloadDelay.mean))")
        }
        if !app.intents.isEmpty && system.intentReloadDelay.mean > 0 {
            delays.append("App Intent taps \(NumberFormat.humanDuration(system.intentReloadDelay.mean))")
        }
        if system.renderDelay.mean > 0 { delays.append("renders \(NumberFormat.humanDuration(system.renderDelay.mean))") }
        if !delays.isEmpty {
            lines.append("WidgetKit's delays keep content old for longer: on average " + delays.joined(separator: ", ") + " late.")
        }
        return lines
    }
}

extension ScenarioHighlights {
    /// What a widget's predictable content means for its entries: drawn by a self-updating view, or
    /// a per-second change that only such a view can show.
    static func predictableLines(_ widget: WidgetSpec) -> [String] {
        if widget.selfUpdating {
            return [
                "Its predictable changes are drawn by a self-updating view (Text(date, style: .timer) or .relative): "
                    + "they never make it stale, whatever the entries."
            ]
        }
        if case let .every(period, _) = widget.predictable.pattern, period < Seconds.minute {
            var line =
                "Its predictable content changes every \(NumberFormat.humanDuration(period)): entries cannot keep up "
                + "(at most one render every 2 s, at most 400 entries)"
            // Only time itself (a countdown, a timer) can be drawn by a self-updating view.
            if widget.timeOnly {
                line +=
                    "; a self-updating view (Text(date, style: .timer)) "
                    + "shows it with no entries (content.predictable.self_updating: true)"
            }
            return [line + "."]
        }
        return []
    }
}
