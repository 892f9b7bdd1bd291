/// The user opening the app by tapping the widget (`app.launches_from_widget`, OBSERVED #12): each
/// launch starts a foreground session (free reloads) and WidgetKit ignores the app's reload calls
/// for `system.launch_cooldown` after it.
package struct LaunchesFromWidget: FreeReloadSource {
    /// When the app is opened from the widget.
    package var launches: EventProcess
    /// How long the app then stays open, seconds.
    package var duration: DelayDistribution
    /// How long reload calls are ignored after a launch, seconds.
    package var cooldown: Double

    /// Adds each launch's session as a free stretch and its cooldown.
    package func draw(into draw: inout FreeReloadDraw) {
        let sessions = draw.sessions(launches, duration, (.launches, .launchDuration))
        draw.freeWindows += sessions
        draw.appSessions += sessions
        draw.cooldowns += sessions.map { start, _ in (start, start + cooldown) }
    }
}
