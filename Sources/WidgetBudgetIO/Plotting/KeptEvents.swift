import Foundation
import WidgetBudgetKit

/// The events of one replication's runs that a figure reads, kept as they happen (the sinks of
/// `Simulator.run`), the others dropped: a run at ``EventLevel/all`` whose memory grows with what
/// is kept, not with every event.
final class KeptEvents: @unchecked Sendable {
    private let keeps: @Sendable (EngineEvent) -> Bool
    /// Guards `kept`.
    private let lock = NSLock()
    private var kept: [[EngineEvent]]

    /// Keeps the events for which `keeps` is true, for a scenario of `widgets` widgets.
    init(widgets: Int, keeps: @escaping @Sendable (EngineEvent) -> Bool) {
        self.keeps = keeps
        kept = Array(repeating: [], count: widgets)
    }

    /// The sinks to hand to `Simulator.run` (one replication).
    var sinks: EventSinkFactory {
        { [self] _, widget in Sink(owner: self, widget: widget) }
    }

    /// The events kept of widget `widget`, in the order they happened.
    func events(widget: Int) -> [EngineEvent] {
        lock.lock()
        defer { lock.unlock() }
        return kept[widget]
    }

    private func store(_ events: [EngineEvent], widget: Int) {
        lock.lock()
        kept[widget] = events
        lock.unlock()
    }

    /// One run's sink: its events kept in order, handed over when the run ends.
    private final class Sink: EventSink {
        private let owner: KeptEvents
        private let widget: Int
        private var events: [EngineEvent] = []

        init(owner: KeptEvents, widget: Int) {
            self.owner = owner
            self.widget = widget
        }

        func receive(_ event: EngineEvent) {
            if owner.keeps(event) { events.append(event) }
        }

        func finish() { owner.store(events, widget: widget) }
    }
}
