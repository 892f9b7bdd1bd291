import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// `RollingWindowBudget.charge` with its latest charge kept by a branch and its count without an
/// overflow check (#26 engine-2 `grant`) against the rule as it was, kept here verbatim.
@Suite("The rolling budget's charge")
struct RollingChargeTests {
    /// `RollingWindowBudget` before #26 engine-2 `grant`'s second round (`latest = max(latest, t)`).
    struct OldRolling {
        var daily: Int
        var times: [SimTime] = []
        var head = 0
        var latest = -SimTime.infinity
        var ascending = true

        init(daily: Int) { self.daily = daily }

        var count: Int { times.count - head }

        func isAvailable(at t: SimTime) -> Bool {
            count < daily || times[head] + Seconds.day <= t
        }

        mutating func charge(at t: SimTime) {
            times.append(t)
            if t < latest { ascending = false }
            latest = Swift.max(latest, t)
            if count > daily { head += 1 }
            while count > 0 && times[head] <= latest - RollingWindowBudget.retention { head += 1 }
            if head > 32 && head * 2 >= times.count {
                times.removeFirst(head)
                head = 0
            }
        }

        mutating func setDaily(_ daily: Int) {
            self.daily = daily
            if count > daily { head += count - daily }
        }

        func nextRecovery() -> SimTime { times[head] + Seconds.day }

        func left(at t: SimTime) -> Int {
            guard ascending else {
                var used = 0
                for i in head..<times.count where times[i] + Seconds.day > t { used += 1 }
                return daily - used
            }
            var lo = head, hi = times.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if times[mid] + Seconds.day > t { hi = mid } else { lo = mid + 1 }
            }
            return daily - (times.count - lo)
        }
    }

    /// 4,000 charges a budget (1, 3, 40 and 500), at gaps from none to two days, now and then
    /// earlier than the one before (a device log's), at `-0.0` and `+0.0`, B changed now and then:
    /// the answers at the charge and up to 60 hours before it (where the charges dropped as too
    /// old would count) to the bit.
    @Test("4,000 random charges a budget: the same answers as the rule as it was", arguments: [1, 3, 40, 500])
    func sameAsOld(daily: Int) {
        var g = SeededGenerator(seed: 7_919 &* UInt64(daily))
        var new = RollingWindowBudget(daily: daily)
        var old = OldRolling(daily: daily)
        var t = 0.0
        for step in 0..<4_000 {
            let u = g.unit()
            if u < 0.05 {
                t = -t  // ±0 at the start, then a jump back (out of order).
            } else if u < 0.1 {
                t -= 7_200 * g.unit()
            } else if u < 0.97 {
                t += (g.unit() < 0.9 ? 900 : 172_800) * g.unit()
            }
            #expect(new.isAvailable(at: t, window: 0) == old.isAvailable(at: t), "\(daily) \(step)")
            new.charge(at: t, window: 0)
            old.charge(at: t)
            if step % 500 == 499 {
                let b = 1 + Int(g.unit() * Double(2 * daily))
                new.setDaily(b, at: t)
                old.setDaily(b)
            }
            for back: Double in [0, 3_600, 108_000, 169_200, 216_000] {
                #expect(new.left(at: t - back, window: 0) == old.left(at: t - back), "\(daily) \(step) \(back)")
                #expect(new.isAvailable(at: t - back, window: 0) == old.isAvailable(at: t - back), "\(daily) \(step)")
            }
            // A charge far before the latest one is dropped at once: nothing may be kept.
            guard old.count > 0 else { continue }
            #expect(new.nextRecovery(after: t) { .infinity }.bitPattern == old.nextRecovery().bitPattern, "\(daily) \(step)")
        }
    }
}
