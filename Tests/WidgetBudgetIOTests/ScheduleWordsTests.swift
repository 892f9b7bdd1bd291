import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// recommendation.md's words for a schedule (issue #22): a single interval all day is said as one
/// policy, not a table of equal segments; different intervals keep the table.
@Suite("Schedule words")
struct ScheduleWordsTests {
    static func schedule(_ afters: [Double?]) -> [ScheduleSegment] {
        let windows = ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"]
        return zip(windows, afters).map { ScheduleSegment(window: TimeWindow($0.0)!, after: $0.1) }
    }

    @Test("every segment at 30m: use .after(now + 30m) all day, no table")
    func singleInterval() {
        let text = RecommendationReport.scheduleWords(Self.schedule([1_800, 1_800, 1_800, 1_800]))
        #expect(
            text
                == "The answer is a single interval: use `.after(now + 30m)` all day. (It was searched as a schedule of 4 "
                + "time-of-day segments, and every segment chose the same; no schedule is needed.)")
        #expect(!text.contains("|"))
    }

    @Test("different intervals: the table, one row a segment")
    func table() {
        let text = RecommendationReport.scheduleWords(Self.schedule([900, 2_700, 1_200, nil]))
        #expect(text.contains("| 07:00-09:00 | every 15m (`.after(now + 15m)`) | 8 |"))
        #expect(text.contains("| 23:00-07:00 | never | 1 |"))
    }
}
