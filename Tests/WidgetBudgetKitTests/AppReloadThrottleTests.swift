import Testing

@testable import WidgetBudgetKit

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

    /// The throttle as a list, before the calls were drawn one at a time (``AppReloadThrottle/Calls``,
    /// issue #26: a process's wanted calls are no longer listed first).
    static func reference(_ times: [Double], interval: Double) -> [Double] {
        guard interval > 0 else { return times }
        var out: [Double] = []
        var last = -Double.infinity
        var pending = false
        for t in times {
            if pending && last + interval <= t {
                last += interval
                out.append(last)
                pending = false
            }
            if t - last >= interval {
                last = t
                out.append(t)
            } else {
                pending = true
            }
        }
        if pending { out.append(last + interval) }
        return out
    }

    @Test("drawn one at a time, the calls are the list's, never more than the wanted calls")
    func streamedAsListed() {
        var g = SeededGenerator(seed: 2_628)
        for _ in 0..<500 {
            let interval = [0, 60, 300, 2_400, 0.5][Int(g.next() % 5)]
            var t = 0.0
            let times = (0..<Int(g.next() % 300)).map { _ in
                t += g.next() % 4 == 0 ? 0 : g.unit() * [10, 600, 5_000][Int(g.next() % 3)]
                return t
            }
            let expected = Self.reference(times, interval: interval)
            var calls = AppReloadThrottle.Calls(wanted: times.makeIterator(), interval: interval)
            var drawn: [Double] = []
            while let c = calls.next() { drawn.append(c) }
            #expect(calls.next() == nil)
            #expect(drawn.map(\.bitPattern) == expected.map(\.bitPattern))
            #expect(AppReloadThrottle(interval: interval).calls(for: times).map(\.bitPattern) == expected.map(\.bitPattern))
            #expect(drawn.count <= times.count)
        }
    }
}
