extension Scenario {
    /// Every source of free reloads (and widget pushes) the scenario names, as ``FreeReloadSource``s.
    ///
    /// Each draws from its own purpose-keyed random streams, so neither this order nor a source
    /// added to the list changes another's numbers. A source that is off draws nothing.
    package var freeReloadSources: [any FreeReloadSource] {
        var sources: [any FreeReloadSource] = [
            ForegroundSessions(starts: app.foreground, duration: app.foregroundDuration),
            LaunchesFromWidget(launches: app.launchesFromWidget, duration: app.launchDuration, cooldown: system.launchCooldown),
        ]
        sources += app.sessions.enumerated().map { MediaSessions(session: $1, index: $0) }
        sources += app.intents.enumerated().map { AppIntentTaps(intents: $1, index: $0) }
        sources.append(LocationChanges(changes: system.locationChanges))
        if let pushes = app.pushes { sources.append(WidgetPushes(pushes: pushes)) }
        return sources
    }
}
