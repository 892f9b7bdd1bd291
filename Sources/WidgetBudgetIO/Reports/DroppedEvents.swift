import WidgetBudgetKit

/// A sink that drops every event: for runs whose events no output reads (``ScenarioComparison``'s)
/// or that go elsewhere (`BatchReport.simulate`'s, which a report streams to `events.csv`). A sink
/// does not change what the engine computes; the level does.
final class DroppedEvents: EventSink {
    /// A sink that drops every event for each run.
    static let sinks: EventSinkFactory = { _, _ in DroppedEvents() }

    func receive(_ event: EngineEvent) {}
    func finish() {}
}
