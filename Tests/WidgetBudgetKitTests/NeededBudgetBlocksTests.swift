import Testing
import WidgetBudgetKit

/// `RollingWindowBudget.neededBudget` eight charges at a time (#26 engine-2 `grant`, second part)
/// against the loop it replaced, kept here verbatim: lists of every length around the blocks'
/// edges with a step up planted at every position, and seeded random lists (dense, sparse,
/// unsorted, equal times and times exactly a day apart).
@Suite("Needed budget eight charges at a time")
struct NeededBudgetBlocksTests {
    /// `RollingWindowBudget.neededBudget` before the blocks: one charge a turn, `back` = `i − most`.
    static func oneByOne(_ chargeTimes: [SimTime]) -> Int {
        chargeTimes.withUnsafeBufferPointer { times in
            let n = times.count
            guard n > 1, let base = times.baseAddress else { return 1 }
            var back = 0, i = 1
            repeat {
                let t = base[i]
                if _slowPath(base[back] + Seconds.day > t) {
                    back &-= 1
                    while back >= 0 && base[back] + Seconds.day > t { back &-= 1 }
                }
                back &+= 1
                i &+= 1
            } while i < n
            return n &- back
        }
    }

    @Test("a step up at every position of lists of every length around the blocks' edges")
    func stepUpsAtEveryPosition() {
        let clock = LocalClock.utc()
        var steps = 0
        for n in 0...40 {
            // A charge a day apart (no step up) except a burst starting at `k`; 86,400 apart exactly
            // is outside the window, one ulp less is inside.
            for k in 0..<Swift.max(n, 1) {
                for burst in [1, 2, 3, 9, 17] {
                    for gap in [86_400, 86_400.0.nextDown, 43_200] {
                        var times: [SimTime] = []
                        var t = 1_000.0
                        for i in 0..<n {
                            times.append(t)
                            t += i >= k && i < k + burst ? 60 : gap
                        }
                        let expected = Self.oneByOne(times)
                        if expected > 1 { steps += 1 }
                        #expect(
                            RollingWindowBudget.neededBudget(chargeTimes: times, clock: clock) == expected,
                            "n \(n), burst of \(burst) at \(k), gap \(gap)")
                    }
                }
            }
        }
        #expect(steps > 5_000)
    }

    @Test("random charge lists: the one-by-one loop's count")
    func randomLists() {
        var g = SeededGenerator(seed: 2_715)
        let clock = LocalClock.utc()
        for i in 0..<5_000 {
            var times = NeededBudgetTests.randomCharges(&g)
            if i % 3 == 0 { times = times.map { ($0 / 16).rounded(.down) } }
            if i % 5 == 1 { times = times.map { $0 * 40 } }
            if i % 11 == 2 { times.shuffle(using: &g) }
            #expect(RollingWindowBudget.neededBudget(chargeTimes: times, clock: clock) == Self.oneByOne(times), "case \(i)")
        }
    }
}
