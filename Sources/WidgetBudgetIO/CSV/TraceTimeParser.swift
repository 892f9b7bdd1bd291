import Foundation

/// Turns one trace `time` value into seconds from the scenario start; see ``TraceReader``.
///
/// Foundation's ISO 8601 parsers on Linux are lenient (they ignore trailing text, and one without
/// an offset option ignores a `Z`), so the value's shape is checked first, strictly, and the
/// parser chosen by it: with or without an offset, with or without fractional seconds.
struct TraceTimeParser {
    /// Why a value is not a usable time: completes "'value' …", with a suggested fix.
    struct Problem: Error, Equatable {
        /// E.g. "is not a number or an ISO 8601 time".
        var problem: String
        /// E.g. "separate the date and the time with 'T'".
        var fix: String?
    }

    /// The scenario start, time 0.
    let start: Date
    /// The time zone of date-times written without an offset.
    let timeZone: TimeZone

    /// A whole ISO 8601 date-time: captures the fraction and the offset when present.
    private let dateTime =
        #/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:?[0-9]{2})?$/#
    private let zoned: ISO8601DateFormatter
    private let zonedFraction: ISO8601DateFormatter
    private let local: ISO8601DateFormatter
    private let localFraction: ISO8601DateFormatter

    /// A parser for times relative to `start`, local times being in `timeZone`.
    init(start: Date, timeZone: TimeZone) {
        self.start = start
        self.timeZone = timeZone
        func formatter(_ options: ISO8601DateFormatter.Options) -> ISO8601DateFormatter {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            formatter.timeZone = timeZone
            return formatter
        }
        let localOptions: ISO8601DateFormatter.Options = [
            .withFullDate, .withDashSeparatorInDate, .withTime, .withColonSeparatorInTime,
        ]
        zoned = formatter(.withInternetDateTime)
        zonedFraction = formatter([.withInternetDateTime, .withFractionalSeconds])
        local = formatter(localOptions)
        localFraction = formatter(localOptions.union(.withFractionalSeconds))
    }

    /// Seconds from the start for `value`, or why it is not a time.
    func seconds(from value: String) -> Result<Double, Problem> {
        if let number = Double(value) {
            guard number.isFinite else { return .failure(Problem(problem: "is not a finite number", fix: nil)) }
            guard number >= 0 else {
                return .failure(
                    Problem(
                        problem: "is negative", fix: "times are seconds from the scenario start, 0 or more"))
            }
            return .success(number + 0)  // -0 becomes 0
        }
        guard let match = value.wholeMatch(of: dateTime) else { return .failure(Self.unrecognised(value)) }
        let parser: ISO8601DateFormatter
        switch (match.output.1 != nil, match.output.2 != nil) {
        case (false, false): parser = local
        case (true, false): parser = localFraction
        case (false, true): parser = zoned
        case (true, true): parser = zonedFraction
        }
        guard let date = parser.date(from: value) else {
            return .failure(
                Problem(
                    problem: "is not a valid date-time",
                    fix: "check the month (01-12), the day and the time (00:00:00-23:59:59)"))
        }
        let seconds = date.timeIntervalSince(start)
        guard seconds >= 0 else {
            return .failure(
                Problem(
                    problem: "is before the scenario start (\(zoned.string(from: start)))",
                    fix: "remove the row or start the scenario earlier"))
        }
        return .success(seconds + 0)
    }

    /// The problem with a value that is neither a number nor an ISO 8601 date-time, with a fix
    /// guessed from the near misses people write.
    private static func unrecognised(_ value: String) -> Problem {
        let problem = "is not a number or an ISO 8601 time"
        let fix: String
        if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}[ _][0-9]{2}:.*/#) != nil {
            fix = "separate the date and the time with 'T', e.g. 2026-01-05T09:30:00"
        } else if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}/#) != nil {
            fix = "add a time of day, e.g. \(value)T00:00:00"
        } else if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(Z|[+-].*)?/#) != nil {
            fix = "write the seconds too, e.g. 2026-01-05T09:30:00"
        } else if value.contains(","), Double(value.replacingOccurrences(of: ",", with: ".")) != nil {
            fix = "use '.' as the decimal separator"
        } else if value.hasSuffix("s"), Double(value.dropLast()) != nil {
            fix = "write the number of seconds without a unit"
        } else {
            fix =
                "write seconds from the scenario start (e.g. 90.5) or an ISO 8601 date-time (e.g. 2026-01-05T09:30:00Z)"
        }
        return Problem(problem: problem, fix: fix)
    }
}
