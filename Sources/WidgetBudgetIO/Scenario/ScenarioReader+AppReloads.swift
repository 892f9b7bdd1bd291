import WidgetBudgetKit

// Issue #23 items 4 and 9 (appreloads): where an `app.reloads` item calls from (`origin`), and the
// triggers that follow the app's foreground sessions (`on_foreground`, `on_background`).
extension ScenarioReader {
    /// The keys an `app.reloads` item may hold for its origin and its session triggers.
    static let appReloadSessionKeys = ["on_foreground", "on_background", "origin"]

    /// `on_foreground: true` or `on_background: true` in the `app.reloads` item `im`: its trigger,
    /// or `nil` when neither is given. At most one of `on_change`, `on_foreground` and
    /// `on_background` may be true, none beside a process, and the app must have foreground
    /// sessions (`app.foreground` or `app.launches_from_widget`: `hasSessions`) for them to follow.
    func readSessionTrigger(_ im: YAMLMapping, hasSessions: Bool) throws -> AppActivity.Trigger? {
        var chosen: [(key: String, node: YAMLValue)] = []
        for key in ["on_change", "on_foreground", "on_background"] {
            if let node = im[key], try node.bool() { chosen.append((key, node)) }
        }
        if chosen.count > 1 {
            throw chosen[1].node.error(
                "\(chosen[0].key): true and \(chosen[1].key): true both say when the app reloads; give one of them",
                hint: "write two items for two triggers")
        }
        guard let (key, node) = chosen.first, key != "on_change" else { return nil }
        if let first = ScenarioReader.processKeys.first(where: { im.has($0) }) {
            throw im[first]!.error(
                "\(key): true and \(first) both say when the app reloads; give one of them",
                hint: "\(key) follows the app's foreground sessions; a process such as {every: 1h} calls on a schedule")
        }
        if !hasSessions {
            throw node.error(
                "\(key) follows the app's foreground sessions, but the scenario has none",
                hint: "add app.foreground, e.g. {poisson: {per_day: 6}, duration: 3m}, or app.launches_from_widget")
        }
        return key == "on_foreground" ? .onForeground : .onBackground
    }

    /// `origin: foreground | background` in the `app.reloads` item `im` (`nil`: the trigger's own),
    /// refused when it contradicts the trigger (`on_foreground` calls from the foreground,
    /// `on_background` from the background).
    func readOrigin(_ im: YAMLMapping, trigger: AppActivity.Trigger) throws -> AppActivity.Origin? {
        guard let node = im["origin"] else { return nil }
        let text = try node.string()
        let names = AppActivity.Origin.allCases.map(\.rawValue)
        guard let origin = AppActivity.Origin(rawValue: text) else {
            throw node.error("unknown origin '\(text)'", hint: NearestName.hint(text, among: names))
        }
        if trigger == .onForeground && origin == .background {
            throw node.error(
                "on_foreground calls are made in the foreground; origin: background contradicts it",
                hint: "drop origin, or use on_background for the call made as the app leaves")
        }
        if trigger == .onBackground && origin == .foreground {
            throw node.error(
                "on_background calls are made as the app leaves the foreground; origin: foreground contradicts it",
                hint: "drop origin, or use on_foreground for the call made as the app opens")
        }
        return origin
    }
}
