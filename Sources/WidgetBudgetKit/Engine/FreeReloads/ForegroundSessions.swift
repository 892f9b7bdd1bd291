/// The app in the foreground (`app.foreground`): a reload granted during a session is not charged.
package struct ForegroundSessions: FreeReloadSource {
    /// When sessions start.
    package var starts: EventProcess
    /// How long each lasts, seconds.
    package var duration: DelayDistribution

    /// Adds the sessions as free stretches.
    package func draw(into draw: inout FreeReloadDraw) {
        let sessions = draw.sessions(starts, duration, (.foreground, .foregroundDuration))
        draw.freeWindows += sessions
        draw.appSessions += sessions
    }
}
