/// Where a finished run's day metrics (``DayList``) go, and are read back from, in order: what
/// lets the finished runs of many replications keep their days out of memory until the output
/// reads them (the command-line tool's store is a temporary file, `ShapeSpill` in
/// WidgetBudgetIO). Without a store, a ``DayList`` keeps its days in memory.
///
/// A store holds the days of one (replication, widget) run. It is written once, from the thread
/// that ran the job, then read (from any thread, never while being written): days appended are
/// read back as they were, to the bit, so every sum over them adds the same terms in the same
/// order.
public protocol DayStore: AnyObject, Sendable {
    /// Appends `days` after the days appended before.
    func append(_ days: UnsafeBufferPointer<DayMetrics>)
    /// Copies the `buffer.count` days from the `offset`th on (0-based, all appended before) into
    /// `buffer`; false when they cannot be read (the store keeps the reason for its owner).
    func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<DayMetrics>) -> Bool
}

/// Makes the day store of each (replication, widget) run, both 0-based; called once per run, from
/// the thread that ran it (runs go on in parallel, so the factory must be safe to call
/// concurrently).
public typealias DayStoreFactory = @Sendable (_ replication: Int, _ widget: Int) -> any DayStore
