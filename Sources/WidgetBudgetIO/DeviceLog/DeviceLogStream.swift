import Foundation
import WidgetBudgetKit

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Writes the device log of one replication while it runs, so memory does not grow with the log:
/// the streaming form of ``DeviceLogExporter/records(_:replication:)`` and
/// ``DeviceLogWriter/document(_:timeFormat:)``, byte for byte.
///
/// Each widget's run hands its events to a sink (``EventSink``) that replays the provider at each
/// grant, as the exporter does, and writes the `timeline` and `placeholder` rows, already
/// formatted, to part files beside the log (with their times in side files), each removed from
/// the folder as soon as it is open: nothing is left behind, even after Ctrl-C or a crash.
/// ``finish()`` then merges, by time and ``DeviceLogRecord/Event/tieOrder``, those parts with the
/// rows the scenario's inputs give without a run (app calls, views, content changes, foreground
/// sessions, drawn again as the run drew them: views and periodic changes one at a time), writes
/// the log to a temporary file renamed into place (``AtomicFile``).
/// Memory: a buffer per running widget and each widget's drawn inputs (views and periodic changes
/// excepted), whatever the log's length.
public final class DeviceLogStream: @unchecked Sendable {
    /// The log's path.
    public let path: String
    private let scenario: Scenario
    private let calendar: SimulationCalendar
    private let replication: Int
    private let timeFormat: DeviceLogWriter.TimeFormat
    /// The prefix of part files' paths: hidden, beside the log.
    private let parts: String
    /// Guards `failure`, `inputs` and `written`.
    private let lock = NSLock()
    /// The first write error of a part, reported by ``finish()``.
    private var failure: FileWriteError?
    /// Each widget's inputs, as its sink drew them (for the rows a run does not make).
    private var inputs: [WidgetInputs?]
    /// Each widget's part files (timelines, placeholders), as its sink wrote them.
    private var written: [(timelines: PartWriter, placeholders: PartWriter)?]

    /// Prepares the device log of replication `replication` (0-based) of `scenario` at `path`,
    /// creating its folder.
    /// - Throws: ``FileWriteError`` when `path` cannot be written (a folder, not a regular file) or
    ///   its folders cannot be created.
    public init(scenario: Scenario, replication: Int, path: String, timeFormat: DeviceLogWriter.TimeFormat) throws {
        self.path = path
        self.scenario = scenario
        self.calendar = SimulationCalendar(scenario: scenario)
        self.replication = replication
        self.timeFormat = timeFormat
        inputs = Array(repeating: nil, count: scenario.widgets.count)
        written = Array(repeating: nil, count: scenario.widgets.count)
        let directory = try AtomicFile.prepare(path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        parts = directory + "/." + name + ".part-" + UUID().uuidString.prefix(8)
    }

    /// The sinks to hand to the simulation of the replication (one per widget).
    public var sinks: EventSinkFactory {
        { [self] _, widget in
            let drawn = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: widget, replication: replication)
            lock.lock()
            inputs[widget] = drawn
            lock.unlock()
            return WidgetPart(log: self, widget: widget, inputs: drawn)
        }
    }

    /// Simulates replication `replication` (0-based) of `scenario` and writes its device log to
    /// `path`, telling `progress` after each widget's run. Returns the number of rows.
    /// - Throws: ``FileWriteError``.
    public static func export(
        _ scenario: Scenario, replication: Int, to path: String, timeFormat: DeviceLogWriter.TimeFormat,
        progress: @escaping SimulationProgress = { _, _ in }
    ) throws -> Int {
        let stream = try DeviceLogStream(scenario: scenario, replication: replication, path: path, timeFormat: timeFormat)
        _ = Simulator.run(scenario, onlyReplication: replication, events: .reloads, sinks: stream.sinks, progress: progress)
        return try stream.finish()
    }

    /// Merges the parts and the inputs' rows into the log (through a temporary file renamed into
    /// place). Returns the number of rows.
    /// - Throws: ``FileWriteError`` for the first write that failed, here or in a part.
    public func finish() throws -> Int {
        lock.lock()
        let failed = failure
        let parts = written
        lock.unlock()
        if let failed { throw failed }
        var sources: [RowSource] = []
        for part in parts {
            guard let part, let timelines = FileRows(part.timelines, order: DeviceLogRecord.Event.timeline.tieOrder),
                let placeholders = FileRows(part.placeholders, order: DeviceLogRecord.Event.placeholder.tieOrder)
            else { throw error("cannot read a part") }
            sources += [timelines, placeholders]
        }
        sources += inputSources()
        var rows = 0
        try AtomicFile.write(to: path) { out in
            let header = CSVWriter(header: DeviceLogFormat.columns).bytes
            guard fwrite(header, 1, header.count, out) == header.count else { throw error("cannot write it") }
            var merge = RowMerge(sources)
            while let written = merge.writeNext(to: out) {
                guard written else { throw error("cannot write it") }
                rows += 1
            }
        }
        return rows
    }

