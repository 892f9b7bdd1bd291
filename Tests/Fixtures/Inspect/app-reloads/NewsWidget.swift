import SwiftUI
import WidgetKit

// The widget extension: one entry, a reload every hour.
struct NewsProvider: TimelineProvider {
    func placeholder(in context: Context) -> NewsEntry { NewsEntry(date: .now, headline: "…") }

    func getSnapshot(in context: Context, completion: @escaping (NewsEntry) -> Void) {
        completion(NewsEntry(date: .now, headline: "…"))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NewsEntry>) -> Void) {
        let entry = NewsEntry(date: Date(), headline: NewsStore.shared.top)
        let next = Calendar.current.date(byAdding: .hour, value: 1, to: Date())!
        completion(Timeline(entries: [entry], policy: .after(next)))
    }
}

struct NewsEntry: TimelineEntry {
    let date: Date
    let headline: String
}

struct NewsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: NewsKinds.headlines, provider: NewsProvider()) { entry in
            Text(entry.headline)
        }
    }
}

enum NewsKinds {
    static let headlines = "headlines"
}
