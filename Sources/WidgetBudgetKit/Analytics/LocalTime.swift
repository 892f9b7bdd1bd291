/// Local calendar arithmetic for device logs, where each record carries its own UTC offset.
///
/// A log needs no time-zone database: a local day is `⌊(time + offset) / 86400⌋` days after
/// 1970-01-01, so a log that crosses a daylight-saving change (offsets `+01:00` then `+02:00`) gets
/// a 23-hour day, as the user's calendar did.
public enum LocalTime {
    /// The local day number (days since 1970-01-01, local) of Unix time `time` at `offset`.
    @inline(__always)
    public static func day(_ time: Double, offset: Double) -> Int {
        Bounds.saturatingInt(((time + offset) / Seconds.day).rounded(.down))
    }

    /// Seconds since local midnight, in `0..<86400`.
    @inline(__always)
    public static func secondsOfDay(_ time: Double, offset: Double) -> Double {
        let wall = time + offset
        return wall - (wall / Seconds.day).rounded(.down) * Seconds.day
    }

    /// The local hour of day, 0…23.
    @inline(__always)
    public static func hour(_ time: Double, offset: Double) -> Int {
        min(23, Bounds.saturatingInt(secondsOfDay(time, offset: offset) / Seconds.hour))
    }

    /// The first local midnight strictly after `time`, assuming `offset` holds until then
    /// (daylight-saving changes happen in the small hours, after midnight).
    public static func nextMidnight(after time: Double, offset: Double) -> Double {
        Double(day(time, offset: offset) + 1) * Seconds.day - offset
    }

    /// `YYYY-MM-DD` of a local day number.
    public static func dateString(day: Int) -> String {
        let (y, m, d) = LocalClock.civilDate(localDay: day)
        return String(y) + "-" + pad2(m) + "-" + pad2(d)
    }

    /// `HH:MM` of a number of seconds after midnight.
    public static func clockString(_ secondsOfDay: Double) -> String {
        let s = Bounds.saturatingInt(secondsOfDay.rounded(.down))
        return pad2(s / 3600 % 24) + ":" + pad2(s / 60 % 60)
    }

    /// `YYYY-MM-DD HH:MM` local time of `time`.
    public static func dateTimeString(_ time: Double, offset: Double) -> String {
        dateString(day: day(time, offset: offset)) + " " + clockString(secondsOfDay(time, offset: offset))
    }

    /// An offset as ISO 8601 writes it: `+01:00`, `-05:00`, `+05:45`.
    public static func offsetString(_ offset: Double) -> String {
        let total = Bounds.saturatingInt(offset.rounded())
        let sign = total < 0 ? "-" : "+"
        let minutes = abs(total) / 60
        return sign + pad2(minutes / 60) + ":" + pad2(minutes % 60)
    }

    static func pad2(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
