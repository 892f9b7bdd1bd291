import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

// Seed 000 (Apple's "Keeping a Widget Up To Date") and seed 002 (the budget arithmetic), replayed
// exactly. Every expected value below is worked out by hand in the comments, not read off the engine.

private let hour = 3_600.0
private let minute = 60.0
private let day = 86_400.0

/// The next-reload instant a delivery announced (`nil` for `.never`).
private func announcedReload(_ event: EngineEvent) -> SimTime?? {
    if case let .nextReload(at) = event.detail { return .some(at) }
    return .none
}

// MARK: - Seed 000

/// Seed 000's dragon: at the start the character is at 25 % and a dragon will attack in 2 hours, so
/// the provider asks for `.after(now + 2 h)`; after the fight healing needs 2 more hours, so the
/// timeline has two entries (now, +2 h) and `.atEnd`; once full, one entry and `.never`.
private struct DragonFightProvider: ReplayProvider {
    private var phase = 0

    mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        let now = context.now
        switch phase {
        case 0:  // 25 % regenerating 25 %/h: now, +1 h, +2 h, +3 h; the dragon comes at +2 h.
            for i in 0..<4 { timeline.entries.append(ReplayEntry(date: now + Double(i) * hour)) }
            timeline.policy = .after(now + 2 * hour)
        case 1:  // After the fight: full again in 2 hours.
            timeline.entries = [ReplayEntry(date: now), ReplayEntry(date: now + 2 * hour)]
            timeline.policy = .atEnd
        default:  // Full health: the final timeline of the first figure.
            timeline.entries.append(ReplayEntry(date: now))
            timeline.policy = .never
        }
        phase += 1
    }
}

@Suite("Seed 000: Keeping a Widget Up To Date")
struct Seed000Tests {
    static let health = ProviderSpec.untilFull(UntilFullProvider(level: 25, ratePerHour: 25, spacing: hour))

    /// At 0 the provider returns 0, 1 h, 2 h, 3 h (25 → 100 %) with `.atEnd`. At 3 h the last entry
    /// renders, the reload finds health full and returns one entry at 3 h with `.never`: two reloads,
    /// 4 + 1 = 5 renders, whether renders are visited one by one (`.all`) or counted in bulk.
    @Test("health 25 % regenerating 25 %/h: two reloads (start and +3 h), five renders", arguments: EventLevel.allCases)
    func healthRegeneration(events: EventLevel) {
        let result = Simulator.run(TestScenarios.single(Self.health), events: events)
        let today = result.day(0)
        #expect(today.reloads == 2)
        #expect(today.charged == 2)
        #expect(today.requested == 2)
        #expect(today.renders == 5)
        #expect(today.deferred == 0)
        if events != .none {
            let run = result.run()
            #expect(run.grantTimes == [0, 3 * hour])
            #expect(run.events(.grant).map(\.source) == [.start, .policy])
            let deliveries = run.events(.deliver)
            #expect(deliveries.map(\.entries) == [4, 1])
            #expect(deliveries.map(announcedReload) == [.some(3 * hour), .some(nil)])
        }
        if events == .all {
            #expect(result.run().events(.render).map(\.time) == [0, hour, 2 * hour, 3 * hour, 3 * hour])
        }
    }

    /// Reloads at 0 (`.after(2 h)`), 2 h (`.atEnd` at 4 h) and 4 h (`.never`). Renders: 0, 1 h, 2 h of
    /// the first timeline (its 3 h entry is dropped), 2 h and 4 h of the second, 4 h of the third.
    @Test("dragon fight: .after(now + 2 h), then (now, +2 h) .atEnd, then .never")
    func dragonFight() {
        let scenario = TestScenarios.single(.never)  // The spec's provider is replaced by the custom one.
        let run = TestScenarios.run(DragonFightProvider(), in: scenario, events: .all)
        #expect(run.grantTimes == [0, 2 * hour, 4 * hour])
        #expect(run.events(.grant).map(\.source) == [.start, .policy, .policy])
        #expect(run.events(.deliver).map(\.entries) == [4, 2, 1])
        #expect(run.events(.deliver).map(announcedReload) == [.some(2 * hour), .some(4 * hour), .some(nil)])
        #expect(run.events(.render).map(\.time) == [0, hour, 2 * hour, 2 * hour, 4 * hour, 4 * hour])
        #expect(run.days[0].reloads == 3)
        #expect(run.days[0].renders == 6)

        let bulk = TestScenarios.run(DragonFightProvider(), in: scenario, events: .none)
        #expect(bulk.days == run.days)
    }

