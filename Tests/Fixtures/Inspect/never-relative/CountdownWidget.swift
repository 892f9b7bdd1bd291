import SwiftUI
import WidgetKit

// One entry and .never: the view counts by itself (Text(date, style: .relative), ProgressView(timerInterval:)).
struct CountdownProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry { CountdownEntry(date: .now, target: .now) }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(CountdownEntry(date: .now, target: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        let entry = CountdownEntry(date: Date(), target: EventStore.shared.nextEvent)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct CountdownEntry: TimelineEntry {
    let date: Date
    let target: Date
}

struct CountdownView: View {
    let entry: CountdownEntry

    var body: some View {
        VStack {
            Text(entry.target, style: .relative)
            ProgressView(timerInterval: entry.date...entry.target, countsDown: true)
        }
    }
}

struct CountdownWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "countdown", provider: CountdownProvider()) { entry in
            CountdownView(entry: entry)
        }
    }
}
