import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The time-of-day schedule provider: each segment's policy clipped at the next segment start,
/// checked against reload times worked out by hand.
@Suite("Schedule provider")
struct ScheduleProviderTests {
    static let h = 3_600.0

    /// 07–09 after 2h, 09–17 after 1h, 17–23 never, 23–07 after 3h, one entry each.
    static func spec(_ policies: [FixedPolicy], entries: Int = 1, spacing: Double = 0) -> ProviderSpec {
        let windows = ["07:00-09:00", "09:00-17:00", "17:00-23:00", "23:00-07:00"].map { TimeWindow($0)! }
        return .schedule(
            zip(windows, policies).map {
                WindowedPolicy(window: $0, provider: FixedProvider(entries: entries, spacing: spacing, policy: $1))
            })
    }

    static func policy(_ spec: ProviderSpec, at now: SimTime) -> ReloadPolicy {
        var provider = spec.makeProvider(clock: ProviderTests.clock, horizon: 2 * 86_400)
        var timeline = ReplayTimeline()
        provider.getTimeline(in: ReplayContext(now: now, clock: ProviderTests.clock), into: &timeline)
        return timeline.policy
    }

    @Test(
        "after and never are clipped at the next segment start",
        arguments: [
            (8.5, 9.0),  // 08:30 + 2h = 10:30, clipped to 09:00.
            (7, 9),  // 07:00 + 2h is the boundary itself.
            (10, 11),  // 10:00 + 1h, inside the segment: unchanged.
            (16.5, 17),  // 16:30 + 1h = 17:30, clipped to 17:00.
            (18, 23),  // never: until 23:00.
            (23, 26),  // 23:00 + 3h = 02:00 next day, before 07:00: unchanged.
            (29, 31),  // 05:00 + 3h = 08:00, clipped to 07:00.
        ])
    func clipped(nowHours: Double, reloadHours: Double) {
        let spec = Self.spec([.after(2 * Self.h), .after(Self.h), .never, .after(3 * Self.h)])
        #expect(Self.policy(spec, at: nowHours * Self.h) == .after(reloadHours * Self.h))
    }

    @Test("at-end stays at-end when the timeline ends inside the segment, else reloads at the segment start")
    func atEnd() {
        // Three entries an hour apart: from 10:00 the last is 12:00 (< 17:00); from 16:00 it is 18:00.
        let spec = Self.spec(Array(repeating: .atEnd, count: 4), entries: 3, spacing: Self.h)
        #expect(Self.policy(spec, at: 10 * Self.h) == .atEnd)
        #expect(Self.policy(spec, at: 16 * Self.h) == .after(17 * Self.h))
    }

    /// Reload at 00:00 (start), 23–07 after 4h: 04:00, then 08:00 clipped to 07:00; 07–09 after
    /// 30m: 07:30, 08:00, 08:30, then 09:00 (the boundary); 09–17 after 3h: 12:00, 15:00, then
    /// 18:00 clipped to 17:00; 17–23 never: 23:00; then 03:00 next day.
    @Test("a day of reloads: every segment starts with one")
    func dayOfReloads() {
        let spec = Self.spec([.after(1_800), .after(3 * Self.h), .never, .after(4 * Self.h)])
        let scenario = TestScenarios.single(spec, days: 1, budget: .fixed(70))
        let run = Simulator.run(scenario, events: .all).run()
        let hours = run.events(.grant).map { $0.time / Self.h }
        #expect(hours == [0, 4, 7, 7.5, 8, 8.5, 9, 12, 15, 17, 23])
    }
}
