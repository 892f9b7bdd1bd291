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
        var text = value
        return text.withUTF8 { parse(bytes: $0, value) }
    }

    private mutating func parse(bytes b: UnsafeBufferPointer<UInt8>, _ value: String) -> Result<Parsed, Problem> {
        guard !b.isEmpty else { return .failure(Problem(problem: "is empty", fix: nil)) }
        if b.count >= 5 && b[4] == UInt8(ascii: "-") && Self.isDigit(b[0]) { return parseISO(b, value) }
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

    private mutating func parseISO(_ b: UnsafeBufferPointer<UInt8>, _ value: String) -> Result<Parsed, Problem> {
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var n = 0
            for k in i..<(i + digits) {
                guard Self.isDigit(b[k]) else { return nil }
                n = n * 10 + Int(b[k] - 48)
            }
            i += digits
            return n
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2) else {
            return .failure(Self.unrecognised(value))
        }
        guard i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") else { return .failure(Self.unrecognised(value)) }
        i += 1
        guard let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A), let second = number(2) else {
            return .failure(Self.unrecognised(value))
        }
        var fraction = 0.0
        if i < b.count && (b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",")) {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count && Self.isDigit(b[i]) {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            if i == start { return .failure(Self.unrecognised(value)) }
        }
        var written: Double?
        if i < b.count {
            if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                written = 0
                i += 1
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign: Double = b[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = number(2) else { return .failure(Self.unrecognised(value)) }
                var om = 0
                if i < b.count {
                    _ = expect(0x3A)
                    guard let m = number(2) else { return .failure(Self.unrecognised(value)) }
                    om = m
                }
                guard oh <= 14, om < 60 else {
                    return .failure(Problem(problem: "has an impossible UTC offset", fix: "offsets run from -12:00 to +14:00"))
                }
                written = sign * Double(oh * 3600 + om * 60)
            }
        }
        guard i == b.count else { return .failure(Self.unrecognised(value)) }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 61
        else {
            return .failure(
                Problem(problem: "is not a valid date-time", fix: "check the month (01-12), the day and the time (00:00:00-23:59:59)"))
        }
        let wall = Double(Self.daysFromCivil(year, month, day)) * 86_400 + Double(hour * 3600 + minute * 60 + second) + fraction
        if let offset = written { return .success(Parsed(time: wall - offset, offset: offset, offsetWritten: true)) }
        // Local time in the time zone: the offset in effect at that wall time.
        let guess = wall - offset(atUnix: wall)
        let offset = offset(atUnix: guess)
        return .success(Parsed(time: wall - offset, offset: offset, offsetWritten: false))
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

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The problem with a value that is neither Unix seconds nor an ISO 8601 date-time, with a fix
    /// guessed from the near misses people write.
    static func unrecognised(_ value: String) -> Problem {
        let problem = "is not Unix seconds or an ISO 8601 date-time"
        let fix: String
        if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}[ _][0-9]{2}:.*/#) != nil {
            fix = "separate the date and the time with 'T', e.g. 2026-01-05T09:30:00+01:00"
        } else if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}/#) != nil {
            fix = "add a time of day, e.g. \(value)T00:00:00+01:00"
        } else if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(Z|[+-].*)?/#) != nil {
            fix = "write the seconds too, e.g. 2026-01-05T09:30:00+01:00"
        } else if value.contains(","), Double(value.replacingOccurrences(of: ",", with: ".")) != nil {
            fix = "use '.' as the decimal separator"
        } else {
            fix = "write an ISO 8601 date-time with its offset (e.g. 2026-01-05T09:30:00+01:00) or Unix seconds (e.g. 1767601800)"
        }
        return Problem(problem: problem, fix: fix)
    }
}
