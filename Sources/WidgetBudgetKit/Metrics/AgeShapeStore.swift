/// Where a run's stretch shapes (``AgeShapes``) go as its days close, and are read back from, in
/// order: what lets a long run, and the finished runs of a summary, keep their shapes out of
/// memory (the command-line tool's store is a temporary file, `ShapeSpill` in WidgetBudgetIO).
/// Without a store, ``AgeShapes`` keeps every run in memory.
///
/// A store holds the runs of one (replication, widget) run. It is written from the thread that
/// runs the job, then read (from any thread, never while being written): runs appended are read
/// back as they were, to the bit, so a quantile over them adds the same terms in the same order.
public protocol AgeShapeStore: AnyObject, Sendable {
    /// Appends `runs` after the runs appended before.
    func append(_ runs: UnsafeBufferPointer<AgeShapes.Run>)
    /// Copies the `buffer.count` runs from the `offset`th on (0-based, all appended before) into
    /// `buffer`; false when they cannot be read (the store keeps the reason for its owner).
    func read(from offset: Int, into buffer: UnsafeMutableBufferPointer<AgeShapes.Run>) -> Bool
}

/// Makes the store of each (replication, widget) run, both 0-based; called once per run, from the
/// thread that runs it (runs go on in parallel, so the factory must be safe to call concurrently).
public typealias AgeShapeStoreFactory = @Sendable (_ replication: Int, _ widget: Int) -> any AgeShapeStore
