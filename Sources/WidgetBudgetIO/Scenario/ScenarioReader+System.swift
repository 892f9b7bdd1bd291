import WidgetBudgetKit

extension ScenarioReader {
    /// `system: {reload_delay, render_delay, …, location_changes}`.
    mutating func readSystem(_ v: YAMLValue, horizon: Double) throws -> SystemSettings {
        let m = try v.mapping(allowed: [
            "reload_delay", "render_delay", "app_reload_delay", "min_reload_interval", "low_power", "max_entries", "min_render_spacing",
            "launch_cooldown", "unseen_after", "location_changes",
            // Issue #23 item 4 (appreloads): the delays of background calls and App Intent taps.
            "background_reload_delay", "intent_reload_delay",
        ])
        var system = SystemSettings()
        if let x = m["reload_delay"] { system.reloadDelay = try readDelay(x) }
        if let x = m["render_delay"] { system.renderDelay = try readDelay(x) }
        if let x = m["app_reload_delay"] { system.appReloadDelay = try readDelay(x) }
        if let x = m["min_reload_interval"] {
            system.minReloadInterval = try x.nonNegativeDuration()
            guard system.minReloadInterval >= SystemSettings.smallestReloadInterval else {
                throw x.error(
                    "must be at least 1s (got \(x.scalarText ?? ""))",
                    hint: "WidgetKit's is minutes (default 5m); 0 would let a free reload of a timeline due at once repeat forever")
            }
        }
        if let x = m["low_power"] { system.lowPower = try readWindows(x) }
        if let x = m["max_entries"] { system.maxEntries = try positiveInt(x, max: ScenarioLoader.maxEntries) }
        if let x = m["min_render_spacing"] { system.minRenderSpacing = try x.nonNegativeDuration() }
        if let x = m["launch_cooldown"] { system.launchCooldown = try x.nonNegativeDuration() }
        if let x = m["unseen_after"], x.scalarText != "off" { system.unseenAfter = try x.positiveDuration() }
        if let x = m["location_changes"] { system.locationChanges = try readProcess(x, horizon: horizon) }
        // Issue #23 item 4 (appreloads): per-origin delays (OBSERVED #13, #14).
        if let x = m["background_reload_delay"] { system.backgroundReloadDelay = try readDelay(x) }
        if let x = m["intent_reload_delay"] { system.intentReloadDelay = try readDelay(x) }
        return system
    }
}