    // MARK: The inputs' rows

    /// The rows the exporter makes from the inputs alone, one source per kind of row in the order
    /// the exporter makes them (which decides ties of time and ``DeviceLogRecord/Event/tieOrder``):
    /// per widget its app calls, views, unpredictable and predictable changes; then the
    /// foreground sessions, from the first widget's inputs.
    private func inputSources() -> [RowSource] {
        let clock = calendar.clock
        let epoch = scenario.start.timeIntervalSince1970
        let format = timeFormat
        /// The rows of `event` at the instants `times` gives, one at a time.
        func rows(
            _ times: @escaping () -> SimTime?, _ event: DeviceLogRecord.Event, kind: @escaping () -> String = { "" },
            family: String = "", instance: String = "", predictable: Bool = false
        ) -> RowSource {
            MemoryRows(order: event.tieOrder) {
                guard let t = times() else { return nil }
                var r = DeviceLogRecord(
                    time: epoch + t, utcOffset: clock.utcOffset(at: t), event: event, kind: kind(), family: family, instance: instance)
                r.predictable = predictable
                return (r.time, DeviceLogWriter.row(r, timeFormat: format))
            }
        }
        func list(_ times: [SimTime]) -> () -> SimTime? {
            var i = 0
            return {
                guard i < times.count else { return nil }
                defer { i += 1 }
                return times[i]
            }
        }
        func stream(_ events: EventStream) -> () -> SimTime? {
            var events = events
            return { events.next() }
        }
        var sources: [RowSource] = []
        var appCalls = Set<AppCall>()
        for (w, spec) in scenario.widgets.enumerated() {
            let inputs = self.inputs[w] ?? WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: w, replication: replication)
            // The app logs its call, not the moment the request reaches WidgetKit: the requests
            // come in order, the calls (after different delays) may not. reloadAllTimelines() is
            // one call for every widget.
            // Delivered widget pushes are `push` rows, the app's calls `app-reload` rows.
            var calls: [AppCall] = []
            for request in inputs.appRequests {
                let call = AppCall(time: request.calledAt, kind: request.source == .appAll ? "" : spec.kind, push: request.push)
                if appCalls.insert(call).inserted { calls.append(call) }
            }
            let ordered = calls.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            for push in [false, true] {
                let these = ordered.filter { $0.push == push }
                var next = 0
                sources.append(
                    rows(
                        list(these.map(\.time)), push ? .push : .appReload,
                        kind: {
                            defer { next += 1 }
                            return these[next].kind
                        }))
            }
            let named = { spec.kind }
            // Copies of a widget (`instances`) label their rows; the content they share is logged once.
            let copy = spec.instances > 1 ? String(spec.instance) : ""
            sources.append(rows(stream(inputs.viewStream), .view, kind: named, family: spec.family, instance: copy))
            guard spec.instance == 1 else { continue }
            sources.append(rows(list(inputs.unpredictable.times), .change, kind: named, family: spec.family))
            let predictable: () -> SimTime?
            switch inputs.predictable {
            case let .list(times): predictable = list(times.times)
            case let .periodic(ticks): predictable = stream(EventStream(ticks: ticks))
            }
            sources.append(rows(predictable, .change, kind: named, family: spec.family, predictable: true))
        }
        if let first = scenario.widgets.indices.first {
            let drawn = inputs[first] ?? WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: first, replication: replication)
            let horizon = calendar.horizon
            sources.append(rows(list(drawn.foreground.starts), .foregroundStart))
            sources.append(rows(list(drawn.foreground.ends.filter { $0 < horizon }), .foregroundEnd))
        }
        return sources
    }

    private struct AppCall: Hashable {
        var time: SimTime
        var kind: String
        var push: Bool
    }

    // MARK: Parts

    private func partPath(_ widget: Int, _ suffix: String) -> String {
        parts + "-\(widget).\(suffix)"
    }

    fileprivate func fail(_ failure: FileWriteError) {
        lock.lock()
        if self.failure == nil { self.failure = failure }
        lock.unlock()
    }

    /// A `FileWriteError` for the log with the system's reason.
    fileprivate func error(_ what: String) -> FileWriteError {
        FileWriteError(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }

    /// A widget's sink: replays its provider at each grant and writes the `timeline` rows (and
    /// the `placeholder` rows of kills before the first delivery) as the exporter makes them.
    private final class WidgetPart: EventSink {
        private static let flushSize = 1 << 18
        private let log: DeviceLogStream
        private let spec: WidgetSpec
        /// The copy's label in the `instance` column ("" for a widget of one instance).
        private let copy: String
        private let inputs: WidgetInputs
        private var provider: BuiltInProvider
        private var timeline = ReplayTimeline()
        private var delivered = false
        /// Grants whose outcome (the next deliver or kill) has not come yet.
        private var pending: [DeviceLogRecord] = []
        private let timelines: PartWriter
        private let placeholders: PartWriter

        init(log: DeviceLogStream, widget: Int, inputs: WidgetInputs) {
            self.log = log
            spec = log.scenario.widgets[widget]
            copy = spec.instances > 1 ? String(spec.instance) : ""
            self.inputs = inputs
            provider = spec.provider.makeProvider(clock: log.calendar.clock, horizon: log.calendar.horizon)
            timelines = PartWriter(path: log.partPath(widget, "timeline"))
            placeholders = PartWriter(path: log.partPath(widget, "placeholder"))
            if !timelines.opened || !placeholders.opened { log.fail(log.error("cannot create a part")) }
            log.lock.lock()
            log.written[widget] = (timelines, placeholders)
            log.lock.unlock()
        }

        func receive(_ event: EngineEvent) {
            switch event.kind {
            case .grant: grant(at: event.time)
            case .deliver, .kill: settle(outcome: event)
            default: break
            }
        }

        func finish() {
            settle(outcome: nil)
            if !timelines.finishWriting() || !placeholders.finishWriting() { log.fail(log.error("cannot write a part")) }
        }

        private func grant(at t: SimTime) {
            let clock = log.calendar.clock
            let epoch = log.scenario.start.timeIntervalSince1970
            timeline.reset()
            let context = ReplayContext(now: t, clock: clock, unpredictableChanges: inputs.unpredictable, family: spec.family)
            provider.getTimeline(in: context, into: &timeline)
            timeline.entries.sort { $0.date < $1.date }
            let entries = timeline.entries
            var r = DeviceLogRecord(
                time: epoch + t, utcOffset: clock.utcOffset(at: t), event: .timeline, kind: spec.kind, family: spec.family,
                instance: copy)
            r.entries = entries.count
            r.firstEntry = entries.first.map { epoch + $0.date }
            r.lastEntry = entries.last.map { epoch + $0.date }
            switch timeline.policy {
            case .atEnd: r.policy = .atEnd
            case .never: r.policy = .never
            case let .after(date): r.policy = .after(epoch + date)
            }
            pending.append(r)
        }

        /// Writes the pending grants, whose outcome is `outcome` (`nil` at the end of the run).
        private func settle(outcome: EngineEvent?) {
            let clock = log.calendar.clock
            let epoch = log.scenario.start.timeIntervalSince1970
            for var r in pending {
                r.memoryMB = outcome.map { $0.memoryMB >= 0 ? $0.memoryMB : nil } ?? nil
                timelines.append(r, log.timeFormat)
                if outcome?.kind == .kill && !delivered {
                    // WidgetKit falls back on the placeholder once the extension is gone: a second later.
                    let t = r.time - epoch + 1
                    placeholders.append(
                        DeviceLogRecord(
                            time: epoch + t, utcOffset: clock.utcOffset(at: t), event: .placeholder, kind: spec.kind, family: spec.family,
                            instance: copy),
                        log.timeFormat)
                }
                if outcome?.kind == .deliver { delivered = true }
            }
            pending.removeAll(keepingCapacity: true)
            if !timelines.flushIfFull(Self.flushSize) || !placeholders.flushIfFull(Self.flushSize) {
                log.fail(log.error("cannot write a part"))
            }
        }
    }
}

