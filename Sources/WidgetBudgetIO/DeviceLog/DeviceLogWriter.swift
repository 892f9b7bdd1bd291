import WidgetBudgetKit

/// Writes ``DeviceLogRecord``s as a device-log CSV (through libcsv), as a widget and its app would.
public enum DeviceLogWriter {
    /// How times are written.
    public enum TimeFormat: String, Sendable, CaseIterable {
        /// ISO 8601 with the row's offset and milliseconds when not whole: `2026-01-05T09:30:00.125+01:00`.
        case iso8601 = "iso"
        /// Unix seconds with milliseconds when not whole: `1767601800.125`.
        case unixSeconds = "unix"
    }

    /// The CSV document of `records` (every column of ``DeviceLogFormat/columns``).
    public static func document(_ records: [DeviceLogRecord], timeFormat: TimeFormat = .iso8601) -> CSVWriter {
        var writer = CSVWriter(header: DeviceLogFormat.columns)
        for r in records { writer.append(row(r, timeFormat: timeFormat)) }
        return writer
    }

    /// One record's fields, in ``DeviceLogFormat/columns`` order.
    public static func row(_ r: DeviceLogRecord, timeFormat: TimeFormat) -> [String] {
        func time(_ t: Double) -> String { format(t, offset: r.utcOffset, as: timeFormat) }
        let policy: String
        switch r.policy {
        case .atEnd: policy = "at-end"
        case .never: policy = "never"
        case let .after(date): policy = "after:" + time(date)
        case nil: policy = ""
        }
        return [
            time(r.time), r.event.rawValue, r.kind, r.family, r.entries.map(String.init) ?? "",
            r.firstEntry.map(time) ?? "", r.lastEntry.map(time) ?? "", policy,
            r.memoryMB.map { DurationFormat.number(($0 * 1000).rounded() / 1000) } ?? "",
            r.event == .change ? (r.predictable ? "predictable" : "unpredictable") : "", r.instance,
        ]
    }

    /// Unix time `t` in `format`, at UTC offset `offset` for ISO 8601; rounded to the millisecond.
    public static func format(_ t: Double, offset: Double, as format: TimeFormat) -> String {
        let millis = Int64((t * 1000).rounded())
        switch format {
        case .unixSeconds:
            let whole = millis / 1000, fraction = millis % 1000
            return fraction == 0 ? String(whole) : String(whole) + "." + pad(Int(fraction), 3)
        case .iso8601:
            let wallMillis = millis + Int64(offset.rounded()) * 1000
            let seconds = floorDiv(wallMillis, 1000)
            let fraction = Int(wallMillis - seconds * 1000)
            let day = Int(floorDiv(seconds, 86_400))
            let secondOfDay = Int(seconds - Int64(day) * 86_400)
            var text =
                LocalTime.dateString(day: day) + "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
                + pad(secondOfDay % 60, 2)
            if fraction != 0 { text += "." + pad(fraction, 3) }
            return text + (offset == 0 ? "Z" : LocalTime.offsetString(offset))
        }
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
