/// The instants of an `every` process: local wall-clock multiples of a period plus an offset,
/// mapped to simulation time, in `[0, horizon)`.
///
/// Tick `k` is at the wall time `k × period + offset`. Both the event stream and the engine's
/// "first change after" use `time(ofIndex:)`, so a tick computed on demand has the very bits of the
/// same tick in a generated list.
package struct PeriodicTicks: Sendable {
    /// Seconds between ticks.
    package let period: Double
    /// The offset, reduced to `(-period, period)` (the same ticks; it keeps `k × period + offset`
    /// exact and the index arithmetic terminating for offsets as large as 1e16 s).
    package let offset: Double
    /// Ticks at or after this simulation time are not part of the process.
    package let horizon: Double
    /// The index of the first tick at or after the start.
    package let firstIndex: Double
    private let clock: LocalClock
    /// How many indices a daylight-saving shift can move a tick by, plus one.
    private let margin: Double
    /// The period, the offset and the clock's start are whole seconds: ticks away from offset
    /// changes are integers, and sums of them exact (`exactRun`).
    package let isWholeSecondGrid: Bool

    /// Ticks of `every: period` with `offset`, over `[0, horizon)`.
    package init(period: Double, offset: Double, clock: LocalClock, horizon: Double) {
        self.period = period
        self.offset = abs(offset) < period ? offset : offset.truncatingRemainder(dividingBy: period)
        self.horizon = horizon
        self.clock = clock
        firstIndex = ((clock.wallSeconds(0) - self.offset) / period).rounded(.up)
        margin = (clock.largestShift / period).rounded(.up) + 1
        isWholeSecondGrid =
            period == period.rounded() && self.offset == self.offset.rounded() && clock.startEpoch == clock.startEpoch.rounded()
    }

    /// The simulation time of tick `k` (in a daylight-saving gap: the instant after the gap).
    @inline(__always)
    package func time(ofIndex k: Double) -> SimTime {
        clock.simTime(wall: k * period + offset)
    }

    /// The index after `k`, or `nil` when `k` is so large that `k + 1 == k` (ticks can no longer
    /// be told apart; far past any horizon a scenario accepts).
    @inline(__always)
    package func index(after k: Double) -> Double? {
        let next = k + 1
        return next > k ? next : nil
    }

    /// An index `k` such that every tick before it is at or before `t` (a start for searches).
    package func indexAtOrBefore(_ t: SimTime) -> Double {
        guard t.isFinite else { return firstIndex }
        let estimate = ((clock.wallSeconds(t) - offset) / period).rounded(.down) - margin
        return max(firstIndex, estimate)
    }

    /// The first tick strictly after `t` and at or after 0, searching forward from index `k`
    /// (which must satisfy `indexAtOrBefore`'s promise): returns the tick's index and time
    /// (`+infinity` at or past the horizon).
    @inline(__always)
    package func firstAfter(_ t: SimTime, from k: Double) -> (index: Double, time: SimTime) {
        var k = k
        while true {
            let at = time(ofIndex: k)
            if at >= horizon { return (k, .infinity) }
            if at > t && at >= 0 { return (k, at) }
            guard let next = index(after: k) else { return (k, .infinity) }
            k = next
        }
    }

    /// The first tick strictly after `t`, or `+infinity`.
    package func firstAfter(_ t: SimTime) -> SimTime {
        firstAfter(t, from: indexAtOrBefore(t)).time
    }

    /// How many ticks after tick `k` (at most `maxSteps`) are exactly `period` apart from it:
    /// `time(ofIndex: k + j) == time(ofIndex: k) + j × period` to the bit, and before the horizon,
    /// for every `j` up to the answer.
    ///
    /// That holds by arithmetic when the period, the offset and the start are whole seconds (every
    /// value is then an integer below 2^52, so no operation rounds) and no offset change is near
    /// the ticks (`LocalClock.plainStretch`); elsewhere the answer is 0.
    package func exactRun(from k: Double, maxSteps: Int) -> Int {
        guard isWholeSecondGrid, maxSteps > 0 else { return 0 }
        let wall = k * period + offset
        guard abs(wall) < Self.exactLimit, let end = clock.plainStretch(containing: wall) else { return 0 }
        let start = time(ofIndex: k)
        // Ticks k + j need a wall time before `end` (and the exact range) and a time before the horizon.
        let wallEnd = min(end, Self.exactLimit)
        var steps = min(Double(maxSteps), ((wallEnd - wall) / period).rounded(.up) - 1, ((horizon - start) / period).rounded(.up) - 1)
        while steps > 0 && !(wall + steps * period < wallEnd && start + steps * period < horizon) { steps -= 1 }
        return steps > 0 ? Int(steps) : 0
    }

    /// Integers below this are exact doubles with room for a sum of two.
    private static let exactLimit = 4_503_599_627_370_496.0  // 2^52
}
