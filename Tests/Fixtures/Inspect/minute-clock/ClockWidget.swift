import SwiftUI
import WidgetKit

// A minute clock: an hour of entries on whole minutes, then a reload.
struct ClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry { ClockEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> Void) {
        completion(ClockEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> Void) {
        let now = Date()
        let start = Calendar.current.dateInterval(of: .minute, for: now)!.start
        var entries = [ClockEntry(date: now)]
        for minute in 1..<60 {
            let date = Calendar.current.date(byAdding: .minute, value: minute, to: start)!
            entries.append(ClockEntry(date: date))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct ClockEntry: TimelineEntry {
    let date: Date
}

struct ClockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
            Text(entry.date, style: .time)
                .font(.largeTitle.monospacedDigit())
        }
    }
}
