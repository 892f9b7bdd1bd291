import Intents
import SwiftUI
import WidgetKit

// An iOS 14–16 SiriKit intent widget: four entries a quarter hour apart, a countdown to the next quote.
struct Provider: IntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), configuration: ConfigurationIntent())
    }

    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        completion(SimpleEntry(date: Date(), configuration: configuration))
    }

    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
        var entries: [SimpleEntry] = []
        let currentDate = Date()
        for minuteOffset in stride(from: 0, through: 45, by: 15) {
            let entryDate = Calendar.current.date(byAdding: .minute, value: minuteOffset, to: currentDate)!
            entries.append(SimpleEntry(date: entryDate, configuration: configuration))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
    let configuration: ConfigurationIntent
}

struct StocksEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack {
            Text(entry.configuration.symbol ?? "AAPL")
            QuoteCountdown(from: entry.date)
        }
    }
}

struct QuoteCountdown: View {
    let from: Date

    var body: some View {
        Text(timerInterval: from...from.addingTimeInterval(15 * 60), countsDown: true)
    }
}

@main
struct StocksWidget: Widget {
    let kind: String = "StocksWidget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: Provider()) { entry in
            StocksEntryView(entry: entry)
        }
        .configurationDisplayName("Stocks")
    }
}
