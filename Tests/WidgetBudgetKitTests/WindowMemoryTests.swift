import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The window a windowed provider's reloads ask, kept between reloads
/// (`WindowsProvider.evenTimeline(at:clock:memory:)`, #26 engine-2 `grant`), against the search
/// at every reload (`evenTimeline(at:clock:)`): the same timeline at every instant.
@Suite("The windowed provider's remembered window")
struct WindowMemoryTests {
    static let windowSets = [
        ["07:00-23:00"], ["09:00-12:00", "14:00-18:00"], ["06:00-12:00", "10:00-14:00"], ["22:00-06:00"],
        ["weekdays 09:30-16:00", "weekends 10:00-12:00"], ["mon,wed,fri 18:00-19:00", "23:00-07:00"],
        ["07:00-23:00", "23:30-01:00", "01:00-02:00"],
    ]

    @Test("7 window sets, 3 clocks, 4,000 reloads each: the timeline the search finds")
    func sameTimelinesAsTheSearch() {
        var g = SeededGenerator(seed: 11_028)
        let zones = [GridScenarios.utc, GridScenarios.parisSpring, GridScenarios.parisAutumn]
        var (remembered, inside, closedRemembered) = (0, 0, 0)
        for texts in Self.windowSets {
            for (start, zone) in zones {
                let clock = LocalClock(start: start, timeZone: zone, horizon: 9 * Seconds.day)
                let windows = texts.map { (TimeWindow($0)!, EvenTimelineTests.randomFixed(&g)) }
                let provider = WindowsProvider(windows: windows, clock: clock, horizon: 9 * Seconds.day)
                let union = IntervalSet(windows: windows.map(\.0), clock: clock, from: 0, to: 9 * Seconds.day)
                let marks = (union.starts + union.ends).sorted()
                var memory = WindowMemory()
                var now = 0.0
                for step in 0..<4_000 {
                    let r = g.unit()
                    if r < 0.05 {
                        now = max(0, now - Seconds.day * g.unit())
                    } else if r < 0.15, let next = marks.first(where: { $0 > now }) {
                        now = [next, next.nextDown, next.nextUp][Int(g.next() % 3)]
                    } else {
                        now += (g.unit() < 0.8 ? 3_600 : 300) * g.unit()
                    }
                    let hit = now >= memory.from && now <= memory.through
                    let expected = provider.evenTimeline(at: now, clock: clock)
                    let even = provider.evenTimeline(at: now, clock: clock, memory: &memory)
                    #expect((even == nil) == (expected == nil), "\(texts) \(step) \(now)")
                    if hit { remembered += 1 }
                    if memory.window >= 0 { inside += 1 }
                    // Outside every window, remembered: the policy is the remembered next start.
                    if hit && memory.window < 0 { closedRemembered += 1 }
                    guard let even, let expected else { continue }
                    var a = EvenTimelineTests.previous(&g)
                    var b = a
                    a.replace(with: even)
                    b.replace(with: expected)
                    #expect(EvenTimelineTests.sameStorage(a, b), "\(texts) \(step) \(now)")
                }
            }
        }
        // Most reloads find their window remembered; both sides of the windows are met.
        #expect(remembered > 7 * 3 * 4_000 / 2, "\(remembered)")
        #expect(inside > 7 * 3 * 4_000 / 5 && inside < 7 * 3 * 4_000 * 9 / 10, "\(inside)")
        #expect(closedRemembered > 7 * 3 * 4_000 / 20, "\(closedRemembered)")
    }

    @Test("every built-in provider through the grant's call: the timeline evenTimeline(at:clock:) returns")
    func builtInProvidersThroughTheMemory() {
        var g = SeededGenerator(seed: 11_029)
        let clock = LocalClock(start: GridScenarios.parisSpring.0, timeZone: GridScenarios.parisSpring.1, horizon: 4 * Seconds.day)
        var returned = 0
        for i in 0..<2_000 {
            let fixed = EvenTimelineTests.randomFixed(&g)
            let windowed = WindowsProvider(
                windows: [(TimeWindow("07:00-23:00")!, fixed)], clock: clock, horizon: 4 * Seconds.day)
            let providers: [BuiltInProvider] = [
                .fixed(fixed), .windows(windowed), .never(NeverProvider()),
                .untilFull(UntilFullProvider(level: 20, ratePerHour: 10, spacing: 600)), .custom(fixed),
            ]
            let now = g.unit() * 3 * Seconds.day
            for provider in providers {
                var memory = WindowMemory()
                let expected = provider.evenTimeline(at: now, clock: clock)
                let even = provider.evenTimeline(at: now, clock: clock, windows: &memory)
                #expect((even == nil) == (expected == nil), "\(i) \(provider)")
                guard let even, let expected else { continue }
                returned += 1
                var a = EvenTimelineTests.previous(&g)
                var b = a
                a.replace(with: even)
                b.replace(with: expected)
                #expect(EvenTimelineTests.sameStorage(a, b), "\(i) \(provider)")
            }
        }
        #expect(returned > 2_000, "\(returned)")
    }
}
