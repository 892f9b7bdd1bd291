import SwiftUI
import WidgetKit

// What the analysis cannot follow: a computed date, `#if` branches, a macro.
struct StatusProvider: TimelineProvider {
    func placeholder(in context: Context) -> StatusEntry { StatusEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (StatusEntry) -> Void) {
        completion(StatusEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StatusEntry>) -> Void) {
        let entry = StatusEntry(date: Date())
        #if DEBUG
            completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(60))))
        #else
            completion(Timeline(entries: [entry], policy: .after(ServerClock.nextRefresh())))
        #endif
    }
}

struct StatusEntry: TimelineEntry {
    let date: Date
}

struct StatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: StatusKind.name, provider: StatusProvider()) { entry in
            Text(#stringify(entry.date))
        }
    }
}

func refreshStatus(kind: String) {
    WidgetCenter.shared.reloadTimelines(ofKind: kind)
}
