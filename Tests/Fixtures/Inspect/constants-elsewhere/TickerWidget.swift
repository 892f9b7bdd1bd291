import SwiftUI
import WidgetKit

// A ticker that asks for a reload every two minutes: under WidgetKit's five.
struct TickerProvider: TimelineProvider {
    func placeholder(in context: Context) -> TickerEntry { TickerEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (TickerEntry) -> Void) {
        completion(TickerEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TickerEntry>) -> Void) {
        let entry = TickerEntry(date: Date())
        completion(Timeline(entries: [entry], policy: .after(Date(timeIntervalSinceNow: RefreshPolicy.quick))))
    }
}

struct TickerEntry: TimelineEntry {
    let date: Date
}

struct TickerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Kind.ticker.rawValue, provider: TickerProvider()) { entry in
            Text(entry.date, style: .time)
        }
    }
}
