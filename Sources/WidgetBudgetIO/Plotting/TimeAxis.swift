import WidgetBudgetKit

/// Ticks for a time axis in the user's local clock time.
///
/// Plots measure time in hours from an origin (simulation seconds / 3600), so daylight-saving
/// changes keep the axis linear in real time; the tick labels carry the local clock reading
/// (`06:00`, `Mon 5 Jan`) found through ``LocalClock``, including across a transition.
enum TimeAxis {
    /// One tick: its position in hours from the origin, its label, and whether it is minor.
    struct Tick: Equatable {
        var hours: Double
        var label: String
        var minor: Bool
    }

    /// Ticks over `[from, to]` (simulation seconds), positions in hours from `origin`.
    ///
    /// Up to a day and a half: a labelled tick every 3 hours (`HH:MM`), minor ticks every hour.
    /// Up to 8 days: a labelled tick at each local midnight (`Mon 5 Jan`), minor ticks every 6
    /// hours. Longer: a labelled midnight every few days, minor ticks every day.
    static func ticks(from: SimTime, to: SimTime, origin: SimTime, clock: LocalClock) -> [Tick] {
        let span = to - from
        var ticks: [Tick] = []
        func each(step: Double, _ body: (SimTime) -> Void) {
            var t = clock.nextAligned(after: from - 1e-6, step: step)
            while t <= to + 1e-6 {
                body(t)
                t = clock.nextAligned(after: t, step: step)
            }
        }
        if span <= 36 * 3600 {
            each(step: 3600) { t in
                let hour = Int(clock.secondsOfDay(t) / 3600)
                let major = hour % 3 == 0
                ticks.append(Tick(hours: (t - origin) / 3600, label: major ? hhmm(t, clock) : "", minor: !major))
            }
        } else if span <= 8 * 86_400 {
            each(step: 6 * 3600) { t in
                let midnight = clock.secondsOfDay(t) < 1
                ticks.append(Tick(hours: (t - origin) / 3600, label: midnight ? dayLabel(t, clock) : "", minor: !midnight))
            }
        } else {
            let every = max(1, Int((span / 86_400 / 10).rounded(.up)))
            var index = 0
            each(step: 86_400) { t in
                let major = index % every == 0
                ticks.append(Tick(hours: (t - origin) / 3600, label: major ? dayLabel(t, clock) : "", minor: !major))
                index += 1
            }
        }
        return ticks
    }

    /// A gnuplot `set xtics (…)` command for the ticks.
    static func command(_ ticks: [Tick], axis: String = "x") -> String {
        let items = ticks.map { tick in
            "\"\(tick.label)\" \(NumberFormat.fixed(tick.hours, 4))" + (tick.minor ? " 1" : "")
        }
        return "set \(axis)tics (" + items.joined(separator: ", ") + ")"
    }

    /// `HH:MM` at `t`.
    static func hhmm(_ t: SimTime, _ clock: LocalClock) -> String {
        String(clock.clockString(t).prefix(5))
    }

    /// `Mon 5 Jan` for the local date at `t`.
    static func dayLabel(_ t: SimTime, _ clock: LocalClock) -> String {
        let day = clock.localDay(t + 1e-6)
        let (_, month, dayOfMonth) = LocalClock.civilDate(localDay: day)
        return weekdays[LocalClock.weekday(ofLocalDay: day)] + " \(dayOfMonth) " + months[month - 1]
    }

    /// A time zone as shown to people: `UTC` rather than Foundation's `GMT` on Linux.
    static func zoneName(_ identifier: String) -> String {
        identifier == "GMT" ? "UTC" : identifier
    }

    /// `Mon 5 Jan 2026` for the local date at `t`.
    static func dateLabel(_ t: SimTime, _ clock: LocalClock) -> String {
        let day = clock.localDay(t + 1e-6)
        let (year, _, _) = LocalClock.civilDate(localDay: day)
        return dayLabel(t, clock) + " \(year)"
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
