import SwiftUI
import WidgetKit

// Three entries ten minutes apart, then `.after` half an hour: constants from Settings.swift.
struct WeatherProvider: TimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry { WeatherEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (WeatherEntry) -> Void) {
        completion(WeatherEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WeatherEntry>) -> Void) {
        let now = Date.now
        var entries: [WeatherEntry] = []
        for offset in stride(from: 0, to: RefreshPolicy.interval, by: RefreshPolicy.step) {
            entries.append(WeatherEntry(date: now.addingTimeInterval(offset)))
        }
        let nextUpdate = now.addingTimeInterval(RefreshPolicy.interval)
        completion(Timeline(entries: entries, policy: .after(nextUpdate)))
    }
}

struct WeatherEntry: TimelineEntry {
    let date: Date
}

struct WeatherWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Kind.weather.rawValue, provider: WeatherProvider()) { entry in
            Text(entry.date, style: .time)
        }
    }
}
