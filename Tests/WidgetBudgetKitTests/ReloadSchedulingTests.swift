import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// How WidgetKit turns requests into reloads: the minimum interval, coalescing, delays, low power.
@Suite("Reload scheduling")
struct ReloadSchedulingTests {
    /// One entry with `.after(a)` and a minimum interval m, budget ample: a reload every max(a, m),
    /// so 86,400 / max(a, m) a day.
    @Test(
        "no two reloads closer than the minimum interval",
        arguments: [(60.0, 300.0, 288), (600, 300, 144), (60, 120, 720), (300, 300, 288), (3_600, 0, 24)])
    func minimumInterval(after: Double, minInterval: Double, perDay: Int) {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: after, policy: .after(after))),
            days: 2, budget: .fixed(10_000), system: SystemSettings(minReloadInterval: minInterval))
        let run = Simulator.run(scenario, events: .reloads).run()
        #expect(run.days.map(\.reloads) == [perDay, perDay])
        let grants = run.grantTimes
        let step = max(after, minInterval)
        #expect(grants == (0..<(2 * perDay)).map { Double($0) * step })
        #expect(run.days.allSatisfy { $0.deferred == 0 })  // Waiting for the interval is not a budget deferral.
    }

    /// The app asks at 1,000, 1,010 and 1,020 s. The first is granted at once (the last reload was at
    /// 0); the second waits for 1,000 + 300 s; the third joins it. Four requests, three reloads.
    @Test("requests arriving while one is pending coalesce")
    func coalescing() {
        let app = AppActivity(reloads: [.init(target: .kind("widget"), trigger: .process(EventProcess(.times([1_000, 1_010, 1_020]))))])
        let run = Simulator.run(TestScenarios.single(.never, app: app), events: .reloads).run()
        #expect(run.grantTimes == [0, 1_000, 1_300])
        #expect(run.events(.request).map(\.detail) == [.none, .none, .none, .coalesced])
        #expect(run.days[0].requested == 4)
        #expect(run.days[0].reloads == 3)
        #expect(run.days[0].charged == 3)
    }

    /// A policy reload due at 600 s and an app request at the same instant are one reload.
    @Test("a policy request and an app request at the same instant make one reload")
    func simultaneousRequests() {
        let app = AppActivity(reloads: [.init(target: .kind("widget"), trigger: .process(EventProcess(.times([600]))))])
        let provider = ProviderSpec.fixed(FixedProvider(entries: 1, spacing: 600, policy: .after(600)))
        let run = Simulator.run(TestScenarios.single(provider, budget: .fixed(1_000), app: app), events: .reloads).run()
        #expect(Array(run.grantTimes.prefix(3)) == [0, 600, 1_200])
        #expect(run.events(.request).filter { $0.time == 600 }.map(\.detail) == [.none, .coalesced])
        #expect(run.days[0].reloads == 144)
        #expect(run.days[0].requested == 145)
    }

    /// Seed 003: the `.atEnd` reload came 1–2 minutes after the last entry. With a constant 90 s
    /// delay, 5-minute timelines (entries at +0…+5 min) reload every 390 s; every entry still renders.
    @Test("the reload delay is added to policy reload times")
    func reloadDelay() {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 6, spacing: 60, policy: .atEnd))
        let scenario = TestScenarios.single(provider, budget: .fixed(1_000), system: SystemSettings(reloadDelay: .constant(90)))
        let run = Simulator.run(scenario, events: .reloads).run()
        // 86,400 / 390 = 221.5…: grants at 0, 390, …, 221 × 390 = 86,190.
        #expect(run.grantTimes == (0...221).map { Double($0) * 390 })
        // Each of timelines 0…220 renders its 6 entries; the one at 86,190 renders 0, 60, 120, 180 s.
        #expect(run.days[0].renders == 221 * 6 + 4)
    }

    /// The render delay moves renders, and with them the moment a predictable change is shown.
    @Test("the render delay is added to entry dates")
    func renderDelay() {
        // One timeline of 24 hourly entries; changes on the hour; each entry renders 10 s late.
        let provider = ProviderSpec.fixed(FixedProvider(entries: 24, spacing: 3_600, policy: .never))
        let scenario = TestScenarios.single(
            provider, system: SystemSettings(renderDelay: .constant(10)),
            predictable: EventProcess(.every(period: 3_600, offset: 0)))
        let run = Simulator.run(scenario, events: .all).run()
        #expect(run.events(.render).map(\.time) == (0..<24).map { Double($0) * 3_600 + 10 })
        // Stale 10 s after each hour (the first one shows the placeholder).
        #expect(run.days[0].freshSeconds == 86_400 - 24 * 10)
        #expect(run.days[0].ageIntegral == 24 * 50)
    }

    /// Low power from 01:00 to 06:00: the hourly reload due at 01:00 waits until 06:00, and the
    /// entries dated inside render at 06:00.
    @Test("low-power windows defer policy reloads and renders")
    func lowPower() {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 1, spacing: 3_600, policy: .after(3_600)))
        let scenario = TestScenarios.single(provider, days: 2, system: SystemSettings(lowPower: [TimeWindow("01:00-06:00")!]))
        let run = Simulator.run(scenario, events: .reloads).run()
        let day0 = [0] + (6...23).map { Double($0) * 3_600 }
        let day1 = [86_400] + (6...23).map { 86_400 + Double($0) * 3_600 }
        #expect(run.grantTimes == day0 + day1)
        #expect(run.days.map(\.reloads) == [19, 19])

        let clock = ProviderSpec.fixed(FixedProvider(entries: 12, spacing: 3_600, policy: .never))
        let renders = Simulator.run(
            TestScenarios.single(clock, system: SystemSettings(lowPower: [TimeWindow("01:00-06:00")!])),
            events: .all
        ).run().events(.render).map(\.time)
        // Entries at 0…11 h; those at 1…5 h all render at 6 h (never before the previous render).
        #expect(renders == [0, 21_600, 21_600, 21_600, 21_600, 21_600, 21_600] + (7...11).map { Double($0) * 3_600 })
    }

    /// WidgetKit's entries are an array the provider may fill in any order; they render by date.
    @Test("entries returned out of order render in date order")
    func unsortedEntries() {
        struct Shuffled: ReplayProvider {
            mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
                for offset in [600.0, 0, 1_200, 300] { timeline.entries.append(ReplayEntry(date: context.now + offset)) }
                timeline.policy = .never
            }
        }
        let run = TestScenarios.run(Shuffled(), in: TestScenarios.single(.never), events: .all)
        #expect(run.events(.render).map(\.time) == [0, 300, 600, 1_200])
    }

    /// An entry dated before the reload is not rendered: WidgetKit starts from the latest entry
    /// dated at or before now.
    @Test("entries dated in the past are skipped but the latest of them is shown")
    func pastEntries() {
        struct Backdated: ReplayProvider {
            mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
                for offset in [-600.0, -300, 0, 300] { timeline.entries.append(ReplayEntry(date: context.now + offset)) }
                timeline.policy = .never
            }
        }
        let run = TestScenarios.run(Backdated(), in: TestScenarios.single(.never, days: 1), events: .all)
        #expect(run.events(.render).map(\.time) == [0, 300])
        #expect(run.events(.render).map(\.detail) == [.entry(3), .entry(4)])
    }
}
