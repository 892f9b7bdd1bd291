/// `rolling-24h`: at most B charged reloads in any trailing 24 hours.
///
/// Keeps the charge times in insertion order, at most B of them (the last B charges decide), and
/// drops a charge once it lies more than 48 hours before the latest charge: it can no longer count
/// for any instant from 24 hours before the latest charge on, which is every instant the engine, the
/// plots and the log analysis ask about. The state is therefore bounded by the reloads actually
/// made in two days (at most 2 days / the minimum reload interval), not by B: a budget of 10⁹
/// costs no more memory than one of 70.
public struct RollingWindowBudget: BudgetRule {
    /// How long before the latest charge a charge is kept.
    static let retention = 2 * Seconds.day

    private var daily: Int
    /// Charge times, oldest first from `head`.
    private var times: [SimTime] = []
    private var head = 0
    private var latest = -SimTime.infinity
    /// True while every charge came at or after the one before (the engine's always do; a device
    /// log's need not): the kept times are then ascending, and ``left(at:window:)`` searches them.
    private var ascending = true

    /// A full budget of `daily` (> 0) reloads.
    ///
    /// No room is asked for `daily` ≤ 0 (`ReloadBudget.Rule`'s placeholders of the rules it does not
    /// hold, made at every run): the empty array's `reserveCapacity` of 0 or less took the array's
    /// slow path to end with the same empty array.
    public init(daily: Int) {
        self.daily = daily
        if daily > 0 { times.reserveCapacity(Swift.min(daily, 64)) }
    }

    /// Needs no local time.
    public static var window: BudgetWindow? { nil }

    /// The JSON key of this model's predictions.
    public static var jsonKey: String { "rolling" }

    /// The kept charges (`head` never passes the end: no overflow to check).
    private var count: Int { times.count &- head }

    /// True when a charged reload may run at `t`.
    public func isAvailable(at t: SimTime, window: Int) -> Bool {
        count < daily || times[head] + Seconds.day <= t
    }

    /// Spends one reload at `t`.
    ///
    /// Inlined (the engine charges at most grants), except for the occasional compaction.
    ///
    /// `head` never passes `times.count` (it steps only while a kept charge is left), so its
    /// steps and its double add without an overflow check (`times.count` is far below
    /// `Int.max / 2`), and the charges dropped for age are read through the storage's pointer
    /// after the loop's own `head < times.count` (`count > 0`), without a bounds check of their
    /// own (#26 engine-2 `grant`).
    @inline(__always)
    public mutating func charge(at t: SimTime, window: Int) {
        times.append(t)
        // `latest = Swift.max(latest, t)` (`t >= latest ? t : latest`) as a branch after the
        // order check: the same bits (NaN and ±0 included), without a select at every charge.
        if t < latest {
            ascending = false
        } else if t >= latest {
            latest = t
        }
        if count > daily { head &+= 1 }
        let oldest = latest - Self.retention
        let from = head
        head = times.withUnsafeBufferPointer { kept in
            var first = from
            while first < kept.count && kept[first] <= oldest { first &+= 1 }
            return first
        }
        if _slowPath(head > 32 && head &* 2 >= times.count) { dropHead() }
    }

    /// Drops the charges before `head` from storage.
    private mutating func dropHead() {
        times.removeFirst(head)
        head = 0
    }

    /// Only the last `daily` charges can decide: at most B in any trailing 24 hours.
    public mutating func setDaily(_ daily: Int, at t: SimTime) {
        self.daily = daily
        if count > daily { head += count - daily }
    }

    /// The instant after `t` at which a charged reload may run again.
    public func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime {
        times[head] + Seconds.day
    }

