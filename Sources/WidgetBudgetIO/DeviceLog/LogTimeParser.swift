import Foundation

/// Reads the times of a device log: ISO 8601 date-times or Unix seconds, into Unix seconds plus
/// the UTC offset in effect (for local days and hours).
///
/// - `2026-01-05T09:30:00+01:00`, with optional fractional seconds and an offset `Z`, `±HH:MM`,
///   `±HHMM` or `±HH`: the offset is the row's own;
/// - `2026-01-05T09:30:00` without offset: local time in the time zone given (`--timezone`),
///   UTC when none;
/// - `1767601800` or `1767601800.25`: Unix seconds; the offset is the time zone's at that
///   instant (UTC when none).
///
/// Parsed by hand, byte by byte: a log can hold millions of times, and Foundation's ISO 8601
/// parsers are both slow and lenient (they accept trailing text).
struct LogTimeParser {
    /// Why a value is not a time: completes "'value' …", with a suggested fix.
    struct Problem: Error, Equatable {
        var problem: String
        var fix: String?
    }

    /// A parsed time.
    struct Parsed: Equatable {
        /// Unix seconds.
        var time: Double
        /// The UTC offset, seconds.
        var offset: Double
        /// False when the offset came from the time zone (or UTC) rather than the value.
        var offsetWritten: Bool
    }

    /// The time zone of Unix seconds and of date-times without an offset; UTC when `nil`.
    let timeZone: TimeZone?
    /// The last offset looked up, for the quarter hour starting at `cacheBucket`.
    private var cacheBucket = Int.min
    private var cacheOffset = 0.0

    init(timeZone: TimeZone?) {
        self.timeZone = timeZone
    }

    /// The time `value` names, or why it names none.
    mutating func parse(_ value: String) -> Result<Parsed, Problem> {
        guard !value.isEmpty else { return .failure(Problem(problem: "is empty", fix: nil)) }
        switch ISODateTime.parse(value) {
        case let .failure(problem)?:
            return .failure(Problem(problem: problem.problem, fix: problem.fix))
        case let .success(dateTime)?:
            let resolved = dateTime.resolved { self.offset(atUnix: $0) }
            return .success(Parsed(time: resolved.time, offset: resolved.offset, offsetWritten: dateTime.offset != nil))
        case nil:
            break
        }
        guard let seconds = Double(value), seconds.isFinite else { return .failure(Self.unrecognised(value)) }
        guard seconds >= 0 else {
            return .failure(Problem(problem: "is negative", fix: "write Unix seconds (since 1970-01-01 UTC) or an ISO 8601 date-time"))
        }
        if seconds >= 100_000_000_000 {
            return .failure(
                Problem(problem: "is too large for Unix seconds", fix: "it looks like milliseconds: divide by 1000"))
        }
        return .success(Parsed(time: seconds + 0, offset: offset(atUnix: seconds), offsetWritten: false))
    }

    /// The time zone's offset at Unix time `t` (cached per quarter hour: every zone changes its
    /// offset on a quarter hour).
    private mutating func offset(atUnix t: Double) -> Double {
        guard let zone = timeZone else { return 0 }
        let bucket = Int((t / 900).rounded(.down))
        if bucket != cacheBucket {
            cacheBucket = bucket
            cacheOffset = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(bucket) * 900)))
        }
        return cacheOffset
    }

    /// The problem with a value that is neither Unix seconds nor an ISO 8601 date-time, with a fix
    /// guessed from the near misses people write.
    static func unrecognised(_ value: String) -> Problem {
        Problem(
            problem: "is not Unix seconds or an ISO 8601 date-time",
            fix: ISODateTime.nearMissFix(value, example: "2026-01-05T09:30:00+01:00")
                ?? "write an ISO 8601 date-time with its offset (e.g. 2026-01-05T09:30:00+01:00) or Unix seconds (e.g. 1767601800)")
    }
}
