/// Receives a run's events as they happen, instead of keeping them in
/// ``WidgetRunResult/events``: what lets `--events all` stream a long run to disk.
///
/// A sink receives the events of one (replication, widget) run, in the order
/// ``WidgetRunResult/events`` would hold them (content changes first at equal times, then the
/// run's own events in the order they happened), from the thread that runs that job only.
public protocol EventSink: AnyObject {
    /// One event, in order.
    func receive(_ event: EngineEvent)
    /// Called once, after the run's last event.
    func finish()
}

/// Makes the sink of each (replication, widget) run, both 0-based; called once per run, from the
/// thread that runs it (runs go on in parallel, so the factory must be safe to call concurrently).
public typealias EventSinkFactory = @Sendable (_ replication: Int, _ widget: Int) -> any EventSink
