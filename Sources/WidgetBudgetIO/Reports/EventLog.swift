import Foundation
import WidgetBudgetKit

#if canImport(Glibc)
    import Glibc
    /// The resource of `getrlimit` for open files (an enum case in Glibc, an `Int32` in Darwin).
    private let openFilesResource = Int32(RLIMIT_NOFILE.rawValue)
#else
    import Darwin
    private let openFilesResource = RLIMIT_NOFILE
#endif

/// Writes `events.csv` while the simulation runs, so its memory does not grow with the file.
///
/// Each (replication, widget) run writes its rows, already formatted, into its own part file in a
/// hidden folder beside `events.csv` (with the rows' times in a second file when the scenario has
/// more than one widget). ``finish(replications:)`` then joins the parts in the order of
/// ``SimulationResult/events`` — replication by replication; inside one, the widgets' rows merged
/// by time, the lower widget first at equal times — and removes the folder. The file is the same,
/// byte for byte, as ``SimulationTables/eventRows(_:)`` under ``SimulationTables/eventsHeader``,
/// whatever the number of cores; memory is a buffer per running job.
public final class EventLog: @unchecked Sendable {
    /// The path of `events.csv`.
    public let path: String
    /// The folder of part files.
    private let parts: String
    private let clock: LocalClock
    private let names: [String]
    /// Guards `failure`.
    private let lock = NSLock()
    /// The first write error of a part, reported by ``finish(replications:)``.
    private var failure: FileWriteError?

