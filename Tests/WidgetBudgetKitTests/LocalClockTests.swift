import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Local time across daylight-saving changes. America/New_York, 2026: clocks go forward on Sunday
/// 8 March at 02:00 EST (07:00 UTC) and back on Sunday 1 November at 02:00 EDT (06:00 UTC).
@Suite("Local clock and simulation calendar")
struct LocalClockTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    /// Saturday 2026-03-07 00:00 EST (05:00 UTC).
    static let springStart = Date(timeIntervalSince1970: 1_772_859_600)
    /// Saturday 2026-10-31 00:00 EDT (04:00 UTC).
    static let fallStart = Date(timeIntervalSince1970: 1_793_419_200)
    /// Sunday 8 March 03:00 EDT, 26 h after the spring start (the 2 AM hour is skipped).
    static let springForward: SimTime = 26 * 3_600

    @Test("UTC basics: weekday, wall clock, midnights, alignment")
    func utcBasics() {
        let clock = LocalClock.utc()
        #expect(clock.weekday(0) == 1)  // Monday 2026-01-05.
        #expect(clock.weekday(5 * 86_400) == 6)
        #expect(clock.weekday(6 * 86_400) == 0)
        #expect(clock.wallSeconds(0) == 1_767_571_200)
        #expect(clock.clockString(3_661.9) == "01:01:01")
        #expect(clock.dateTimeString(0) == "2026-01-05 00:00:00")
        #expect(clock.dateTimeString(26 * 86_400 + 86_399) == "2026-01-31 23:59:59")
        #expect(clock.dateTimeString(27 * 86_400) == "2026-02-01 00:00:00")
        #expect(clock.nextMidnight(after: 0) == 86_400)
        #expect(clock.nextMidnight(after: 86_399.5) == 86_400)
        #expect(clock.nextAligned(after: 2, step: 60) == 60)
        #expect(clock.nextAligned(after: 60, step: 60) == 120)
        #expect(clock.nextAligned(after: 1, step: 900) == 900)
        #expect(clock.secondsOfDay(86_400 + 5) == 5)
        #expect(LocalClock.civilDate(localDay: 0) == (1970, 1, 1))
        #expect(LocalClock.civilDate(localDay: 20_513) == (2026, 3, 1))
        #expect(LocalClock.civilDate(localDay: 11_016) == (2000, 2, 29))
    }

    @Test("spring forward: offsets, wall clock and weekdays around the change")
    func springForwardClock() {
        let clock = LocalClock(start: Self.springStart, timeZone: Self.newYork, horizon: 3 * 86_400)
        #expect(clock.utcOffset(at: 0) == -5 * 3_600)
        #expect(clock.utcOffset(at: Self.springForward - 1) == -5 * 3_600)
        #expect(clock.utcOffset(at: Self.springForward) == -4 * 3_600)
        #expect(clock.clockString(Self.springForward - 1) == "01:59:59")
        #expect(clock.clockString(Self.springForward) == "03:00:00")
        #expect(clock.weekday(0) == 6)  // Saturday.
        #expect(clock.weekday(86_400) == 0)  // Sunday.
        // Monday 00:00 EDT is 23 h after Sunday 00:00 EST.
        #expect(clock.nextMidnight(after: 86_400) == 86_400 + 23 * 3_600)
        #expect(clock.dateTimeString(86_400 + 23 * 3_600) == "2026-03-09 00:00:00")
        // Whole hours are whole hours of local time: after 01:30 EST comes 03:00 EDT.
        #expect(clock.nextAligned(after: 86_400 + 5_400, step: 3_600) == Self.springForward)
        #expect(clock.nextAligned(after: Self.springForward, step: 3_600) == Self.springForward + 3_600)
    }

    /// Local 02:30 on 8 March does not exist; `simTime(wall:)` documents that it answers the instant
    /// after the gap: 03:00 EDT.
    @Test("a wall time inside the spring-forward gap maps to the instant after the gap")
    func springGap() {
        let clock = LocalClock(start: Self.springStart, timeZone: Self.newYork, horizon: 3 * 86_400)
        let startWall = clock.wallSeconds(0)
        #expect(clock.simTime(wall: startWall + 86_400 + 2 * 3_600) == Self.springForward)
        #expect(clock.simTime(wall: startWall + 86_400 + 2.5 * 3_600) == Self.springForward)
        #expect(clock.simTime(wall: startWall + 86_400 + 3 * 3_600) == Self.springForward)
        #expect(clock.simTime(wall: startWall + 86_400 + 1.5 * 3_600) == 86_400 + 5_400)
        #expect(clock.simTime(wall: startWall + 86_400 + 4 * 3_600) == Self.springForward + 3_600)
    }

    /// Sunday 1 November: 01:59:59 EDT is followed by 01:00:00 EST (the fall-back transition, 26 h
    /// after the fall start). The next whole minute is always 60 s away or less in real time.
    @Test("fall back: the next whole minute is found in real time, in both 01:00 hours")
    func fallBackAlignment() {
        let clock = LocalClock(start: Self.fallStart, timeZone: Self.newYork, horizon: 3 * 86_400)
        let fallBack: SimTime = 26 * 3_600
        #expect(clock.clockString(fallBack - 1) == "01:59:59")
        #expect(clock.clockString(fallBack) == "01:00:00")
        #expect(clock.nextAligned(after: fallBack - 30, step: 60) == fallBack)
        #expect(clock.nextAligned(after: fallBack + 2, step: 60) == fallBack + 60)
        #expect(clock.nextAligned(after: fallBack + 1_800, step: 60) == fallBack + 1_860)
        #expect(clock.nextAligned(after: fallBack - 1_800, step: 3_600) == fallBack)
        #expect(clock.nextAligned(after: fallBack + 1, step: 3_600) == fallBack + 3_600)
    }

    /// Seed 002's clock reloads every real hour on the hour. Renders: 1,464 on a 24-hour day (see
    /// Seed002Tests), 1 + 22 × 61 + 60 = 1,403 on the 23-hour day and 1 + 24 × 61 + 60 = 1,525 on the
    /// 25-hour day: no hour of the repeated 01:00 is skipped.
    @Test(
        "seed 002's minute clock across both daylight-saving changes",
        arguments: [(springStart, [24, 23], [1_463, 1_403]), (fallStart, [24, 25], [1_463, 1_525])])
    func minuteClockAcrossDST(start: Date, reloads: [Int], renders: [Int]) {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd))
        let scenario = TestScenarios.single(provider, days: 2, start: start, timeZone: Self.newYork)
        let run = Simulator.run(scenario, events: .reloads).run()
        #expect(run.days.map(\.renders) == renders)
        #expect(run.days.map(\.reloads) == reloads)
        let hours: [SimTime] = (0..<run.grantTimes.count).map { Double($0) * 3_600 }
        #expect(run.grantTimes == hours)
    }

    @Test(
        "days of 23 h and 25 h across the changes",
        arguments: [(springStart, [86_400.0, 82_800, 86_400]), (fallStart, [86_400, 90_000, 86_400])])
    func dayLengths(start: Date, lengths: [Double]) {
        let calendar = SimulationCalendar(start: start, timeZone: Self.newYork, days: 3)
        var starts: [Double] = [0]
        for length in lengths { starts.append(starts.last! + length) }
        #expect(calendar.dayStarts == starts)
        #expect(calendar.horizon == starts.last!)
        #expect(calendar.day(of: starts[1] - 1) == 0)
        #expect(calendar.day(of: starts[1]) == 1)
        #expect(calendar.day(of: starts[3] + 10) == 2)  // Clamped to the last day.

        let scenario = TestScenarios.single(.never, days: 3, start: start, timeZone: Self.newYork)
        #expect(Simulator.run(scenario).run().days.map(\.length) == lengths)
    }

    /// B = 4 at midnight, a request every 5 min: four grants after each local midnight. Sunday's
    /// budget runs out at 00:20 EST and comes back 23 h after Sunday began, at Monday 00:00 EDT.
    @Test("the midnight budget resets at local midnight across the spring-forward day")
    func midnightBudgetAcrossDST() {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 300, policy: .after(300))), days: 3,
            start: Self.springStart, timeZone: Self.newYork, budget: .fixed(4, model: .midnight))
        let run = Simulator.run(scenario, events: .reloads).run()
        let midnights: [SimTime] = [0, 86_400, 169_200]
        let grants: [SimTime] = midnights.flatMap { m in (0..<4).map { m + Double($0) * 300 } }
        let exhaustedAt: [SimTime?] = midnights.map { $0 + 1_200 }
        let exhaustedSeconds: [Double] = [86_400 - 1_200, 82_800 - 1_200, 86_400 - 1_200]
        #expect(run.grantTimes == grants)
        #expect(run.days.map(\.charged) == [4, 4, 4])
        #expect(run.days.map(\.exhaustedAt) == exhaustedAt)
        #expect(run.days.map(\.exhaustedSeconds) == exhaustedSeconds)
    }

    /// In the fall the 01:00–02:00 hour happens twice: Sunday 1 November lasts 25 h and the midnight
    /// budget comes back 25 h after Sunday began.
    @Test("the midnight budget resets at local midnight across the fall-back day")
    func midnightBudgetAcrossFallBack() {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 1, spacing: 300, policy: .after(300))), days: 3,
            start: Self.fallStart, timeZone: Self.newYork, budget: .fixed(4, model: .midnight))
        let run = Simulator.run(scenario, events: .reloads).run()
        let midnights: [SimTime] = [0, 86_400, 176_400]
        let grants: [SimTime] = midnights.flatMap { m in (0..<4).map { m + Double($0) * 300 } }
        #expect(run.grantTimes == grants)
    }

    /// Windows are local time: 09:30 on the spring-forward Sunday is 32 h 30 min − 1 h after the
    /// start, and a window written "02:00-03:00" is empty that day.
    @Test("time windows follow local time across the change")
    func windowsAcrossDST() {
        let clock = LocalClock(start: Self.springStart, timeZone: Self.newYork, horizon: 3 * 86_400)
        let market = IntervalSet(windows: [TimeWindow("09:30-16:00")!], clock: clock, from: 0, to: 3 * 86_400)
        let starts: [SimTime] = [34_200, 86_400 + 30_600, 169_200 + 34_200]  // 09:30 EST, 09:30 EDT, 09:30 EDT.
        let ends: [SimTime] = [57_600, 86_400 + 54_000, 169_200 + 57_600]
        #expect(market.starts == starts)
        #expect(market.ends == ends)
        let gap = IntervalSet(windows: [TimeWindow("02:00-03:00")!], clock: clock, from: 0, to: 3 * 86_400)
        let gapStarts: [SimTime] = [7_200, 169_200 + 7_200]
        #expect(gap.starts == gapStarts)
    }

    /// "every 1m" lands on whole local minutes: 1,440 on Saturday, 1,380 on the 23-hour Sunday, strictly
    /// increasing (no minute twice, none inside the skipped hour).
    @Test("a per-minute process across the spring-forward gap")
    func everyMinuteAcrossGap() {
        let calendar = SimulationCalendar(start: Self.springStart, timeZone: Self.newYork, days: 2)
        var generator = SeededGenerator(seed: 1)
        let times = EventProcess(.every(period: 60, offset: 0)).generate(
            horizon: calendar.horizon, clock: calendar.clock, generator: &generator
        ).times
        #expect(times.count == 1_440 + 1_380)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(times.allSatisfy { $0.truncatingRemainder(dividingBy: 60) == 0 })
        #expect(times.contains(Self.springForward))
        #expect(times.filter { $0 > Self.springForward - 3_600 && $0 < Self.springForward }.count == 59)
    }

    @Test("EventProcess: every aligns to the wall clock, times are clipped and sorted, during filters")
    func eventProcesses() {
        let clock = LocalClock.utc(startEpoch: 1_767_571_200 + 30)  // Starts at 00:00:30.
        var g = SeededGenerator(seed: 3)
        #expect(EventProcess(.every(period: 60, offset: 0)).generate(horizon: 200, clock: clock, generator: &g).times == [30, 90, 150])
        #expect(EventProcess(.every(period: 60, offset: 15)).generate(horizon: 200, clock: clock, generator: &g).times == [45, 105, 165])
        #expect(EventProcess(.times([500, -1, 100, 300])).generate(horizon: 400, clock: clock, generator: &g).times == [100, 300])
        let utc = LocalClock.utc()
        let during = EventProcess(.every(period: 3_600, offset: 0), during: [TimeWindow("07:00-09:00")!])
        #expect(during.generate(horizon: 86_400, clock: utc, generator: &g).times == [7 * 3_600, 8 * 3_600])
        #expect(EventProcess.none.generate(horizon: 86_400, clock: utc, generator: &g).times.isEmpty)
        let poisson = EventProcess(.poisson(perHour: 60)).generate(horizon: 1_000 * 3_600, clock: utc, generator: &g)
        #expect(isApproximatelyEqual(Double(poisson.count), 60_000, relativeTolerance: 0.02))
    }

    /// Clocks without offset changes over their horizon, and random instants and steps: the
    /// inlined `nextAligned` (one offset) gives the walk's answers to the bit (issue #26 engine-2).
    @Test("nextAligned on a clock without offset changes matches the walk over 4,000 random cases")
    func nextAlignedWithoutTransitionsMatchesWalk() {
        var g = SeededGenerator(seed: 2_615)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let january = Date(timeIntervalSince1970: 1_767_571_200)  // Monday 2026-01-05 00:00 UTC.
        var clocks = ["Europe/Paris", "Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns", "UTC"].map {
            LocalClock(start: january, timeZone: TimeZone(identifier: $0)!, horizon: 28 * 86_400)
        }
        clocks += [0.25, 30, 1_767_571_200.75, 1e9 + 0.1].map { LocalClock.utc(startEpoch: $0) }
        for clock in clocks { #expect(clock.largestShift == 0, "\(clock.timeZoneIdentifier) has no offset change") }
        for _ in 0..<4_000 {
            let clock = pick(clocks)
            let step: Double = pick([60, 60, 900, 3_600, 86_400, 1, 7, 0.5, 1e-3])
            let whole = Double(Int64(g.next() % 3_000_000)) - 100_000
            let t: SimTime = pick([whole, whole + g.unit(), whole + 2, whole * step, whole * step - 1e-9, -whole])
            #expect(clock.nextAligned(after: t, step: step) == clock.nextAlignedWalking(after: t, step: step), "\(t) \(step)")
        }
    }

    /// Clocks with offset changes (spring and autumn in Paris, autumn in New York, Lord Howe's
    /// half hour): `nextAligned` (which walks, from the clock's fields) is strictly after `t`, at
    /// most a step and the largest shift later, and its
    /// local time a whole number of steps, and the same as `nextAlignedWalking` (#26 engine-2).
    @Test("nextAligned across offset changes: aligned, at most a step on, as the walk, over 4,000 cases")
    func nextAlignedAcrossTransitions() {
        var g = SeededGenerator(seed: 2_616)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let clocks = [
            (1_774_396_800, "Europe/Paris"), (1_792_454_400, "Europe/Paris"), (1_792_454_400, "America/New_York"),
            (1_790_553_600, "Australia/Lord_Howe"),
        ].map { LocalClock(start: Date(timeIntervalSince1970: $0.0), timeZone: TimeZone(identifier: $0.1)!, horizon: 14 * 86_400) }
        for clock in clocks { #expect(clock.largestShift > 0, "\(clock.timeZoneIdentifier) changes its offset") }
        for _ in 0..<4_000 {
            let clock = pick(clocks)
            let step: Double = pick([60, 900, 1_800, 3_600, 86_400])
            let t = Double(g.next() % (14 * 86_400)) + pick([0, 0.5, g.unit()])
            let next = clock.nextAligned(after: t, step: step)
            #expect(next > t && next - t <= step + 3_600, "\(t) \(step): \(next)")
            #expect(clock.secondsOfDay(next).truncatingRemainder(dividingBy: step) == 0, "\(t) \(step): \(next)")
            #expect(next == clock.nextAlignedWalking(after: t, step: step), "\(t) \(step)")
        }
    }

    /// `LocalClock.roundedDown` (the aligned instant's floor without the C library's call) gives
    /// `rounded(.down)`'s bits, the zero's sign included: zeros, halves and ties either side of
    /// whole numbers, the edges of 2^52, the infinities and NaN, and 20,000 seeded values of
    /// every magnitude from 2^-60 to 2^60, either sign (#26 engine-2).
    @Test("roundedDown gives rounded(.down)'s bits over edges and 20,000 random values")
    func roundedDownMatchesTheLibrary() {
        var g = SeededGenerator(seed: 2_617)
        var values: [Double] = [0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 3.5, 0x1p52, 0x1p53, .infinity, .nan, .leastNonzeroMagnitude]
        values += [0x1p52.nextDown, 0x1p52.nextUp, 0x1p51 + 0.5, 1.0.nextDown, 1.0.nextUp, 0.5.nextDown, 0.5.nextUp]
        for _ in 0..<20_000 {
            let exponent = Double(Int(g.next() % 121) - 60)
            let whole = Double(g.next() % 4)
            values.append([g.unit() * pow(2, exponent), whole + g.unit(), whole, whole + 0.5][Int(g.next() % 4)])
        }
        for magnitude in values {
            for q in [magnitude, -magnitude] {
                let fast = LocalClock.roundedDown(q), library = q.rounded(.down)
                #expect(fast.bitPattern == library.bitPattern || (fast.isNaN && library.isNaN), "\(q): \(fast) against \(library)")
            }
        }
    }
}
