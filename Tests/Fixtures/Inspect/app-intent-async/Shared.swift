import AppIntents
import WidgetKit

enum WidgetKinds {
    static let scores = "Scores"
}

enum Refresh {
    static let minutes = 15
}

struct RefreshScoresIntent: AppIntent {
    static var title: LocalizedStringResource = "Refresh scores"

    func perform() async throws -> some IntentResult {
        await ScoreService.shared.refresh()
        WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.scores)
        return .result()
    }
}
