/// An audio or navigation session stream (`app.sessions`): reloads granted in one are not charged,
/// as in the foreground (OBSERVED #3).
package struct MediaSessions: FreeReloadSource {
    /// The sessions.
    package var session: AppActivity.Session
    /// Its position in `app.sessions` (each stream draws from its own random stream).
    package var index: Int

    /// Adds the sessions as free stretches.
    package func draw(into draw: inout FreeReloadDraw) {
        draw.freeWindows += draw.sessions(session.process, session.duration, (.sessions, .sessionDuration), index: index)
    }
}
