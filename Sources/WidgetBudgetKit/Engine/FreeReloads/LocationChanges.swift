/// Significant location changes (`system.location_changes`, OBSERVED #3): each gives a free reload
/// applied when the widget is next viewed.
package struct LocationChanges: FreeReloadSource {
    /// When the location changes.
    package var changes: EventProcess

    /// Adds the changes as free reloads at the next view.
    package func draw(into draw: inout FreeReloadDraw) {
        var g = draw.stream(.locationChanges)
        draw.atNextView += changes.generate(horizon: draw.horizon, clock: draw.clock, generator: &g).times
    }
}