    /// Prepares `events.csv` in `folder` for a run of `scenario` (creating the folder).
    /// - Throws: ``FileWriteError`` when the part folder cannot be created.
    public init(scenario: Scenario, folder: String) throws {
        path = (folder as NSString).appendingPathComponent("events.csv")
        parts = (folder as NSString).appendingPathComponent(".events-parts-" + UUID().uuidString.prefix(8))
        clock = SimulationCalendar(scenario: scenario).clock
        names = scenario.widgets.map(\.name)
        do {
            try FileManager.default.createDirectory(atPath: parts, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(path: path, reason: "cannot create a folder for its parts: \(error.localizedDescription)")
        }
    }

    deinit { discard() }

    /// The sinks to hand to ``Simulator/run(_:events:sinks:)``.
    public var sinks: EventSinkFactory {
        { [self] replication, widget in
            Part(
                log: self, rows: partPath(replication, widget, "rows"),
                times: names.count > 1 ? partPath(replication, widget, "times") : nil)
        }
    }

    /// Joins the parts of `replications` runs into `events.csv` (written to a temporary file, then
    /// renamed) and removes them. Returns its path.
    /// - Throws: ``FileWriteError`` for the first write that failed, here or in a part.
    public func finish(replications: Int) throws -> String {
        defer { discard() }
        lock.lock()
        let failed = failure
        lock.unlock()
        if let failed { throw failed }
        let temporary = (parts as NSString).appendingPathComponent("events.csv")
        guard let out = fopen(temporary, "w") else { throw error(path, "cannot create it") }
        var closed = false
        defer { if !closed { fclose(out) } }
        let header = CSVWriter(header: SimulationTables.eventsHeader).bytes
        guard fwrite(header, 1, header.count, out) == header.count else { throw error(path, "cannot write it") }
        for r in 0..<replications {
            if names.count == 1 {
                try copy(partPath(r, 0, "rows"), to: out)
            } else {
                try merge((0..<names.count).map { (partPath(r, $0, "rows"), partPath(r, $0, "times")) }, to: out)
            }
        }
        closed = true
        guard fflush(out) == 0, fsync(fileno(out)) == 0, fclose(out) == 0 else { throw error(path, "cannot write it") }
        guard rename(temporary, path) == 0 else { throw error(path, "cannot rename it into place") }
        return path
    }

    /// Removes the part folder (after ``finish(replications:)``, or when the run is abandoned).
    public func discard() {
        try? FileManager.default.removeItem(atPath: parts)
    }

    // MARK: Parts

    private func partPath(_ replication: Int, _ widget: Int, _ suffix: String) -> String {
        (parts as NSString).appendingPathComponent("\(replication)-\(widget).\(suffix)")
    }

    fileprivate func fail(_ failure: FileWriteError) {
        lock.lock()
        if self.failure == nil { self.failure = failure }
        lock.unlock()
    }

    /// A (replication, widget) run's sink: rows formatted into a buffer, written out every 256 kB.
    private final class Part: EventSink {
        private static let flushSize = 1 << 18
        private let log: EventLog
        private let rowsFile: UnsafeMutablePointer<FILE>?
        private let timesFile: UnsafeMutablePointer<FILE>?
        private var rows: [UInt8] = []
        private var times: [Double] = []

        init(log: EventLog, rows: String, times: String?) {
            self.log = log
            rowsFile = fopen(rows, "w")
            timesFile = times.flatMap { fopen($0, "w") }
            if rowsFile == nil || (times != nil && timesFile == nil) { log.fail(log.error(log.path, "cannot create a part")) }
            self.rows.reserveCapacity(Self.flushSize + 4096)
        }

        deinit {
            if let rowsFile { fclose(rowsFile) }
            if let timesFile { fclose(timesFile) }
        }

        func receive(_ event: EngineEvent) {
            var row = CSVWriter.Row(bytes: rows, columns: SimulationTables.eventsHeader.count, midDocument: true)
            rows = []  // The row holds the only reference: no copy while it appends.
            SimulationTables.eventRow(event, clock: log.clock, names: log.names, into: &row)
            rows = row.finish()
            if timesFile != nil { times.append(event.time) }
            if rows.count >= Self.flushSize { flush() }
        }

        func finish() { flush() }

        private func flush() {
            if let rowsFile, !rows.isEmpty, fwrite(rows, 1, rows.count, rowsFile) != rows.count {
                log.fail(log.error(log.path, "cannot write a part"))
            }
            if let timesFile, !times.isEmpty, fwrite(times, MemoryLayout<Double>.stride, times.count, timesFile) != times.count {
                log.fail(log.error(log.path, "cannot write a part"))
            }
            rows.removeAll(keepingCapacity: true)
            times.removeAll(keepingCapacity: true)
        }
    }

    // MARK: Joining

    /// Appends the file at `part` to `out`.
    private func copy(_ part: String, to out: UnsafeMutablePointer<FILE>) throws {
        guard let input = fopen(part, "r") else { throw error(path, "cannot read a part") }
        defer { fclose(input) }
        // 64 KiB: a megabyte zeroed per part was 4.2 M of a 1-day `simulate`'s 46 M instructions.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, input)
            if n > 0, fwrite(buffer, 1, n, out) != n { throw error(path, "cannot write it") }
            if n < buffer.count { break }
        }
        if ferror(input) != 0 { throw error(path, "cannot read a part") }
    }

    /// Appends the rows of one replication's widgets (`(rows, times)` files, in widget order),
    /// merged by time, the lower widget first at equal times.
    /// - Complexity: O(rows × widgets).
    private func merge(_ widgets: [(rows: String, times: String)], to out: UnsafeMutablePointer<FILE>) throws {
        Self.allowOpenFiles(2 * widgets.count + 64)
        var readers: [TimedLines] = []
        for w in widgets {
            guard let reader = TimedLines(rows: w.rows, times: w.times) else { throw error(path, "cannot read a part") }
            readers.append(reader)
        }
        while true {
            var best = -1
            for (i, reader) in readers.enumerated() where reader.time != nil {
                if best < 0 || reader.time! < readers[best].time! { best = i }
            }
            if best < 0 { break }
            guard readers[best].copyLine(to: out) else { throw error(path, "cannot write it") }
        }
    }

    /// Raises the soft limit of open files towards `count` (at most the hard limit): a merge holds
    /// two files per widget open (a scenario of 600 widgets passes the usual 1024).
    private static func allowOpenFiles(_ count: Int) {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
        _ = setrlimit(openFilesResource, &limit)
    }

    /// A `FileWriteError` for `path` with the system's reason.
    fileprivate func error(_ path: String, _ what: String) -> FileWriteError {
        FileWriteError(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