    /// Charged reloads still available at `t`.
    ///
    /// - Complexity: O(log k) for k kept charges when they came in time order, else O(k).
    public func left(at t: SimTime, window: Int) -> Int {
        guard ascending else {
            var used = 0
            for i in head..<times.count where times[i] + Seconds.day > t { used += 1 }
            return daily - used
        }
        // The charges still in the window at `t` are the latest ones: find the first.
        var lo = head, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] + Seconds.day > t { hi = mid } else { lo = mid + 1 }
        }
        return daily - (times.count - lo)
    }

    /// The instants in `[from, until]` at which the budget left may change without a charge.
    public static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] {
        charges.map { $0 + Seconds.day }.filter { $0 >= from && $0 <= until }
    }

    /// B = n: n charges never exhaust a budget of n a day.
    public static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int { chargeTimes.count }

    /// The most charges in any window of 24 hours: a charge at `t` waits exactly when B earlier
    /// charges `c` are still in its window, `c + 24 h > t` (``isAvailable(at:window:)``: a charge
    /// leaves the window at `c + 24 h` itself), so the smallest B that never waits is the largest
    /// count, over the charges `t`, of the charges `c ≤ t` (itself included) with `c + 24 h > t`,
    /// compared in the same floating-point terms as the rule.
    ///
    /// The count at charge `i` is `i − first + 1`, `first` the first charge still in its window
    /// (the ascending times' `c + 24 h` ascend too, rounding being monotone, so the charges in the
    /// window are those from `first` on); it exceeds the count so far, `most`, exactly when the
    /// charge `most` before `i` is in the window. So `most` grows while that charge is, one
    /// comparison a charge and one a step up (#26 engine-2: a cursor moved past each charge, and
    /// a count and a `max` a charge, about 21 instructions a charge).
    ///
    /// The loop keeps `back` = `i − most`, the charge it compares with, instead of `most`: the
    /// same comparisons in the same order (`i ≥ most` is `back ≥ 0`, a step up is `back − 1`, the
    /// next charge `back + 1`), without the subtraction and the index's scaling at every charge
    /// (#26 engine-2 `grant`: 16 instructions a charge). Charge 0 needs none (`0 ≥ most` fails),
    /// so the loop starts at charge 1 with `back` 0, and `most` is `n − back` at its end. `back`
    /// is at least 0 at the top of every turn (0 at first; at least −1 after the steps up, and the
    /// turn adds 1), so the first comparison of a turn needs no `back ≥ 0`: only the steps up ask.
    ///
    /// Eight charges at a time while none of them steps up (#26 engine-2 `grant`, second part):
    /// at charges `i ..< i + 8` with no step up `back` is `back + j` at charge `i + j`, so the
    /// eight comparisons `base[back + j] + 24 h > base[i + j]` are those the loop would make, in
    /// the same floating-point terms (one addition and one comparison each, lane by lane); when
    /// none holds, the eight charges move `back` by 8 as the loop would, and when one does, the
    /// loop takes those eight charges one by one. About 3.6 instructions a charge instead of 9.
    ///
    /// - Complexity: O(n) for n charges.
    public static func neededBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int {
        chargeTimes.withUnsafeBufferPointer { times in
            let n = times.count
            guard n > 1, let base = times.baseAddress else { return 1 }
            let raw = UnsafeRawPointer(base), stride = MemoryLayout<SimTime>.stride
            let days = SIMD8<SimTime>(repeating: Seconds.day)
            var back = 0, i = 1
            while true {
                if i &+ 8 <= n {
                    let ts = raw.loadUnaligned(fromByteOffset: i &* stride, as: SIMD8<SimTime>.self)
                    let backs = raw.loadUnaligned(fromByteOffset: back &* stride, as: SIMD8<SimTime>.self)
                    if !any(backs + days .> ts) {
                        back &+= 8
                        i &+= 8
                        continue
                    }
                } else if i >= n {
                    break
                }
                let end = Swift.min(i &+ 8, n)
                repeat {
                    let t = base[i]
                    if base[back] + Seconds.day > t {
                        back &-= 1
                        while back >= 0 && base[back] + Seconds.day > t { back &-= 1 }
                    }
                    back &+= 1
                    i &+= 1
                } while i < end
            }
            return n &- back
        }
    }
}
