import WidgetBudgetKit

/// `Provider.swift` for a time-of-day schedule: a table of segments and a helper that picks the
/// reload date by the hour.
extension ProviderSource {
    /// The schedule as a static table: local start and end as minutes after midnight, and the
    /// interval (`nil`: no reload until the next segment starts).
    static func scheduleTable(_ schedule: [ScheduleSegment]) -> String {
        var s = "    /// The reload interval by time of day: each segment's local start and end as minutes after\n"
        s += "    /// midnight (an end at or before the start runs past midnight) and the seconds between reloads\n"
        s += "    /// (`nil`: no reload until the next segment starts). Every segment starts with a reload.\n"
        s += "    static let schedule: [(start: Int, end: Int, interval: TimeInterval?)] = [\n"
        for seg in schedule {
            let interval = seg.after.map(number) ?? "nil"
            s += "        (\(Int(seg.window.start / 60)), \(Int(seg.window.end / 60)), \(interval)),  // \(seg)\n"
        }
        s += "    ]\n"
        return s
    }

    /// The end of `getTimeline` for a schedule.
    static let scheduleCompletion = """
                // Ask again after this segment's interval, but no later than the next segment's start.
                completion(Timeline(entries: entries, policy: .after(Self.nextReload(after: now))))

        """

    /// Finds the segment holding a date by its hour and minute and the reload date it asks for.
    static let scheduleHelpers = """

            /// When to ask for the next timeline after a reload at `now`: the interval of the segment
            /// holding `now` (by the local hour and minute), but no later than that segment's end, where
            /// the next segment starts with a reload; a segment without an interval waits for its end.
            static func nextReload(after now: Date) -> Date {
                let calendar = Calendar.current
                let minute = calendar.component(.hour, from: now) * 60 + calendar.component(.minute, from: now)
                let segment =
                    schedule.first { s in
                        s.start < s.end ? (minute >= s.start && minute < s.end) : (minute >= s.start || minute < s.end)
                    } ?? schedule[0]
                let end = DateComponents(hour: segment.end / 60 % 24, minute: segment.end % 60, second: 0)
                let nextStart = calendar.nextDate(after: now, matching: end, matchingPolicy: .nextTime)!
                guard let interval = segment.interval else { return nextStart }
                return min(now.addingTimeInterval(interval), nextStart)
            }

        """
}
