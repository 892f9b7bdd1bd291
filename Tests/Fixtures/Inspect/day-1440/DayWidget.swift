import SwiftUI
import WidgetKit

// A whole day of minute entries, built once: 1,440 entries.
struct DayProvider: TimelineProvider {
    func placeholder(in context: Context) -> DayEntry { DayEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (DayEntry) -> Void) {
        completion(DayEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DayEntry>) -> Void) {
        let start = Calendar.current.dateInterval(of: .minute, for: Date())!.start
        let entries = (0..<1440).map { DayEntry(date: start.addingTimeInterval(TimeInterval($0 * 60))) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct DayEntry: TimelineEntry {
    let date: Date
}

struct DayWidget: Widget {
    let kind = "day-progress"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: DayProvider()) { entry in
            DayView(entry: entry)
        }
    }
}

struct DayView: View {
    let entry: DayEntry

    var body: some View {
        Text(entry.date, format: .dateTime.hour().minute())
    }
}
