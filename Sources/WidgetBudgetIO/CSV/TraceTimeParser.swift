import Foundation

/// Turns one trace `time` value into seconds from the scenario start; see ``TraceReader``.
///
/// A number is seconds from the start; anything else must be an ISO 8601 date-time
/// (``ISODateTime``), with its own offset or in the scenario's time zone.
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

    /// A parser for times relative to `start`, local times being in `timeZone`.
    init(start: Date, timeZone: TimeZone) {
        self.start = start
        self.timeZone = timeZone
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
        switch ISODateTime.parse(value) {
        case nil:
            return .failure(Self.unrecognised(value))
        case let .failure(problem)?:
            return .failure(Problem(problem: problem.problem, fix: problem.fix))
        case let .success(dateTime)?:
            let zone = timeZone
            let unix = dateTime.resolved { Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) }.time
            let seconds = unix - start.timeIntervalSince1970
            guard seconds >= 0 else {
                return .failure(
                    Problem(
                        problem: "is before the scenario start (\(Self.iso(start, zone)))",
                        fix: "remove the row or start the scenario earlier"))
            }
            return .success(seconds + 0)
        }
    }

    /// `date` as an ISO 8601 date-time with the zone's offset.
    private static func iso(_ date: Date, _ zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = .withInternetDateTime
        return formatter.string(from: date)
    }

    /// The problem with a value that is neither a number nor an ISO 8601 date-time, with a fix
    /// guessed from the near misses people write.
    private static func unrecognised(_ value: String) -> Problem {
        var fix = ISODateTime.nearMissFix(value, example: "2026-01-05T09:30:00")
        if fix == nil, value.hasSuffix("s"), Double(value.dropLast()) != nil {
            fix = "write the number of seconds without a unit"
        }
        return Problem(
            problem: "is not a number or an ISO 8601 time",
            fix: fix ?? "write seconds from the scenario start (e.g. 90.5) or an ISO 8601 date-time (e.g. 2026-01-05T09:30:00Z)")
    }
}
