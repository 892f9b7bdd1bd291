import Foundation
import WidgetBudgetKit

/// The rows of `summary.csv`, `days.csv` and `events.csv` for a simulation result.
public enum SimulationTables {
    /// `summary.csv`'s header: the required columns first, then confidence half-widths.
    public static let summaryHeader = [
        "widget", "days", "replications", "reloads_per_day", "charged_per_day", "exempt_per_day", "deferred_per_day",
        "exhausted_day_fraction", "exhausted_minutes_per_day", "renders_per_day", "kills", "peak_memory_mb", "freshness",
        "mean_age_s", "p95_age_s", "max_age_s", "view_freshness",
        "freshness_ci95", "mean_age_s_ci95", "charged_per_day_ci95", "view_freshness_ci95", "budget_min", "budget_max",
    ]

    /// One `summary.csv` row.
    public static func summaryRow(_ s: WidgetSummary) -> [String] {
        typealias D = SummaryDigits
        return [
            s.widget, String(s.days), String(s.replications), NumberFormat.fixed(s.reloadsPerDay, D.perDay),
            NumberFormat.fixed(s.chargedPerDay, D.perDay), NumberFormat.fixed(s.exemptPerDay, D.perDay),
            NumberFormat.fixed(s.deferredPerDay, D.perDay), NumberFormat.fixed(s.exhaustedDayFraction, D.dayFraction),
            NumberFormat.fixed(s.exhaustedMinutesPerDay, D.perDayCoarse), NumberFormat.fixed(s.rendersPerDay, D.perDayCoarse),
            String(s.kills), NumberFormat.fixed(s.peakMemoryMB, D.perDay), NumberFormat.fixed(s.freshness, D.fraction),
            NumberFormat.fixed(s.meanAge, D.seconds), NumberFormat.fixed(s.p95Age, D.seconds), NumberFormat.fixed(s.maxAge, D.seconds),
            NumberFormat.fixed(s.viewFreshness, D.fraction), NumberFormat.fixed(s.freshnessCI, D.fraction),
            NumberFormat.fixed(s.meanAgeCI, D.seconds), NumberFormat.fixed(s.chargedPerDayCI, D.perDay),
            NumberFormat.fixed(s.viewFreshnessCI, D.fraction), String(s.budgetRange.lowerBound), String(s.budgetRange.upperBound),
        ]
    }

    /// `days.csv`'s header.
    public static let daysHeader = [
        "replication", "day", "widget", "budget", "requested", "charged", "exempt", "deferred", "exhausted_at",
        "exhausted_minutes", "renders", "kills", "peak_memory_mb", "freshness", "mean_age_s", "p95_age_s", "max_age_s",
        "view_freshness", "date", "reloads", "views",
    ]

    /// All `days.csv` rows: replication, then day, then widget.
    public static func dayRows(_ result: SimulationResult) -> [[String]] {
        var rows: [[String]] = []
        forEachDay(of: result) { r, d, date, w, m in
            var row = StringRow(capacity: daysHeader.count)
            dayRow(r, d, date, w, m, of: result, into: &row)
            rows.append(row.fields)
        }
        return rows
    }

    /// `days.csv`: the same document as `CSVWriter.document(header: daysHeader, rows: dayRows(result))`,
    /// written without a string per number.
    static func daysDocument(_ result: SimulationResult) -> CSVWriter {
        var writer = CSVWriter(header: daysHeader)
        forEachDay(of: result) { r, d, date, w, m in
            writer.appendRow { dayRow(r, d, date, w, m, of: result, into: &$0) }
        }
        return writer
    }

    /// Writes `days.csv` of `result` to `path` atomically, a row at a time: the same bytes as
    /// `daysDocument(_:)`, in memory that does not grow with the rows (`StreamedCSV`).
    /// Returns the most bytes its buffer held.
    /// - Throws: ``FileWriteError``.
    @discardableResult
    static func writeDays(_ result: SimulationResult, to path: String, flushSize: Int = StreamedCSV.flushSize) throws -> Int {
        var held = 0
        try AtomicFile.write(to: path) { out in
            var document = StreamedCSV(out, path: path, header: daysHeader, flushSize: flushSize)
            forEachDay(of: result) { r, d, date, w, m in
                document.appendRow { dayRow(r, d, date, w, m, of: result, into: &$0) }
            }
            held = document.held
            try document.finish()
        }
        return held
    }

