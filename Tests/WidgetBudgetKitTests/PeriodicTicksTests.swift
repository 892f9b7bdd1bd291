import Foundation
import Testing
import WidgetBudgetKit

/// `every` processes as a stream and as "the first tick after t", against the list the engine drew
/// before (the reference loop below is that code, kept as the oracle), across daylight-saving
/// changes with one-hour and half-hour shifts.
@Suite("Periodic ticks and event streams")
struct PeriodicTicksTests {
    /// The list `EventProcess.generate` returned for `every` before streams: tick k at wall time
    /// k × period + offset, from the first at or after the start, one event per instant.
    static func referenceTicks(period: Double, offset: Double, clock: LocalClock, horizon: Double) -> [SimTime] {
        var out: [SimTime] = []
        var k = ((clock.wallSeconds(0) - offset) / period).rounded(.up)
        while true {
            let t = clock.simTime(wall: k * period + offset)
            if t >= horizon { break }
            if t >= 0 && t > (out.last ?? -.infinity) { out.append(t) }
            k += 1
        }
        return out
    }

    /// Starts a few days before a transition in each direction, in zones shifting by 1 h and 30 min.
    static let clocks: [(LocalClock, Double)] = {
        let cases: [(String, Double)] = [
            ("America/New_York", 1_772_859_600),  // Sat 7 Mar 2026: forward on the 8th.
            ("America/New_York", 1_793_419_200 + 1_234),  // Sat 31 Oct 2026 00:20:34: back on 1 Nov.
            ("Australia/Lord_Howe", 1_775_300_000),  // April 2026: back by 30 min.
            ("Europe/Paris", 1_767_567_600),  // Mon 5 Jan 2026, no transition.
        ]
        return cases.map { zone, epoch in
            let horizon = 3 * 86_400.0
            return (LocalClock(start: Date(timeIntervalSince1970: epoch), timeZone: TimeZone(identifier: zone)!, horizon: horizon), horizon)
        }
    }()

    @Test("the stream draws exactly the reference list, and the first tick after any t matches it")
    func streamAndFirstAfterMatchReference() {
        var random = SeededGenerator(seed: 12)
        let periods: [Double] = [37.5, 60, 90, 300, 1_800, 3_600, 5_400, 86_400]
        for (clock, horizon) in Self.clocks {
            // A fractional offset, and whole-second ones (the stream then draws runs of ticks by
            // addition, `exactRun`).
            for period in periods {
                for offset in [(Double(random.next() % 1_000) / 1_000 - 0.5) * period, 0, (period / 3).rounded(.down)] {
                    checkStream(period: period, offset: offset, clock: clock, horizon: horizon, random: &random)
                }
            }
        }
    }

    private func checkStream(period: Double, offset: Double, clock: LocalClock, horizon: Double, random: inout SeededGenerator) {
        let reference = Self.referenceTicks(period: period, offset: offset, clock: clock, horizon: horizon)
        var g = SeededGenerator(seed: 1)
        let streamed = EventProcess(.every(period: period, offset: offset)).generate(horizon: horizon, clock: clock, generator: &g)
        #expect(streamed.times == reference, "period \(period) offset \(offset) in \(clock.timeZoneIdentifier)")
        let ticks = PeriodicTicks(period: period, offset: offset, clock: clock, horizon: horizon)
        let list = EventTimes(reference)
        var probes: [SimTime] = [-.infinity, -1, 0, horizon - 1, horizon, .infinity]
        // Ticks spread over the run, and every tick next to a daylight-saving jump.
        let step = max(1, reference.count / 200)
        let jumps = reference.indices.dropFirst().filter { reference[$0] - reference[$0 - 1] != period }
        let picked = Array(stride(from: 0, to: reference.count, by: step)) + jumps.flatMap { [$0 - 1, $0] }
        probes += picked.map { reference[$0] }.flatMap { [$0, $0 - 0.25, $0.nextDown, $0.nextUp] }
        probes += (0..<200).map { _ in random.unit() * horizon }
        for t in probes where ticks.firstAfter(t) != list.firstAfter(t) {
            Issue.record(
                "first after \(t): \(ticks.firstAfter(t)) != \(list.firstAfter(t)) (period \(period), \(clock.timeZoneIdentifier))")
            break
        }
    }

