import SwiftUI
import WidgetKit

// A calendar: today and tomorrow, a reload at the next midnight.
struct CalendarProvider: TimelineProvider {
    func placeholder(in context: Context) -> DayEntry { DayEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (DayEntry) -> Void) {
        completion(DayEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DayEntry>) -> Void) {
        let midnight = Calendar.current.startOfDay(for: Date())
        let nextMidnight = Calendar.current.date(byAdding: .day, value: 1, to: midnight)!
        let entries = [DayEntry(date: midnight), DayEntry(date: nextMidnight)]
        completion(Timeline(entries: entries, policy: .after(nextMidnight)))
    }
}

// An agenda whose dates come from the app's own extensions: not followed.
struct AgendaProvider: TimelineProvider {
    func placeholder(in context: Context) -> DayEntry { DayEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (DayEntry) -> Void) {
        completion(DayEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DayEntry>) -> Void) {
        let now = Date()
        completion(Timeline(entries: [DayEntry(date: now.startOfDay), DayEntry(date: now.startOfNextDay)], policy: .atEnd))
    }
}

struct DayEntry: TimelineEntry {
    let date: Date
}

struct CalendarWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "calendar", provider: CalendarProvider()) { entry in
            Text(entry.date, style: .date)
        }
    }
}

struct AgendaWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "agenda", provider: AgendaProvider()) { entry in
            Text(entry.date, style: .date)
        }
    }
}