/// A part file: formatted rows, and their times (Unix seconds) in a side file. Both are removed
/// from the folder as soon as they are open (read back through the same handles), so they vanish
/// with the process whatever ends it.
private final class PartWriter {
    let rowsFile: UnsafeMutablePointer<FILE>?
    let timesFile: UnsafeMutablePointer<FILE>?
    private var rows: [UInt8] = []
    private var times: [Double] = []

    var opened: Bool { rowsFile != nil && timesFile != nil }

    init(path: String) {
        rowsFile = fopen(path, "w+")
        if rowsFile != nil { unlink(path) }
        timesFile = fopen(path + "-times", "w+")
        if timesFile != nil { unlink(path + "-times") }
    }

    deinit {
        if let rowsFile { fclose(rowsFile) }
        if let timesFile { fclose(timesFile) }
    }

    func append(_ record: DeviceLogRecord, _ format: DeviceLogWriter.TimeFormat) {
        var row = CSVWriter.Row(bytes: rows, columns: DeviceLogFormat.columns.count, midDocument: true)
        rows = []  // The row holds the only reference: no copy while it appends.
        for field in DeviceLogWriter.row(record, timeFormat: format) { row.add(field) }
        rows = row.finish()
        times.append(record.time)
    }

    /// Writes the buffers out when they hold `size` bytes or more; false on a write error.
    func flushIfFull(_ size: Int) -> Bool {
        rows.count >= size ? flush() : true
    }

