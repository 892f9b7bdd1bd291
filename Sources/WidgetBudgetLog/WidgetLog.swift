import Foundation

/// Appends the device log that `widgetbudget analyze` reads (docs/log-format.md): one CSV row per
/// event, into a file of its own in a folder shared by the widget extension and the app (the App
/// Group container).
///
/// Create one per process, once, and keep it (a `static let`). Calls never block: the row's time
/// is taken at the call, the row is queued, and a serial queue writes it. Past
/// ``Limits/maxPendingRows`` waiting rows, new rows are dropped and counted in ``droppedRows``.
///
/// ```
/// let log = WidgetLog(folder: containerURL, role: .widget)
/// log.timeline(kind: "clock", family: "systemSmall", dates: dates, policy: .atEnd)
/// ```
public final class WidgetLog: @unchecked Sendable {
    /// The folder the log files are written in.
    public let folder: URL
    /// The writing process's role, the first part of its files' names.
    public let role: Role
    /// The size and queue limits.
    public let limits: Limits

    let queue: DispatchQueue
    private let file: LogFile
    private let lock = NSLock()
    private var pending = 0
    private var dropped = 0
    let memory: @Sendable () -> Double?

    /// A log writing into `folder` (which must exist: the App Group container, or a folder in it)
    /// as `role`; nothing is created before the first row.
    /// - Parameter memoryMB: the process's memory footprint in MB for the `memory_mb` column of
    ///   `timeline` and `snapshot` rows; by default the footprint the system limits (Apple
    ///   platforms; none elsewhere).
    public init(
        folder: URL, role: Role, limits: Limits = Limits(), memoryMB: @escaping @Sendable () -> Double? = MemoryFootprint.megabytes
    ) {
        self.folder = folder
        self.role = role
        self.limits = limits
        self.memory = memoryMB
        queue = DispatchQueue(label: "WidgetBudgetLog.\(role.name)", qos: .utility)
        file = LogFile(folder: folder, role: role, limits: limits)
    }

    /// The rows not written: dropped because ``Limits/maxPendingRows`` were waiting, or because
    /// the file could not be written (the folder is gone, the disk is full).
    public var droppedRows: Int {
        lock.lock()
        defer { lock.unlock() }
        return dropped
    }

    /// The file being written, once a row was written.
    public var currentFile: URL? { queue.sync { file.currentPath.map { URL(fileURLWithPath: $0) } } }

    /// Waits until every row queued so far is written (for tests, or before the process exits).
    public func flush() { queue.sync {} }

    /// Queues `event` at `date` (the time of the call by default). The lock makes the queue's order the order of
    /// the times, so one file's rows are in time order even when several threads log.
    func record(_ event: LogEvent, at date: Date? = nil) {
        lock.lock()
        let time = date ?? Date()
        guard pending < limits.maxPendingRows else {
            dropped += 1
            lock.unlock()
            return
        }
        pending += 1
        queue.async { [self] in
            let line = LogRow.line(event, at: time, offset: TimeZone.current.secondsFromGMT(for: time))
            let written = file.append(line)
            lock.lock()
            pending -= 1
            if !written { dropped += 1 }
            lock.unlock()
        }
        lock.unlock()
    }
}