    /// A healing potion (an unpredictable change at 1 h 30 m) makes the app call
    /// `reloadTimelines(ofKind:)`: health 25 + 37.5 + 50 ≥ 100, so one entry and `.never`; the
    /// `.atEnd` reload planned for 3 h is gone. The display never misses the potion.
    @Test("healing potion: the app's reloadTimelines(ofKind:) replaces the planned reload")
    func healingPotion() {
        let provider = UntilFullProvider(level: 25, ratePerHour: 25, spacing: hour, onChange: .add(50))
        let scenario = TestScenarios.single(
            .untilFull(provider), kind: "com.mygame.character-detail",
            app: AppActivity(reloads: [.init(target: .kind("com.mygame.character-detail"), trigger: .onChange)]),
            unpredictable: EventProcess(.times([1.5 * hour])))
        let run = Simulator.run(scenario, events: .all).run()
        #expect(run.grantTimes == [0, 1.5 * hour])
        #expect(run.events(.grant).map(\.source) == [.start, .app])
        #expect(run.events(.deliver).map(\.entries) == [4, 1])
        #expect(run.events(.render).map(\.time) == [0, hour, 1.5 * hour])
        #expect(run.days[0].charged == 2)
        #expect(run.days[0].freshSeconds == day)
    }

    static let stock = ProviderSpec.windows([
        WindowedPolicy(
            window: TimeWindow("weekdays 09:30-16:00")!,
            provider: FixedProvider(entries: 12, spacing: 5 * minute, policy: .atEnd))
    ])

    /// Inside the window each timeline covers 55 minutes, so reloads come at 09:30, 10:25, 11:20,
    /// 12:15, 13:10, 14:05, 15:00, 15:55 (still open) and 16:50 (closed: one entry,
    /// `.after(next open)`). Monday adds the start reload at 00:00, which finds the market closed and
    /// waits for 09:30. Friday's 16:50 reload points at Monday 09:30: nothing on the weekend.
    @Test("stock market: Friday's close waits for Monday's open, no reloads on the weekend")
    func stockMarketWeek() {
        let result = Simulator.run(TestScenarios.single(Self.stock, days: 7), events: .reloads)
        let days = result.run().days
        #expect(days.map(\.reloads) == [10, 9, 9, 9, 9, 0, 0])
        #expect(days.map(\.requested) == [10, 9, 9, 9, 9, 0, 0])
        #expect(days.map(\.charged) == [10, 9, 9, 9, 9, 0, 0])

        let marketDay = (0...8).map { TimeOfDay.hms(9, 30) + Double($0) * 55 * minute }
        var expected: [SimTime] = [0]
        for d in 0..<5 { expected += marketDay.map { Double(d) * day + $0 } }
        #expect(isApproximatelyEqual(result.run().grantTimes, expected, absoluteTolerance: 1e-6))
        #expect(expected.last == TimeOfDay.at(day: 4, 16, 50))

        let deliveries = result.run().events(.deliver)
        #expect(deliveries.first.map(announcedReload) == .some(.some(TimeOfDay.hms(9, 30))))
        // Friday 16:50: one entry, next reload Monday 09:30 (day 7, past this 7-day horizon).
        #expect(deliveries.last?.time == TimeOfDay.at(day: 4, 16, 50))
        #expect(deliveries.last?.entries == 1)
        #expect(deliveries.last.map(announcedReload) == .some(.some(TimeOfDay.at(day: 7, 9, 30))))
        // Thursday's close points at Friday's open.
        let thursdayClose = deliveries.first { $0.time == TimeOfDay.at(day: 3, 16, 50) }
        #expect(thursdayClose.map(announcedReload) == .some(.some(TimeOfDay.at(day: 4, 9, 30))))
    }

