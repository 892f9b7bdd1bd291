import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Entries a whole number of periods apart, or closer than a period, rendered in strides
/// (`WidgetSimulation.strideRun`, `StaleStride.advance`: `--events none`, no render delay) against
/// the event-by-event engine (`--events all`, which never strides), to the bit, on randomised
/// scenarios built to start strides and to end them every way one ends; and days computed by hand.
@Suite("Stale strides against the event-by-event engine and a hand computation")
struct StaleStrideTests {
    /// A random scenario whose timelines stride: a fixed provider with entries 1, 2 or 5 periods of
    /// an `every` grid apart, aligned or not, no render delay; with what cuts strides short: the
    /// grid's offset, unpredictable changes (`fetchStale`), views sparse, dense or in a window,
    /// policies, app reloads (`limit`), tight budgets (reloads that wait), day ends and a
    /// daylight-saving change (the end of the grid's exact stretch). Only grids of whole seconds
    /// have an exact stretch (`PeriodicTicks.exactRun`): offsets 0, 7 and 29 s stride, offsets
    /// 7.25 and 29.5 s never do (the render loop's path, compared all the same). A 70 s period
    /// does not divide the hour: its ticks move against the UTC grid at a daylight-saving change.
    /// With seed 7,341, 62 of the 100 scenarios stride (about 66,000 entries in 5,400 strides),
    /// each way a stride ends reached in at least 2 of them (the grid's exact stretch ending in 14).
    ///
    /// With `close`, entries closer than a period instead (`StaleStride` with `step = period`):
    /// half a period (each entry alone shares the stale start of the one before, or none does when
    /// dated on the grid), a third (two share it: the render loop's path), three quarters, a
    /// second short of the period (the odd entry shares), and 30 or 50 s against a 70 s period;
    /// grid offsets of whole seconds only (the others never stride). With seed 4,127, 88 of the 100
    /// close scenarios stride (about 127,000 entries in 14,100 strides), every pair of spacing and
    /// period among them (20 s against 60 s an entry or two at a time: only the last of three
    /// entries sharing a stale start goes on).
    static func randomScenario(_ g: inout SeededGenerator, close: Bool = false) -> Scenario {
        let morning = TimeWindow(start: 7 * 3_600, end: 10 * 3_600)
        return GridScenarios(
            grid: close
                ? .pairs([(60, 30), (60, 30), (60, 20), (60, 45), (60, 59), (20, 10), (70, 30), (70, 50)])
                : .periods([20, 60, 60, 70], spacingFactors: [1, 2, 5]),
            entries: [12, 61, 120, 240], aligns: [.none, .none, .minute], policies: [.atEnd, .after(900), .after(3_600), .never],
            appReloads: [
                [], GridScenarios.appReloads(EventProcess(.poisson(perHour: 1))),
                GridScenarios.appReloads(EventProcess(.poisson(perHour: 6))),
            ],
            starts: [GridScenarios.utc, GridScenarios.utc, GridScenarios.parisSpring, GridScenarios.parisAutumn], days: [1, 2, 2, 3],
            gridOffsets: close ? [0, 0, 7, 29] : [0, 0, 7, 29, 7.25, 29.5],
            unpredictable: [.none, .none, EventProcess(.poisson(perHour: 0.5)), EventProcess(.poisson(perHour: 4))],
            views: [
                .none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60)),
                EventProcess(.poisson(perHour: 60), during: [morning]),
            ]
        ).draw(&g)
    }

    @Test("100 random striding scenarios render, age and view the same, to the bit, either way")
    func stridesMatchEventByEvent() {
        var g = SeededGenerator(seed: 7_341)
        for i in 0..<100 {
            let scenario = Self.randomScenario(&g)
            if Self.strideFreshRunSplits.contains(i) {
                Self.expectSameButLastBits(scenario, "scenario \(i)")
            } else {
                Self.expectSameEitherWay(scenario, "scenario \(i)")
            }
        }
    }

    @Test("100 random scenarios of entries closer than a period: the same, to the bit, either way")
    func closeStridesMatchEventByEvent() {
        var g = SeededGenerator(seed: 4_127)
        for i in 0..<100 {
            let scenario = Self.randomScenario(&g, close: true)
            if Self.freshRunSplits.contains(i) {
                Self.expectSameButLastBits(scenario, "close scenario \(i)")
            } else {
                Self.expectSameEitherWay(scenario, "close scenario \(i)")
            }
        }
    }

    /// Close scenarios whose `freshSeconds` differs in its last bit between `--events none` and
    /// `--events all`, as `FreshRun` documents (entries rendering while the display is fresh are
    /// counted in bulk, so the fresh time is added at fewer points; `StaleRenderRunTests` allows it
    /// too): entries aligned on the minute (some dated on a tick), the first 0.37 s after a reload,
    /// 20 s (scenario 20) or 30 s (scenario 66) apart, ticks every whole minute. With the streams of
    /// issue #23 item 2: scenario 20 (replication 1) 27,862.046835993446 against
    /// 27,862.04683599345; scenario 66 (replication 0) 12,839.63 against 12,839.630000000001;
    /// scenario 68 (below). Not the stride: the same with `strideRun` off, gone with `freshRuns` off.
    static let freshRunSplits: Set<Int> = [20, 66, 68]
    /// The same last-bit split among the striding scenarios: scenario 24 (240 entries 20 s apart,
    /// aligned on the minute; replication 0): 38,718.36697575918 against 38,718.36697575917. Which
    /// scenarios split depends on the draws: with the random streams of issue #23 item 2 close
    /// scenario 68 (8,544.139958076279 against 8,544.13995807628) and striding scenario 24 joined
    /// 20 and 66; the counts and every other sum stay equal to the bit.
    static let strideFreshRunSplits: Set<Int> = [24]

    /// `expectSameEitherWay` for a scenario whose fresh runs add the fresh time at fewer points:
    /// the same counts, and sums within 1e-12 relative (adding a day's few thousand terms at other
    /// points moves a sum by at most n·u of it, n·2^-53 ≈ 3·10^-13 for n = 3,000).
    static func expectSameButLastBits(_ scenario: Scenario, _ name: String) {
        let fast = Simulator.run(scenario, events: .none)
        let exact = Simulator.run(scenario, events: .all)
        #expect(fast.runs.count == exact.runs.count, "\(name)")
        for (a, b) in zip(fast.runs, exact.runs) {
            let x = a[0], y = b[0]
            #expect(x.days.map(\.renders) == y.days.map(\.renders), "\(name)")
            #expect(x.days.map(\.views) == y.days.map(\.views), "\(name)")
            #expect(x.days.map(\.freshViews) == y.days.map(\.freshViews), "\(name)")
            for (p, q) in zip(x.days, y.days) {
                #expect(isApproximatelyEqual(p.freshSeconds, q.freshSeconds, relativeTolerance: 1e-12), "\(name)")
                #expect(isApproximatelyEqual(p.ageIntegral, q.ageIntegral, relativeTolerance: 1e-12), "\(name)")
                #expect(isApproximatelyEqual(p.maxAge, q.maxAge, relativeTolerance: 1e-12), "\(name)")
            }
        }
    }

    /// Runs `scenario` with `--events none` (strides) and `--events all` (event by event) and
    /// expects the same days and stale stretches, to the bit.
    static func expectSameEitherWay(_ scenario: Scenario, _ name: String) {
        let fast = Simulator.run(scenario, events: .none)
        let exact = Simulator.run(scenario, events: .all)
        #expect(fast.runs.count == exact.runs.count, "\(name)")
        for (r, (a, b)) in zip(fast.runs, exact.runs).enumerated() {
            let x = a[0], y = b[0]
            let label = "\(name), replication \(r): \(scenario.widgets[0].provider) \(scenario.widgets[0].predictable) \(scenario.system)"
            #expect(x.days.map(\.renders) == y.days.map(\.renders), "\(label)")
            #expect(x.days.map(\.views) == y.days.map(\.views), "\(label)")
            #expect(x.days.map(\.reloads) == y.days.map(\.reloads), "\(label)")
            // The same additions in the same order: the same sums, to the bit.
            #expect(x.days == y.days, "\(label)")
            #expect(x.ageSegments == y.ageSegments, "\(label)")
        }
    }

    /// One reload at 0 (no delay, `.never`), `entries` entries at 30 s + 120 j, a grid tick every
    /// whole minute: entry j shows every change up to its date, so it is fresh from its render
    /// (30 + 120 j) to the tick after it (60 + 120 j), then stale from age 0 to age 90 at the next
    /// entry's render; the last one stays stale to the day's end. Before the first render (0 to
    /// 30 s) the placeholder is stale since 0 (age 0 to 30). All values are whole numbers far below
    /// 2^53: every sum is exact whatever its order.
    @Test("entries 30 s after a tick and two periods apart: one day by hand", arguments: [61, 240])
    func handComputedDay(entries: Int) {
        let provider = FixedProvider(entries: entries, spacing: 120, firstOffset: 30, align: .none, policy: .never)
        let scenario = TestScenarios.single(
            .fixed(provider), days: 1, replications: 1, seed: 3, start: TestScenarios.mondayUTC,
            timeZone: TestScenarios.utc, budget: .fixed(70),
            system: SystemSettings(reloadDelay: .zero, renderDelay: .zero, minReloadInterval: 300),
            predictable: EventProcess(.every(period: 60, offset: 0)))
        let n = Double(entries)
        let lastTick = 60 + 120 * (n - 1)  // The last entry's stale start.
        let tail = 86_400 - lastTick  // Its stale stretch, to the day's end.
        let placeholder = 30.0 * 30 / 2
        let expectedFresh = 30 * n
        let expectedAgeIntegral = placeholder + (n - 1) * (90 * 90 / 2) + tail * tail / 2
        let expectedMaxAge = max(30, 90, tail)
        // 240 entries: fresh 7,200 s; age integral 450 + 239 × 4,050 + 57,660² / 2 = 1,663,306,200.
        if entries == 240 {
            #expect(expectedFresh == 7_200)
            #expect(expectedAgeIntegral == 1_663_306_200)
            #expect(expectedMaxAge == 57_660)
        }
        for events in [EventLevel.none, .all] {
            let day = Simulator.run(scenario, events: events).day(0)
            #expect(day.renders == entries, "events \(events)")
            #expect(day.views == 0, "events \(events)")
            #expect(day.freshSeconds == expectedFresh, "events \(events)")
            #expect(day.ageIntegral == expectedAgeIntegral, "events \(events)")
            #expect(day.maxAge == expectedMaxAge, "events \(events)")
        }
    }

    /// One reload at 0 (no delay, `.never`), `entries` entries at `first` + 30 j, half a period of
    /// a grid ticking every whole minute: the entries pair up, one at 60 k + 10 fresh until the
    /// tick at 60 k + 60, the next at 60 k + 40 sharing that stale start (its render changes no
    /// sum), stale from age 0 to age 10 when the next pair renders at 60 k + 70. Before the first
    /// render the placeholder is stale since 0 (age 0 to `first`); the last entries stay stale
    /// from their tick to the day's end. Default memory settings allow 384 entries (24 MB over the
    /// 6 MB base at 64 KB each); with 8 KB entries and 2,880-entry timelines allowed, they fill the
    /// day. From 10 s the engine counts each pair's second entry in bulk (`countInBulk(.sharing)`)
    /// and never strides; from 40 s the first entry goes stale alone (fresh 20 s, stale 10 s) and
    /// the rest stride (`StaleStride` with `step = period`). All values are whole numbers far below
    /// 2^53: every sum is exact whatever its order.
    ///
    /// - 10 s, 384 entries: 192 pairs, fresh 192 × 50 = 9,600 s; age integral 10² / 2 + 191 × 50 +
    ///   74,880² / 2 (the last tick at 11,520 s) = 2,803,516,800; max age 74,880.
    /// - 10 s, 2,880 entries: 1,440 pairs, fresh 72,000 s; age integral 50 + 1,439 × 50 = 72,000
    ///   (the last tick at 24 h); max age 10.
    /// - 40 s, 384 entries: fresh 20 + 191 × 50 + 50 (the last entry alone, at 11,530 s) = 9,620
    ///   s; age integral 40² / 2 + 50 + 191 × 50 + 74,820² / 2 = 2,799,026,600; max age 74,820.
    /// - 40 s, 2,880 entries: the last one (at 86,410 s) after the day: 2,879 renders; fresh 20 +
    ///   1,439 × 50 = 71,970 s; age integral 800 + 50 + 1,438 × 50 = 72,750 (the last tick at
    ///   24 h); max age 40.
    @Test(
        "entries half a period apart: one day by hand",
        arguments: [
            HalfPeriodDay(entries: 384, first: 10, renders: 384, fresh: 9_600, ageIntegral: 2_803_516_800, maxAge: 74_880),
            HalfPeriodDay(entries: 2_880, first: 10, renders: 2_880, fresh: 72_000, ageIntegral: 72_000, maxAge: 10),
            HalfPeriodDay(entries: 384, first: 40, renders: 384, fresh: 9_620, ageIntegral: 2_799_026_600, maxAge: 74_820),
            HalfPeriodDay(entries: 2_880, first: 40, renders: 2_879, fresh: 71_970, ageIntegral: 72_750, maxAge: 40),
        ])
    func handComputedHalfPeriodDay(_ expected: HalfPeriodDay) {
        let entries = expected.entries
        let provider = FixedProvider(
            entries: entries, spacing: 30, firstOffset: expected.first, align: .none, policy: .never)
        var system = SystemSettings(reloadDelay: .zero, renderDelay: .zero, minReloadInterval: 300)
        var memory = MemorySettings()
        if entries > 384 {
            memory.perEntryKB = 8
            system.maxEntries = entries
        }
        #expect(memory.maxEntries >= entries && system.maxEntries >= entries)
        #expect(MemorySettings().maxEntries == 384)
        let scenario = TestScenarios.single(
            .fixed(provider), days: 1, replications: 1, seed: 11, start: TestScenarios.mondayUTC,
            timeZone: TestScenarios.utc, budget: .fixed(70), memory: memory, system: system,
            predictable: EventProcess(.every(period: 60, offset: 0)))
        for events in [EventLevel.none, .all] {
            let day = Simulator.run(scenario, events: events).day(0)
            #expect(day.reloads == 1, "events \(events)")
            #expect(day.kills == 0 && day.rejections == 0, "events \(events)")
            #expect(day.renders == expected.renders, "events \(events)")
            #expect(day.views == 0, "events \(events)")
            #expect(day.freshSeconds == expected.fresh, "events \(events)")
            #expect(day.ageIntegral == expected.ageIntegral, "events \(events)")
            #expect(day.maxAge == expected.maxAge, "events \(events)")
        }
    }

    /// A day of `handComputedHalfPeriodDay`: the timeline and the sums computed by hand.
    struct HalfPeriodDay: Sendable, CustomTestStringConvertible {
        var entries: Int, first: Double
        var renders: Int, fresh: Double, ageIntegral: Double, maxAge: Double
        var testDescription: String { "\(entries) entries from \(first) s" }
    }

    /// A reload every hour on the hour (`.after(1 h)`, no delay, budget to spare), 14 entries
    /// aligned on the minute 5 min apart, a tick at 7 s past every minute: from each reload `r`,
    /// entry 0 at `r` is fresh 7 s then stale to age 53 at entry 1 (`r` + 1 min); entries 1 to 11,
    /// at `r` + 1 min + 5 min × (j − 1), are fresh 7 s then stale to age 293; entry 12 (at `r` +
    /// 56 min) is fresh 7 s then stale to age 233 at the next reload (or the day's end); entry 13
    /// (`r` + 61 min) never renders. Strides are cut by the policy reload each hour.
    @Test("hourly reloads cut strides of minute-aligned entries five periods apart: one day by hand")
    func handComputedHourlyDay() {
        let provider = FixedProvider(entries: 14, spacing: 300, firstOffset: 0, align: .minute, policy: .after(3_600))
        let scenario = TestScenarios.single(
            .fixed(provider), days: 1, replications: 1, seed: 5, start: TestScenarios.mondayUTC,
            timeZone: TestScenarios.utc, budget: .fixed(70),
            system: SystemSettings(reloadDelay: .zero, renderDelay: .zero, minReloadInterval: 300),
            predictable: EventProcess(.every(period: 60, offset: 7)))
        let hourFresh = 13 * 7.0
        let hourAge = 53.0 * 53 / 2 + 11 * (293.0 * 293 / 2) + 233.0 * 233 / 2
        #expect(hourFresh + 53 + 11 * 293 + 233 == 3_600)
        #expect(24 * hourFresh == 2_184)
        #expect(24 * hourAge == 12_017_244)
        for events in [EventLevel.none, .all] {
            let day = Simulator.run(scenario, events: events).day(0)
            #expect(day.reloads == 24, "events \(events)")
            #expect(day.renders == 24 * 13, "events \(events)")
            #expect(day.freshSeconds == 24 * hourFresh, "events \(events)")
            #expect(day.ageIntegral == 24 * hourAge, "events \(events)")
            #expect(day.maxAge == 293, "events \(events)")
        }
    }
}
