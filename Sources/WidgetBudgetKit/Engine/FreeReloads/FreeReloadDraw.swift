/// What one widget's free-reload sources add to its inputs in one replication, by how the engine
/// applies them, and what the sources may read while drawing.
package struct FreeReloadDraw {
    /// The scenario.
    package let scenario: Scenario
    /// The widget being drawn for (an index into `scenario.widgets`).
    package let widgetIndex: Int
    /// The end of the run, simulation seconds.
    package let horizon: SimTime
    /// The scenario's local clock.
    package let clock: LocalClock
    /// A purpose-keyed random stream: `(purpose, index, widget)`, widget -1 for streams shared by
    /// every widget.
    let stream: (StreamPurpose, Int, Int) -> SeededGenerator
    /// The unpredictable changes of widget `w`.
    package let changes: (Int) -> EventTimes

    /// Stretches in which a granted reload is not charged (foreground, audio or navigation session).
    package var freeWindows: [(SimTime, SimTime)] = []
    /// Free reloads of this widget, granted at once (App Intent taps).
    package var taps: [SimTime] = []
    /// Free reloads applied at the widget's next view (significant location changes).
    package var atNextView: [SimTime] = []
    /// Requests reaching the widget like the app's reload calls, charged (widget pushes).
    package var requests: [AppRequest] = []
    /// The app's foreground sessions (`app.foreground` and launches from the widget, not audio or
    /// navigation sessions): their starts and ends time `on_foreground` and `on_background` reloads.
    package var appSessions: [(SimTime, SimTime)] = []
    /// Stretches in which WidgetKit ignores the app's reload calls (after a launch from the widget).
    package var cooldowns: [(SimTime, SimTime)] = []

    /// The widget being drawn for.
    package var widget: WidgetSpec { scenario.widgets[widgetIndex] }

    /// The random stream for `purpose` (the `index`-th source of that purpose), shared by every
    /// widget unless `widget` is given.
    func stream(_ purpose: StreamPurpose, _ index: Int = 0, widget: Int = -1) -> SeededGenerator {
        stream(purpose, index, widget)
    }

    /// Starts and durations drawn from their own streams, as stretches.
    ///
    /// The durations are keyed like the starts: item k of a list of starts draws its sessions'
    /// durations, in order, from its own stream (a process on its own is item 0), so adding an item
    /// moves neither the other items' starts nor their durations.
    func sessions(_ starts: EventProcess, _ duration: DelayDistribution, _ purposes: (StreamPurpose, StreamPurpose), index: Int = 0)
        -> [(SimTime, SimTime)]
    {
        var events = EventStream(starts, horizon: horizon, clock: clock, generator: stream(purposes.0, index))
        var keys = stream(purposes.1, index)
        let key = keys.next()
        var durations: [Int: SeededGenerator] = [:]
        var out: [(SimTime, SimTime)] = []
        while let t = events.next() {
            let item = events.lastItem
            var g = durations[item] ?? EventStream.itemGenerator(key, item: item)
            out.append((t, t + duration.draw(&g)))
            durations[item] = g
        }
        return out
    }
}
