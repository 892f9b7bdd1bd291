import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The window the budget remembers (`ReloadBudget.window(learning:)`, #26 engine-2 `grant`):
/// the key it answers for every instant is the one `BudgetWindow.key(at:clock:)` computes.
@Suite("The budget's remembered window")
struct BudgetWindowMemoryTests {
    /// At most B charges a local hour (a rule with an hourly window).
    struct HourCap: BudgetRule {
        var daily: Int
        init(daily: Int) { self.daily = daily }
        static var window: BudgetWindow? { .localHour }
        static var jsonKey: String { "hourCap" }
        func isAvailable(at t: SimTime, window: Int) -> Bool { true }
        mutating func setDaily(_ daily: Int, at t: SimTime) { self.daily = daily }
        mutating func charge(at t: SimTime, window: Int) {}
        func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime { nextWindow() }
        func left(at t: SimTime, window: Int) -> Int { daily }
        static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] { [] }
        static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int { chargeTimes.count }
    }

    /// ``HourCap`` counting in windows of 1,000 seconds (not a divisor of a day).
    struct KiloCap: BudgetRule {
        var cap: HourCap
        init(daily: Int) { cap = HourCap(daily: daily) }
        static var window: BudgetWindow? { BudgetWindow(length: 1_000) }
        static var jsonKey: String { "kiloCap" }
        func isAvailable(at t: SimTime, window: Int) -> Bool { true }
        mutating func setDaily(_ daily: Int, at t: SimTime) {}
        mutating func charge(at t: SimTime, window: Int) {}
        func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime { nextWindow() }
        func left(at t: SimTime, window: Int) -> Int { cap.daily }
        static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] { [] }
        static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int { chargeTimes.count }
    }

    /// Clocks with offset changes within two weeks of their start (spring and autumn in Paris,
    /// autumn in New York, Lord Howe's half hour) and without (half-hour and quarter-hour
    /// offsets, UTC).
    static let clocks = [
        (1_774_396_800, "Europe/Paris"), (1_792_454_400, "Europe/Paris"), (1_792_454_400, "America/New_York"),
        (1_790_553_600, "Australia/Lord_Howe"), (1_767_571_200, "Asia/Kolkata"), (1_767_571_200, "Asia/Kathmandu"),
        (1_767_571_200, "UTC"),
    ].map { LocalClock(start: Date(timeIntervalSince1970: $0.0), timeZone: TimeZone(identifier: $0.1)!, horizon: 14 * 86_400) }

    /// Instants over two weeks as the engine asks them (forward by seconds to hours, whole or not)
    /// with jumps back, window starts and the instants an ulp and a second either side of them.
    static func instants(_ g: inout SeededGenerator, clock: LocalClock, window: BudgetWindow, count: Int) -> [SimTime] {
        var t = 0.0
        var out: [SimTime] = []
        for _ in 0..<count {
            let r = g.unit()
            if r < 0.05 {
                t = max(0, t - 86_400 * g.unit())
            } else if r < 0.15 {
                let start = window.nextStart(after: t, clock: clock)
                t = [start, start.nextDown, start.nextUp, start - 1, start + 1][Int(g.next() % 5)]
            } else {
                t += (g.unit() < 0.8 ? 600 : 7_200) * g.unit()
                if g.unit() < 0.3 { t = t.rounded(.down) }
            }
            out.append(t)
        }
        return out
    }

    @Test("7 clocks, 3 windows, 3,000 instants each: the learned window's key is the computed one")
    func learnedKeyIsComputedKey() {
        var g = SeededGenerator(seed: 11_026)
        let models: [(BudgetModel, BudgetWindow)] = [
            (.midnight, .localDay), (BudgetModel("hour-cap", rule: HourCap.self), .localHour),
            (BudgetModel("kilo-cap", rule: KiloCap.self), BudgetWindow(length: 1_000)),
        ]
        for clock in Self.clocks {
            for (model, window) in models {
                var learning = ReloadBudget(model: model, daily: 5, clock: clock)
                let plain = ReloadBudget(model: model, daily: 5, clock: clock)
                for t in Self.instants(&g, clock: clock, window: window, count: 3_000) {
                    let key = window.key(at: t, clock: clock)
                    #expect(learning.window(learning: t) == key, "\(clock.timeZoneIdentifier) \(window.length) \(t)")
                    #expect(learning.window(t) == key, "\(clock.timeZoneIdentifier) \(window.length) \(t)")
                    #expect(plain.window(t) == key)
                }
            }
        }
    }

    @Test("20,000 instants, many before an offset change: every instant from t to the last one known has t's key, and most are known")
    func lastInstantHoldsTheKey() {
        var g = SeededGenerator(seed: 11_027)
        let windows = [BudgetWindow.localDay, .localHour, BudgetWindow(length: 1_000), BudgetWindow(length: 5_400)]
        var known = 0
        for _ in 0..<20_000 {
            let clock = Self.clocks[Int(g.next() % UInt64(Self.clocks.count))]
            let window = windows[Int(g.next() % UInt64(windows.count))]
            // Half of them in the three hours before a clock's first offset change (an autumn
            // change brings back wall times whose window may come again after it).
            let change = clock.offsetPeriodEnd(after: 0)
            let t =
                change.isFinite && g.unit() < 0.5
                ? change - 10_800 * g.unit() : Double(g.next() % (14 * 86_400)) + [0, 0.5, g.unit()][Int(g.next() % 3)]
            let (key, through) = window.keyAndLastInstant(at: t, clock: clock)
            #expect(key == window.key(at: t, clock: clock))
            guard through.isFinite else { continue }
            known += 1
            #expect(through >= t)
            let between = [through, through.nextDown, t.nextUp] + (0..<8).map { _ in t + (through - t) * g.unit() }
            for u in between where u >= t && u <= through {
                #expect(window.key(at: u, clock: clock) == key, "\(clock.timeZoneIdentifier) \(window.length) \(t) \(u)")
            }
        }
        // Only the last second of a window and the seconds before an offset change are not known.
        #expect(known > 18_000, "\(known)")
    }
}
