/// A source of reloads beyond the provider's policy and the app's own reload calls: the app in the
/// foreground, audio and navigation sessions, App Intent taps, launches from the widget, significant
/// location changes, widget pushes.
///
/// Each source is one value type that draws, before a run, what it adds to one widget's inputs
/// (``FreeReloadDraw``), in one of the few ways the engine applies them: stretches in which granted
/// reloads are free, free immediate taps, free reloads at the next view, requests like the app's,
/// and stretches in which the app's reload calls are ignored. The engine reads only those lists,
/// so it never switches over sources and does no per-event work for them beyond a cursor.
///
/// To add a source: one file with a type conforming to this protocol (its own ``StreamPurpose``
/// keeps the others' numbers unchanged), the scenario setting it reads (in ``AppActivity`` or
/// ``SystemSettings``) with its loader entry, and its line in ``Scenario/freeReloadSources``.
package protocol FreeReloadSource: Sendable {
    /// Adds this source's stretches, taps and requests for widget `draw.widgetIndex` to `draw`.
    func draw(into draw: inout FreeReloadDraw)
}