    /// Issue 11: `every: 1s, offset: 1e16` spun forever (`k += 1` no longer changed k near 1e16).
    /// 1e16 is a whole number of seconds, so the ticks are every whole second: 86,400 in a UTC day
    /// that starts on one.
    @Test("a huge offset terminates and means offset modulo the period")
    func hugeOffset() {
        var g = SeededGenerator(seed: 1)
        let times = EventProcess(.every(period: 1, offset: 1e16)).generate(horizon: 86_400, clock: .utc(), generator: &g).times
        #expect(times.count == 86_400)
        #expect(times.first == 0 && times.last == 86_399)
        let shifted = EventProcess(.every(period: 60, offset: 1e16 + 30)).generate(horizon: 3_600, clock: .utc(), generator: &g).times
        // 1e16 + 30 rounds to 1e16 + 30 exactly (1e16 is a multiple of 2 and 30 is even); 1e16 mod 60 = 40,
        // so ticks fall at 70 mod 60 = 10 s past each minute.
        #expect(shifted.first == 10 && shifted.count == 60)
    }

    @Test("a Poisson process on its own draws from item 0's stream; generate leaves the purpose's stream one draw on")
    func poissonAdvancesGenerator() {
        var a = SeededGenerator(seed: 5)
        let process = EventProcess(.poisson(perHour: 30))
        let drawn = process.generate(horizon: 86_400, clock: .utc(), generator: &a)
        // The purpose's stream gives one key; item 0 of it (a process on its own is item 0 of a
        // list of one) draws exponential gaps (mean 120 s), by hand here: the same instants.
        var keys = SeededGenerator(seed: 5)
        var b = EventStream.itemGenerator(keys.next(), item: 0)
        var t = 0.0, expected: [SimTime] = []
        while true {
            t += -120 * log1p(-b.unit())
            if t >= 86_400 { break }
            expected.append(t)
        }
        #expect(drawn.times == expected)
        #expect(a.next() == keys.next())
        // The same process as the first item of a list of two: the same instants.
        let listed = EventProcess(.merged([process, EventProcess(.every(period: 3_600, offset: 1_800))]))
        var c = SeededGenerator(seed: 5)
        let first = listed.generate(horizon: 86_400, clock: .utc(), generator: &c).times.filter {
            $0.truncatingRemainder(dividingBy: 1_800) != 0
        }
        #expect(first == expected)
    }

    /// `exactRun` promises ticks `k … k + n` exactly one period apart and before the horizon. By
    /// hand: Paris in January has no offset change for weeks, so a 60 s grid from 00:00 runs to the
    /// horizon (3 days: ticks 0 … 259,140 s, 4,320 of them, 4,319 steps). New York's clocks go
    /// forward 26 h after the start (93,600 s); the plain stretch ends the largest shift (3,600 s)
    /// and a second of margin before (89,999 s), so the last tick counted is 89,940 s (1,499 steps).
    @Test("exactRun: ticks counted by arithmetic are the ticks, and stop before offset changes")
    func exactRun() {
        let (newYork, _) = Self.clocks[0]
        let (paris, horizon) = Self.clocks[3]
        let grid = PeriodicTicks(period: 60, offset: 0, clock: paris, horizon: horizon)
        #expect(grid.exactRun(from: grid.firstIndex, maxSteps: 10_000) == 4_319)
        #expect(grid.exactRun(from: grid.firstIndex, maxSteps: 100) == 100)
        let spring = PeriodicTicks(period: 60, offset: 0, clock: newYork, horizon: horizon)
        #expect(spring.exactRun(from: spring.firstIndex, maxSteps: 10_000) == 1_499)
        // Not whole seconds: never counted by arithmetic.
        #expect(PeriodicTicks(period: 37.5, offset: 0, clock: paris, horizon: horizon).exactRun(from: 0, maxSteps: 10) == 0)
        #expect(PeriodicTicks(period: 60, offset: 0.5, clock: paris, horizon: horizon).exactRun(from: 0, maxSteps: 10) == 0)
        // Every promise kept, from every tick of every clock, across every transition.
        for (clock, horizon) in Self.clocks {
            for period in [60.0, 900, 3_600] {
                let ticks = PeriodicTicks(period: period, offset: 30, clock: clock, horizon: horizon)
                var k = ticks.firstIndex
                while ticks.time(ofIndex: k) < horizon {
                    let n = ticks.exactRun(from: k, maxSteps: 500)
                    let start = ticks.time(ofIndex: k)
                    for j in stride(from: 0, through: n, by: 1) where ticks.time(ofIndex: k + Double(j)) != start + Double(j) * period {
                        Issue.record("tick \(k) + \(j) of \(period) s in \(clock.timeZoneIdentifier) is not on the grid")
                        break
                    }
                    #expect(n == 0 || start + Double(n) * period < horizon)
                    k += 37
                }
            }
        }
    }
}