    @Test("stock market: the Monday after, the first reload is at 09:30")
    func stockMarketNextMonday() {
        let result = Simulator.run(TestScenarios.single(Self.stock, days: 8), events: .reloads)
        #expect(result.run().days.map(\.reloads) == [10, 9, 9, 9, 9, 0, 0, 9])
        let mondayGrants = result.run().grantTimes.filter { $0 >= 7 * day }
        #expect(mondayGrants.first == TimeOfDay.at(day: 7, 9, 30))
        #expect(mondayGrants.last == TimeOfDay.at(day: 7, 16, 50))
    }
}

// MARK: - Seed 002

@Suite("Seed 002: budget arithmetic")
struct Seed002Tests {
    /// Five-minute timelines: 6 entries one minute apart (now … now + 5 min), `.atEnd`.
    static let fiveMinutes = ProviderSpec.fixed(FixedProvider(entries: 6, spacing: minute, policy: .atEnd))
    /// Seed 002's clock: +2 s, then every whole minute, 61 entries, `.atEnd`.
    static let minuteClock = ProviderSpec.fixed(FixedProvider(entries: 61, spacing: minute, firstOffset: 2, align: .minute, policy: .atEnd))
    static let everyMinute = EventProcess(.every(period: minute, offset: 0))

    /// Reloads at 0, 5, …, 345 min use the 70 reloads (70 × 5 = 350 min); the request at 05:50 waits
    /// for midnight: 24 h − 5 h 50 min = 18 h 10 min = 1,090 min exhausted. Each timeline renders its
    /// 6 entries (the last one at the instant of the next reload), 70 × 6 = 420 a day. With the clock
    /// changing every minute, the entry at 05:50 shows 05:50 and the display is stale from 05:51 to
    /// midnight: fresh 351 min, age rising 0 → 1,089 min.
    @Test(
        "5-minute timelines under a midnight budget of 70 run out at 05:50 every day",
        arguments: [false, true])
    func fiveMinuteTimelines(minuteContent: Bool) {
        let scenario = TestScenarios.single(
            Self.fiveMinutes, days: 3, budget: .fixed(70, model: .midnight),
            predictable: minuteContent ? Self.everyMinute : .none)
        let result = Simulator.run(scenario, events: .reloads)
        for (d, metrics) in result.run().days.enumerated() {
            #expect(metrics.charged == 70, "day \(d)")
            #expect(metrics.reloads == 70, "day \(d)")
            #expect(metrics.exempt == 0, "day \(d)")
            #expect(metrics.deferred == 1, "day \(d)")
            #expect(metrics.exhaustedAt == Double(d) * day + 350 * minute, "day \(d)")
            #expect(metrics.exhaustedSeconds == (18 * 60 + 10) * minute, "day \(d)")
            #expect(metrics.renders == 420, "day \(d)")
            if minuteContent {
                let staleFor = day - 351 * minute
                #expect(metrics.freshSeconds == 351 * minute, "day \(d)")
                #expect(isApproximatelyEqual(metrics.ageIntegral, staleFor * staleFor / 2, relativeTolerance: 1e-12))
                #expect(metrics.maxAge == staleFor)
            } else {
                #expect(metrics.freshSeconds == day)
            }
        }
        #expect(result.day(0).requested == 71)  // 70 granted + the one at 05:50 that waits.
        #expect(result.day(1).requested == 70)  // Midnight's grant answers yesterday's request.
        let grants = result.run().grantTimes
        #expect(Array(grants.prefix(71)) == (0..<70).map { Double($0) * 5 * minute } + [day])
        #expect(result.run().events(.deferral).first?.time == 350 * minute)
        #expect(result.summaries[0].exhaustedMinutesPerDay == 1_090)
        #expect(result.summaries[0].chargedPerDay == 70)
    }

