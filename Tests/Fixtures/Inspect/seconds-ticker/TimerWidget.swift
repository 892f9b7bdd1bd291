import SwiftUI
import WidgetKit

// A stopwatch drawn with an entry every second for five minutes: closer than WidgetKit renders.
struct TimerProvider: TimelineProvider {
    func placeholder(in context: Context) -> TickEntry { TickEntry(date: .now, elapsed: 0) }

    func getSnapshot(in context: Context, completion: @escaping (TickEntry) -> Void) {
        completion(TickEntry(date: .now, elapsed: 0))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TickEntry>) -> Void) {
        let now = Date()
        let entries = (0..<300).map { second in
            TickEntry(date: now.addingTimeInterval(Double(second)), elapsed: second)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct TickEntry: TimelineEntry {
    let date: Date
    let elapsed: Int
}

struct TimerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "stopwatch", provider: TimerProvider()) { entry in
            Text("\(entry.elapsed) s")
        }
    }
}