    /// Writes `events.csv` of the events `result` kept to `path` atomically, a row at a time: the
    /// same bytes as ``eventRows(_:)`` under ``eventsHeader``, without a string per field nor the
    /// merged list of ``SimulationResult/events`` (each replication's widgets merged as it goes:
    /// by time, the lower widget first at equal times). Returns the most bytes its buffer held.
    /// - Throws: ``FileWriteError``.
    @discardableResult
    static func writeEvents(_ result: SimulationResult, to path: String, flushSize: Int = StreamedCSV.flushSize) throws -> Int {
        let clock = result.calendar.clock
        let names = result.scenario.widgets.map(\.name)
        var held = 0
        try AtomicFile.write(to: path) { out in
            var document = StreamedCSV(out, path: path, header: eventsHeader, flushSize: flushSize)
            for replication in result.runs {
                var next = [Int](repeating: 0, count: replication.count)
                while true {
                    var best = -1
                    for w in replication.indices where next[w] < replication[w].events.count {
                        if best < 0 || replication[w].events[next[w]].time < replication[best].events[next[best]].time { best = w }
                    }
                    if best < 0 { break }
                    let event = replication[best].events[next[best]]
                    next[best] += 1
                    document.appendRow { eventRow(event, clock: clock, names: names, into: &$0) }
                }
            }
            held = document.held
            try document.finish()
        }
        return held
    }

    /// Calls `body` with each (replication, day, the day's date, widget, metrics) in row order;
    /// each run's days are read in order (a chunk at a time when stored, ``DayList``).
    private static func forEachDay(of result: SimulationResult, _ body: (Int, Int, String, Int, DayMetrics) -> Void) {
        let clock = result.calendar.clock
        for (r, replication) in result.runs.enumerated() {
            var days = replication.map { $0.days.makeIterator() }
            for d in 0..<result.calendar.days {
                let date = DayLabel.iso(result.calendar.dayStarts[d], clock: clock)
                for w in days.indices {
                    guard let day = days[w].next() else { continue }
                    body(r, d, date, w, day)
                }
            }
        }
    }

    /// One `days.csv` row, in `daysHeader`'s order.
    private static func dayRow(
        _ r: Int, _ d: Int, _ date: String, _ w: Int, _ m: DayMetrics, of result: SimulationResult, into row: inout some TableRow
    ) {
        row.add(r + 1)
        row.add(d + 1)
        row.add(result.scenario.widgets[w].name)
        row.add(m.budget)
        row.add(m.requested)
        row.add(m.charged)
        row.add(m.exempt)
        row.add(m.deferred)
        row.add(m.exhaustedAt.map { result.calendar.clock.clockString($0) } ?? "")
        row.add(fixed: m.exhaustedSeconds / 60, digits: 2)
        row.add(m.renders)
        row.add(m.kills)
        row.add(fixed: m.peakMemoryMB, digits: 3)
        row.add(fixed: m.freshness, digits: 6)
        row.add(fixed: m.meanAge, digits: 2)
        row.add(fixed: m.p95Age, digits: 2)
        row.add(fixed: m.maxAge, digits: 2)
        row.add(fixed: m.viewFreshness, digits: 6)
        row.add(date)
        row.add(m.reloads)
        row.add(m.views)
    }

    /// `events.csv`'s header.
    public static let eventsHeader = [
        "replication", "time_s", "clock", "widget", "event", "source", "charged", "budget_left", "entries", "memory_mb", "detail",
    ]

    /// All `events.csv` rows.
    public static func eventRows(_ result: SimulationResult) -> [[String]] {
        let clock = result.calendar.clock
        let names = result.scenario.widgets.map(\.name)
        return result.events.map { e in
            var row = StringRow(capacity: eventsHeader.count)
            eventRow(e, clock: clock, names: names, into: &row)
            return row.fields
        }
    }

    /// One `events.csv` row, in `eventsHeader`'s order; `names`: the widgets' names.
    static func eventRow(_ e: EngineEvent, clock: LocalClock, names: [String], into row: inout some TableRow) {
        row.add(e.replication + 1)
        row.add(fixed: e.time, digits: 3)
        row.add(clock.dateTimeString(e.time))
        row.add(names[e.widget])
        row.add(e.kind.name)
        row.add(e.source?.name ?? "")
        row.add(e.charged.map { $0 ? "true" : "false" } ?? "")
        if e.budgetLeft >= 0 { row.add(e.budgetLeft) } else { row.add("") }
        if e.entries >= 0 { row.add(e.entries) } else { row.add("") }
        row.add(fixed: e.memoryMB >= 0 ? e.memoryMB : nil, digits: 3)
        row.add(detail(e.detail, clock: clock))
    }

    static func detail(_ detail: EngineEvent.Detail, clock: LocalClock) -> String {
        switch detail {
        case .none: return ""
        case .coalesced: return "coalesced with a pending request"
        case .waiting: return "no budget left: waiting"
        case .foreground: return "app in foreground: not charged"
        case .intentFree: return "App Intent: not charged"
        case let .overLimit(mb): return "killed: \(NumberFormat.fixed(mb, 1)) MB over the memory limit"
        case let .tooManyEntries(limit): return "not delivered: more than \(limit) entries"
        case .launchCooldown: return "ignored: the app was just opened from the widget"
        case .unseen: return "held until the next view: not seen for a while"
        case .predictable: return "predictable"
        case .unpredictable: return "unpredictable"
        case .fresh: return "fresh"
        case let .stale(age): return "stale for \(NumberFormat.humanDuration(age))"
        case let .nextReload(t): return t.map { "next reload " + clock.dateTimeString($0) } ?? "no reload planned"
        case let .entry(n): return "entry \(n)"
        }
    }
}