    /// Reloads every hour on the hour: 24 a day. Each timeline is +2 s and the 60 whole minutes up to
    /// the next hour. At each hourly reload the old timeline's last entry (hh:00) renders, then the new
    /// timeline's +2 s entry: 1,440 minute entries plus 24 two-second entries = 1,464 a day. Day 0 has
    /// 1,463: its first hour has no hh:00 entry before the +2 s one (and 24:00 belongs to day 1).
    /// Aligned, every minute's entry is dated at the change: fresh all day but the 2-second
    /// placeholder at the very start (age 0 → 2 s, integral 2 s²).
    @Test(
        "60-minute minute-entry clock: 24 reloads a day, ~1,440 renders, the right minute all day",
        arguments: [true, false])
    func minuteClock(minuteContent: Bool) {
        let scenario = TestScenarios.single(
            Self.minuteClock, days: 3,
            predictable: minuteContent ? Self.everyMinute : .none)
        let result = Simulator.run(scenario, events: .reloads)
        let days = result.run().days
        #expect(days.map(\.charged) == [24, 24, 24])
        #expect(days.map(\.deferred) == [0, 0, 0])
        #expect(days.allSatisfy { $0.exhaustedAt == nil && $0.exhaustedSeconds == 0 })
        #expect(days.map(\.renders) == [1_463, 1_464, 1_464])
        #expect(result.run().grantTimes == (0..<72).map { Double($0) * hour })
        #expect(result.run().events(.deliver).allSatisfy { $0.entries == 61 })

        #expect(days[0].freshSeconds == day - 2)
        #expect(days[0].ageIntegral == 2)
        #expect(days[0].maxAge == 2)
        #expect(days[1].freshSeconds == day)
        #expect(days[2].freshSeconds == day)
        #expect(days[1].ageIntegral == 0)
    }

    /// Not aligned, entries are 60 s apart from reload + 2 s and reloads drift: timeline k is fetched
    /// at r_k = 3,602 k s = 60 k min + 2k s, its entries at r_k + 2 + 60 i. A minute change at 60 m
    /// (m ≥ 1) falls in timeline k = ⌊(m − 1) / 60⌋ and is shown 2 (k + 1) s late: 2 s per minute in the
    /// first hour, 4 s in the second, … 48 s in the 24th. Over day 0: the start's 2 s placeholder,
    /// 60 minutes × 2(k + 1) s for k = 0…22, and 59 minutes × 48 s for k = 23 (its 60th change is
    /// at 24:00) = 2 + 120 · 276 + 2,832 = 35,954 s stale. Age integral: Σ (stale)² / 2 =
    /// 2 + 30 · 4 · Σ_{j=1}^{23} j² + 59 · 48² / 2 = 2 + 518,880 + 67,968 = 586,850 s².
    @Test("the same clock not aligned shows a stale minute for 2(k + 1) s of every minute of hour k")
    func unalignedMinuteClock() {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 61, spacing: minute, firstOffset: 2, align: .none, policy: .atEnd))
        // Views probing minute 310 (05:10, served by timeline 5: 12 s late) and minute 61 (01:01, 4 s).
        let probes: [SimTime] = [18_600 + 11, 18_600 + 12, 3_660 + 3, 3_660 + 4, 30, 31]
        let scenario = TestScenarios.single(provider, predictable: Self.everyMinute, views: EventProcess(.times(probes)))
        let run = Simulator.run(scenario, events: .all).run()
        #expect(run.grantTimes == (0..<24).map { Double($0) * 3_602 })
        let today = run.days[0]
        #expect(today.freshSeconds == day - 35_954)
        #expect(today.freshness < 1)
        #expect(today.ageIntegral == 586_850)
        #expect(today.maxAge == 48)
        // One stale stretch per minute of the day (1 + 23 × 60 + 59 = 1,440), each starting on the minute.
        #expect(run.ageSegments.count == 1_440)
        #expect(run.ageSegments.prefix(3).map(\.start) == [0, 60, 120])
        #expect(run.ageSegments.prefix(3).map(\.end) == [2, 62, 122])
        // Segment m is minute m: m = 60 (01:00) is still timeline 0 (2 s), m = 61 is timeline 1 (4 s).
        #expect(run.ageSegments[60].start == 3_600 && run.ageSegments[60].to == 2)
        #expect(run.ageSegments[61].start == 3_660 && run.ageSegments[61].to == 4)
        #expect(run.ageSegments[1_439].start == 86_340 && run.ageSegments[1_439].to == 48)
        let views = run.events(.view).map(\.detail)
        #expect(views == [.fresh, .fresh, .stale(3), .fresh, .stale(11), .fresh])
        #expect(today.views == 6)
        #expect(today.freshViews == 4)
    }
}
