import AppIntents
import SwiftUI
import WidgetKit

// An iOS 17 App Intent provider: async, one entry, a reload every `Refresh.minutes`.
struct ScoresProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ScoreEntry {
        ScoreEntry(date: .now, score: "0 – 0", configuration: TeamIntent())
    }

    func snapshot(for configuration: TeamIntent, in context: Context) async -> ScoreEntry {
        ScoreEntry(date: .now, score: "2 – 1", configuration: configuration)
    }

    func timeline(for configuration: TeamIntent, in context: Context) async -> Timeline<ScoreEntry> {
        let score = await ScoreService.shared.latest(for: configuration.team)
        let entry = ScoreEntry(date: .now, score: score, configuration: configuration)
        let next = Calendar.current.date(byAdding: .minute, value: Refresh.minutes, to: .now)!
        return Timeline(entries: [entry], policy: .after(next))
    }
}

struct ScoresWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: WidgetKinds.scores, intent: TeamIntent.self, provider: ScoresProvider()) { entry in
            ScoreView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

struct ScoreView: View {
    var entry: ScoreEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text(entry.configuration.team.name)
            Text(entry.score).font(.title)
            Button(intent: RefreshScoresIntent()) { Image(systemName: "arrow.clockwise") }
        }
    }
}
