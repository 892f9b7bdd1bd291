/// Taps on an interactive widget (`app.intents`, iOS 17 App Intents): each reloads the tapped
/// widget, free, after `system.intent_reload_delay` (default 0: at once), drawn per tap and widget.
package struct AppIntentTaps: FreeReloadSource {
    /// The tapped kind, instance and times.
    package var intents: AppActivity.Intents
    /// Its position in `app.intents` (each stream draws from its own random stream).
    package var index: Int

    /// Adds the taps on this widget: those of its kind, and of its instance when one is named.
    package func draw(into draw: inout FreeReloadDraw) {
        let widget = draw.widget
        guard intents.kind == widget.kind && (intents.instance ?? widget.instance) == widget.instance else { return }
        // One of several instances is tapped on its own: its own stream of taps.
        var g = widget.instances > 1 ? draw.stream(.intents, index, widget: draw.widgetIndex) : draw.stream(.intents, index)
        let taps = intents.process.generate(horizon: draw.horizon, clock: draw.clock, generator: &g).times
        let delay = draw.scenario.system.intentReloadDelay
        guard delay != .zero else {
            draw.taps += taps
            return
        }
        // Each tap's delay from this widget's own stream: copies tapped together run apart.
        var dg = draw.stream(.intentDelay, index, widget: draw.widgetIndex)
        draw.taps += taps.map { $0 + delay.draw(&dg) }.filter { $0 < draw.horizon }
    }
}
