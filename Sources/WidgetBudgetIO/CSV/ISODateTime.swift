import Foundation

/// An ISO 8601 date-time as CSV files write it (`2026-01-05T09:30:00`, with optional fractional
/// seconds and an optional offset `Z`, `±HH:MM`, `±HHMM` or `±HH`), parsed strictly by hand: byte
/// by byte, with no trailing text allowed. Foundation's parsers on Linux are lenient (they ignore
/// trailing text, and one without an offset option ignores a `Z`) and slow for million-row logs.
///
/// Trace files and device logs both read their times through it.
struct ISODateTime: Equatable {
    /// The wall-clock reading as seconds since 1970-01-01 00:00 (as if it were UTC), fraction
    /// included.
    var wall: Double
    /// The written UTC offset in seconds, or `nil` when the value has none (local time).
    var offset: Double?

    /// Why a date-time-shaped value is not a valid one: completes "'value' …".
    struct Problem: Error, Equatable {
        var problem: String
        var fix: String?
    }

    /// `nil` when `value` is not shaped like an ISO 8601 date-time at all (the caller then tries
    /// its other forms); otherwise the date-time or why it is invalid.
    static func parse(_ value: String) -> Result<ISODateTime, Problem>? {
        var text = value
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Result<ISODateTime, Problem>? {
        guard b.count >= 5, b[4] == UInt8(ascii: "-"), isDigit(b[0]) else { return nil }
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var n = 0
            for k in i..<(i + digits) {
                guard isDigit(b[k]) else { return nil }
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
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2) else { return nil }
        guard i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") else { return nil }
        i += 1
        guard let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A), let second = number(2) else { return nil }
        var fraction = 0.0
        if i < b.count && (b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",")) {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count && isDigit(b[i]) {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            if i == start { return nil }
        }
        var written: Double?
        if i < b.count {
            if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                written = 0
                i += 1
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign: Double = b[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = number(2) else { return nil }
                var om = 0
                if i < b.count {
                    _ = expect(0x3A)
                    guard let m = number(2) else { return nil }
                    om = m
                }
                guard oh <= 14, om < 60 else {
                    return .failure(Problem(problem: "has an impossible UTC offset", fix: "offsets run from -12:00 to +14:00"))
                }
                written = sign * Double(oh * 3600 + om * 60)
            }
        }
        guard i == b.count else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60
        else {
            return .failure(
                Problem(problem: "is not a valid date-time", fix: "check the month (01-12), the day and the time (00:00:00-23:59:59)"))
        }
        let wall = Double(daysFromCivil(year, month, day)) * 86_400 + Double(hour * 3600 + minute * 60 + second) + fraction
        return .success(ISODateTime(wall: wall, offset: written))
    }

    /// Unix seconds and the offset in effect: the written offset, or else the offset `offsetAt`
    /// gives (a time zone's at a Unix time) at this wall time.
    func resolved(offsetAt: (Double) -> Double) -> (time: Double, offset: Double) {
        if let offset { return (wall - offset, offset) }
        let guess = wall - offsetAt(wall)
        let local = offsetAt(guess)
        return (wall - local, local)
    }

    /// A fix for the date-times people mistype, or `nil` when the value looks like none;
    /// `example` is the form to show (with or without an offset).
    static func nearMissFix(_ value: String, example: String) -> String? {
        if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}[ _][0-9]{2}:.*/#) != nil {
            return "separate the date and the time with 'T', e.g. \(example)"
        }
        if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}/#) != nil {
            return "add a time of day, e.g. \(value)T00:00:00" + example.dropFirst(19)
        }
        if value.wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(Z|[+-].*)?/#) != nil {
            return "write the seconds too, e.g. \(example)"
        }
        if value.contains(","), Double(value.replacingOccurrences(of: ",", with: ".")) != nil {
            return "use '.' as the decimal separator"
        }
        return nil
    }

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    /// Days in a month of the proleptic Gregorian calendar.
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
}
