/// Ticks `base ... last` of an `every` grid, known to be exactly a period apart: tick `base + j`
/// is at `baseTime + j × period` to the bit and before the horizon (`PeriodicTicks.exactRun`).
/// Inside it, "the first tick after a date" is a division, checked both ways.
struct ExactTicks {
    /// The index of the stretch's first tick.
    let base: Double
    /// The time of tick `base`.
    let baseTime: SimTime
    /// The index of its last tick (below `base` when the stretch is empty).
    let last: Double

    /// No tick known.
    static let none = ExactTicks(base: 0, baseTime: .infinity, last: -1)

    private init(base: Double, baseTime: SimTime, last: Double) {
        self.base = base
        self.baseTime = baseTime
        self.last = last
    }

    /// The exact stretch of `ticks` that begins at tick `k`, at `time` (empty when `time` is not finite).
    init(_ ticks: PeriodicTicks, from k: Double, time: SimTime) {
        guard time.isFinite else {
            self = .none
            return
        }
        self.init(base: k, baseTime: time, last: k + Double(ticks.exactRun(from: k, maxSteps: .max)))
    }

    /// True when tick `k` is in the stretch.
    @inline(__always)
    func contains(_ k: Double) -> Bool { k >= base && k <= last }

    /// True when ticks `k` and `k + 1` are both in the stretch (tick `k + 1` is then a period after
    /// tick `k`, to the bit).
    @inline(__always)
    func containsPair(_ k: Double) -> Bool { k >= base && k + 1 <= last }

    /// How many ticks after tick `k` (in the stretch), at most `max`, are in the stretch.
    @inline(__always)
    func steps(after k: Double, max: Int) -> Int { Int(Swift.min(Double(max), last - k)) }

    /// The time of tick `k` (in the stretch).
    @inline(__always)
    func time(ofIndex k: Double, period: Double) -> SimTime { baseTime + (k - base) * period }

    /// The index of the first tick strictly after `date` when it is in the stretch and `date` is
    /// not before the stretch's first tick (every earlier tick is then at or before `date`), else `nil`.
    @inline(__always)
    func indexAfter(_ date: SimTime, period: Double) -> Double? {
        guard date >= baseTime else { return nil }
        // Every tick time and the period are integers below 2^52 (`exactRun`), so the check is
        // exact. Below 2^52 a quotient at or above 0 is rounded to the nearest integer by adding
        // and subtracting 2^52 (two additions: no call to `floor`, no conversion to an integer
        // and its range checks); at or above 2^52 it is an integer already. The answer is `n + 1`,
        // `n` the whole part of `(date - baseTime) / period` computed exactly, and the estimate
        // `j` is the answer or one more, so one check downwards corrects it: for `n` in the
        // stretch, `n · period` (tick `n`'s distance from the first, an integer below 2^52) is a
        // double at or below `date - baseTime`, and rounding, monotone, keeps the difference and
        // the quotient at or above it and `n`, the quotient's nearest integer too; likewise at or
        // below `n + 1` when tick `n + 1` is in the stretch. When the answer is past the stretch
        // (`nil`), so is the estimate (at or above the last tick's distance, as above), and the
        // check moves it back one at most, never to the last tick (at or before `date`, exact).
        let q = (date - baseTime) / period
        var j = (q < 0x1p52 ? (q + 0x1p52) - 0x1p52 : q) + 1
        if baseTime + (j - 1) * period > date { j -= 1 }
        return base + j <= last ? base + j : nil
    }
}
