import Foundation
import WidgetBudgetKit

extension ScenarioReader {
    static let processKeys = ["every", "offset", "poisson", "at", "trace", "during"]

    /// A process on its own (content, views): `none`, a mapping of the process keys, or a list of
    /// those whose events are merged (rates that differ by time of day).
    mutating func readProcess(_ v: YAMLValue, horizon: Double) throws -> EventProcess {
        if let text = v.scalarText, text == "none" { return .none }
        if v.isSequence { return try Self.readProcessList(v) { try readProcess($0, horizon: horizon) } }
        guard let process = try readPattern(try v.mapping(allowed: Self.processKeys), horizon: horizon) else {
            throw v.error("give one of every, poisson, at, trace, or write none", hint: "e.g. {every: 1m} or {poisson: {per_hour: 2}}")
        }
        return process
    }

    /// A list of processes, each read by `item`, merged into one (a list of one is that process).
    static func readProcessList(_ v: YAMLValue, item: (YAMLValue) throws -> EventProcess) throws -> EventProcess {
        let items = v.list()
        if items.isEmpty { throw v.error("an empty list of processes", hint: "write none, or give at least one process") }
        for i in items where i.isSequence { throw i.error("a list of processes cannot hold another list") }
        let processes = try items.map(item)
        return processes.count == 1 ? processes[0] : EventProcess(.merged(processes))
    }

    /// The process written in `m` (a mapping already checked for its keys, which may hold others
    /// such as `kind`), or `nil` when it names none of every, poisson, at, trace.
    mutating func readPattern(_ m: YAMLMapping, horizon: Double) throws -> EventProcess? {
        let v = m.owner
        let kinds = ["every", "poisson", "at", "trace"].filter { m.has($0) }
        if kinds.count > 1 { throw v.error("give only one of every, poisson, at, trace (found \(kinds.joined(separator: ", ")))") }
        let during = try m["during"].map(readWindows) ?? []
        let pattern: EventProcess.Pattern
        if let e = m["every"] {
            let period = try e.positiveDuration()
            let offset = try m["offset"]?.nonNegativeDuration() ?? 0
            pattern = .every(period: period, offset: offset)
        } else if let p = m["poisson"] {
            let rate: Double
            if p.isMapping {
                let pm = try p.mapping(allowed: ["per_hour", "per_day"])
                if let h = pm["per_hour"] {
                    rate = try h.double(in: Bounds.ratePerHour)
                } else if let d = pm["per_day"] {
                    rate = try d.double(in: Bounds.ratePerHour) / 24
                } else {
                    throw p.error("give per_hour (or per_day)")
                }
            } else {
                rate = try p.double(in: Bounds.ratePerHour)
            }
            if rate < 0 { throw p.error("a rate must not be negative") }
            pattern = .poisson(perHour: rate)
        } else if let a = m["at"] {
            pattern = .times(try a.list().map { try $0.nonNegativeDuration() }.sorted())
        } else if let t = m["trace"] {
            let relative = try t.string()
            let path = relative.hasPrefix("/") ? relative : (baseDirectory as NSString).appendingPathComponent(relative)
            let times: [Double]
            do {
                times = try TraceReader.readTimes(path: path, scenarioStart: start, timeZone: timeZone)
            } catch {
                throw t.error("\(error)")
            }
            let late = times.count - (times.firstIndex { $0 >= horizon } ?? times.count)
            if late > 0 {
                warnings.append(
                    t.error(
                        "\(late) of \(times.count) times in \(relative) fall after the \(DurationFormat.string(horizon)) horizon and are ignored",
                        hint: "raise `days` or trim the trace"
                    ).description)
            }
            pattern = .times(times)
        } else {
            return nil
        }
        let process = EventProcess(pattern, during: during)
        if exceedsEventLimit(process, horizon: horizon) {
            throw v.error(
                "this process would generate over \(ScenarioLoader.maxEventsPerProcess) events", hint: "use a longer period or fewer days")
        }
        return process
    }

    /// Whether `process` would draw more than ``ScenarioLoader/maxEventsPerProcess`` events on
    /// average, its `during` windows counted (on the scenario's clock, read before the processes).
    private func exceedsEventLimit(_ process: EventProcess, horizon: Double) -> Bool {
        let limit = Double(ScenarioLoader.maxEventsPerProcess)
        guard process.expectedCount(horizon: horizon) > limit else { return false }
        guard process.hasWindows else { return true }
        let clock = LocalClock(start: start, timeZone: timeZone, horizon: horizon)
        return process.expectedCount(horizon: horizon, clock: clock) > limit
    }
}