    private func flush() -> Bool {
        guard let rowsFile, let timesFile else { return false }
        var ok = true
        if !rows.isEmpty, fwrite(rows, 1, rows.count, rowsFile) != rows.count { ok = false }
        if !times.isEmpty, fwrite(times, MemoryLayout<Double>.stride, times.count, timesFile) != times.count { ok = false }
        rows.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
        return ok
    }

    /// Writes what is left out; false on a write error.
    func finishWriting() -> Bool {
        guard flush(), let rowsFile, let timesFile else { return false }
        return fflush(rowsFile) == 0 && fflush(timesFile) == 0
    }
}

/// Rows in time order, one kind of row (one ``DeviceLogRecord/Event/tieOrder``) per source.
private protocol RowSource: AnyObject {
    /// The next row's time (Unix seconds), `nil` at the end.
    var time: Double? { get }
    /// The rows' ``DeviceLogRecord/Event/tieOrder``.
    var order: Int { get }
    /// Writes the next row to `out` and moves on; false on a write error.
    func write(to out: UnsafeMutablePointer<FILE>) -> Bool
}

/// A part file's rows, read back a line at a time.
private final class FileRows: RowSource {
    let order: Int
    /// The rows and their times; the part owns the files.
    private let lines: TimedLines

    init?(_ part: PartWriter, order: Int) {
        guard let rows = part.rowsFile, let times = part.timesFile,
            let lines = TimedLines(rewinding: rows, times: times, owner: part)
        else { return nil }
        self.lines = lines
        self.order = order
    }

    var time: Double? { lines.time }

    func write(to out: UnsafeMutablePointer<FILE>) -> Bool { lines.copyLine(to: out) }
}

/// Rows made one at a time, in time order.
private final class MemoryRows: RowSource {
    let order: Int
    /// The next row's time (Unix seconds) and fields, `nil` at the end.
    private let make: () -> (time: Double, fields: [String])?
    private var fields: [String] = []
    private var bytes: [UInt8] = []
    private(set) var time: Double?

    init(order: Int, make: @escaping () -> (time: Double, fields: [String])?) {
        self.order = order
        self.make = make
        advance()
    }

    private func advance() {
        let next = make()
        time = next?.time
        fields = next?.fields ?? []
    }

    func write(to out: UnsafeMutablePointer<FILE>) -> Bool {
        var row = CSVWriter.Row(bytes: bytes, columns: DeviceLogFormat.columns.count, midDocument: true)
        bytes = []  // The row holds the only reference: no copy while it appends.
        for field in fields { row.add(field) }
        bytes = row.finish()
        let ok = fwrite(bytes, 1, bytes.count, out) == bytes.count
        bytes.removeAll(keepingCapacity: true)
        advance()
        return ok
    }
}

/// Merges sources by (time, tie order, source index): the exporter's order, since each source
/// holds one kind of row in the order the exporter makes them and the sources come in that order.
/// The sources are ranked once by (tie order, index), so the kit's `MergedHeads` (by time, then
/// rank) gives that order.
/// - Complexity: O(log sources) per row (a binary heap).
private struct RowMerge {
    private var heads = MergedHeads()
    /// The sources in rank order.
    private let sources: [RowSource]

    init(_ sources: [RowSource]) {
        self.sources = sources.indices.sorted { (sources[$0].order, $0) < (sources[$1].order, $1) }.map { sources[$0] }
        for (rank, source) in self.sources.enumerated() {
            if let time = source.time { heads.insert(time, stream: rank) }
        }
    }

    /// Writes the next row to `out`: true, false on a write error, `nil` when every source is done.
    mutating func writeNext(to out: UnsafeMutablePointer<FILE>) -> Bool? {
        guard let top = heads.first else { return nil }
        let source = sources[top.stream]
        let written = source.write(to: out)
        heads.replaceFirst(with: source.time)
        return written
    }
}
