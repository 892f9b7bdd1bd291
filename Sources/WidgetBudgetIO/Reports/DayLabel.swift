import WidgetBudgetKit

/// The local date a CSV row or a plot names a simulated day by: `YYYY-MM-DD`, the first ten
/// characters of ``LocalClock/dateTimeString(_:)`` at the day's start.
///
/// `days.csv` writes one per row; building it digit by digit into a small string (stored inline,
/// no allocation) costs a few dozen instructions where concatenating and cutting the date-time
/// string cost thousands, and a five-year replay writes 1,826 of them.
enum DayLabel {
    /// The local date at `t` on `clock`.
    static func iso(_ t: SimTime, clock: LocalClock) -> String {
        let (year, month, day) = LocalClock.civilDate(localDay: clock.localDay(t))
        // Four-digit years only; others keep the original spelling (not a whole date for them).
        guard (1_000...9_999).contains(year) else { return String(clock.dateTimeString(t).prefix(10)) }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            /// Writes `value` as `width` digits ending just before `end`.
            func put(_ value: Int, width: Int, end: Int) {
                var rest = value
                for k in stride(from: end - 1, through: end - width, by: -1) {
                    buffer[k] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, end: 4)
            buffer[4] = UInt8(ascii: "-")
            put(month, width: 2, end: 7)
            buffer[7] = UInt8(ascii: "-")
            put(day, width: 2, end: 10)
            return 10
        }
    }
}
