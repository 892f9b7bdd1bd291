import Testing
import WidgetBudgetKit

/// The app-side throttle around `reloadTimelines(ofKind:)`, on call times worked out by hand.
@Suite("App reload throttle")
struct AppReloadThrottleTests {
    @Test("0 makes every call")
    func off() {
        #expect(AppReloadThrottle(interval: 0).calls(for: [0, 1, 2, 500]) == [0, 1, 2, 500])
    }

    @Test("a call within the interval waits for one trailing call when the interval expires")
    func trailing() {
        // 0 calls; 100 and 200 fold into one call at 300; 1000 is 700 after it, so it calls; 1100
        // folds into a trailing call at 1300, after the last change.
        #expect(AppReloadThrottle(interval: 300).calls(for: [0, 100, 200, 1_000, 1_100]) == [0, 300, 1_000, 1_300])
        // Changes exactly an interval apart all call.
        #expect(AppReloadThrottle(interval: 300).calls(for: [0, 300, 600]) == [0, 300, 600])
        #expect(AppReloadThrottle(interval: 300).calls(for: []) == [])
    }

    @Test("changes every minute under a 40-minute throttle: one call every 40 minutes, 36 a day")
    func dense() {
        let changes = stride(from: 0.0, to: 86_400, by: 60).map { $0 }
        let calls = AppReloadThrottle(interval: 2_400).calls(for: changes)
        #expect(calls.filter { $0 < 86_400 } == (0..<36).map { Double($0) * 2_400 })
        // The changes after 84,000 s are shown by a trailing call at the end of the interval.
        #expect(calls.last == 86_400)
        // 30 minutes: 48 a day.
        #expect(AppReloadThrottle(interval: 1_800).calls(for: changes).filter { $0 < 86_400 }.count == 48)
    }
}
