import Foundation
import Testing
import WidgetBudgetKit

/// Each model's needed budget (closed form for `rolling-24h` and `midnight`, a narrowed search for
/// `token-bucket`) against the reference, a binary search over B of replays through `ReloadBudget`
/// (`NeededBudget.minimumBySearch`), on random ascending charge lists (a seeded property test):
/// bursts, equal times, charges exactly 24 hours (or a multiple of 24 h / k) apart, fractional
/// times, and clocks with daylight-saving changes.
@Suite("Needed budget without a search")
struct NeededBudgetTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let santiago = TimeZone(identifier: "America/Santiago")!
    /// Clocks of 4 days: UTC, New York across its spring and fall changes, Paris across its spring
    /// change, and Santiago, whose change happens at midnight (a local day that starts at 01:00 or
    /// repeats its last hour).
    static let clocks: [LocalClock] = [
        .utc(),
        LocalClock(start: Date(timeIntervalSince1970: 1_772_859_600), timeZone: newYork, horizon: 4 * 86_400),
        LocalClock(start: Date(timeIntervalSince1970: 1_793_419_200), timeZone: newYork, horizon: 4 * 86_400),
        LocalClock(start: Date(timeIntervalSince1970: 1_774_652_400), timeZone: paris, horizon: 4 * 86_400),
        LocalClock(start: Date(timeIntervalSince1970: 1_775_185_200), timeZone: santiago, horizon: 4 * 86_400),
        LocalClock(start: Date(timeIntervalSince1970: 1_788_508_800), timeZone: santiago, horizon: 4 * 86_400),
    ]

    /// A random ascending list of charge times within about 4 days.
    static func randomCharges(_ g: inout SeededGenerator) -> [SimTime] {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let whole = pick([true, true, false])
        switch g.next() % 4 {
        case 0:
            // Evenly spaced, often a divisor of 24 h (so charges fall exactly 24 h apart).
            let period: Double = pick([2_160, 1_800, 3_600, 864, 2_100, 600, 5_400, 86_400 / 7])
            let start: Double = pick([0, 13, 0.25, 3_600])
            let n = Int(g.next() % 300)
            return (0..<n).map { start + Double($0) * period }
        case 1:
            // Poisson-like gaps, some zero (equal times), some exactly 24 h back from a recent one.
            let mean: Double = pick([60, 600, 1_800, 3_600, 7_200])
            let n = Int(g.next() % 400)
            var times: [SimTime] = []
            var t = pick([0.0, 7.5, 100])
            for _ in 0..<n {
                let u = g.unit()
                if u < 0.1 {
                    // No gap.
                } else if u < 0.2, let back = times.dropLast(Int(g.next() % 5)).last, back + 86_400 > t {
                    t = back + 86_400
                } else {
                    let gap = -mean * log(1 - g.unit())
                    t += whole ? gap.rounded() : gap
                }
                times.append(t)
            }
            return times
        case 2:
            // Bursts: a few dense clusters across the days.
            var times: [SimTime] = []
            for _ in 0..<(1 + Int(g.next() % 8)) {
                var t = (g.unit() * 4 * 86_400).rounded()
                for _ in 0..<Int(g.next() % 60) {
                    t += whole ? Double(g.next() % 120) : g.unit() * 120
                    times.append(t)
                }
            }
            return times.sorted()
        default:
            // Whole hours and minutes around local midnights, plus random times.
            let n = Int(g.next() % 200)
            return (0..<n).map { _ in Double(g.next() % UInt64(4 * 1_440)) * 60 + pick([0, 0, 0.5]) }.sorted()
        }
    }

    @Test("each model's needed budget equals the reference search on random charge lists", arguments: BudgetModel.allCases)
    func closedFormMatchesSearch(model: BudgetModel) {
        var g = SeededGenerator(seed: 12)
        for i in 0..<400 {
            let times = Self.randomCharges(&g)
            let clock = Self.clocks[i % Self.clocks.count]
            let fast = NeededBudget.minimum(chargeTimes: times, model: model, clock: clock)
            let reference = NeededBudget.minimumBySearch(chargeTimes: times, model: model, clock: clock)
            #expect(fast == reference, "case \(i): \(times.count) charges, clock \(clock.timeZoneIdentifier)")
            // And it is the smallest that suffices.
            #expect(NeededBudget.suffices(fast, chargeTimes: times, model: model, clock: clock))
            if fast > 1 { #expect(!NeededBudget.suffices(fast - 1, chargeTimes: times, model: model, clock: clock)) }
        }
    }

    /// `RollingWindowBudget.neededBudget` as it was: two cursors, a count and a `max` a charge.
    static func twoCursors(_ chargeTimes: [SimTime]) -> Int {
        var most = 1, first = 0
        for (i, t) in chargeTimes.enumerated() {
            while chargeTimes[first] + Seconds.day <= t { first += 1 }
            most = Swift.max(most, i - first + 1)
        }
        return most
    }

    @Test("the rolling window's count raised by one comparison a charge: the two cursors' count")
    func rollingWindowAsTwoCursors() {
        var g = SeededGenerator(seed: 2_703)
        let clock = Self.clocks[0]
        for i in 0..<5_000 {
            var times = Self.randomCharges(&g)
            // Dense days too: many charges within one window, equal times and times a day apart.
            if i % 3 == 0 { times = times.map { ($0 / 16).rounded(.down) } }
            let fast = RollingWindowBudget.neededBudget(chargeTimes: times, clock: clock)
            #expect(fast == Self.twoCursors(times), "case \(i): \(times.count) charges")
        }
    }

    /// `RollingWindowBudget.neededBudget` as round 11 left it: `most` raised by one comparison a
    /// charge, the charge compared with found as `i - most`.
    static func oneComparison(_ chargeTimes: [SimTime]) -> Int {
        chargeTimes.withUnsafeBufferPointer { times in
            var most = 1
            for i in times.indices {
                let t = times[i]
                while i >= most && times[i &- most] + Seconds.day > t { most &+= 1 }
            }
            return most
        }
    }

    @Test("the rolling window's count with the charge compared with kept: the count by `i - most`")
    func rollingWindowByTheChargeBack() {
        var g = SeededGenerator(seed: 2_704)
        let clock = Self.clocks[0]
        // No charge, one, two equal, two a day apart, and just under.
        let small: [[SimTime]] = [[], [5], [5, 5], [0, 86_400], [0, 86_399.5], [0, 0, 86_400, 86_400]]
        for times in small {
            #expect(RollingWindowBudget.neededBudget(chargeTimes: times, clock: clock) == Self.oneComparison(times))
        }
        for i in 0..<5_000 {
            var times = Self.randomCharges(&g)
            // Dense days, all in one window, and unsorted lists (the old loop's answer, whatever it is).
            if i % 3 == 0 { times = times.map { ($0 / 16).rounded(.down) } }
            if i % 7 == 1 { times = times.map { $0 / 1_000 } }
            if i % 11 == 2 { times.shuffle(using: &g) }
            let fast = RollingWindowBudget.neededBudget(chargeTimes: times, clock: clock)
            #expect(fast == Self.oneComparison(times), "case \(i): \(times.count) charges")
        }
    }

    @Test("midnight counts the local day across daylight-saving changes")
    func midnightAcrossDST() {
        // New York, Sunday 8 March 2026: the local day is 23 hours long.
        let clock = Self.clocks[1]
        let dayStart = clock.nextMidnight(after: 0)
        let next = clock.nextMidnight(after: dayStart)
        #expect(next - dayStart == 23 * 3_600)
        // A charge every 30 minutes: 46 in the short day, 48 in a plain one.
        let times = stride(from: dayStart, to: next, by: 1_800).map { $0 }
        #expect(NeededBudget.minimum(chargeTimes: times, model: .midnight, clock: clock) == 46)
        let plain = stride(from: next, to: clock.nextMidnight(after: next), by: 1_800).map { $0 }
        #expect(NeededBudget.minimum(chargeTimes: times + plain, model: .midnight, clock: clock) == 48)
    }
}
