/// The expected count of a process inside its `during` windows (issue #26: 100,000 views an hour
/// inside three one-minute windows, about 5,000 a day, were refused as if drawn all day).
extension EventProcess {
    /// The expected number of events in `[0, horizon)` with the `during` windows where `clock`
    /// places them (daylight-saving days included, as the run draws them): the mean for a Poisson
    /// process, at most one tick more per window than the window holds for an `every` process,
    /// the listed times for `at:` and traces (an upper bound). A list's items count with their
    /// own windows; its own `during` is left out (an upper bound too).
    ///
    /// Without any window anywhere in the process, the same as ``expectedCount(horizon:)``, with
    /// no clock work.
    ///
    /// - Complexity: O(days × windows) for each windowed process.
    public func expectedCount(horizon: Double, clock: LocalClock) -> Double {
        if case let .merged(items) = pattern {
            return items.reduce(0) { $0 + $1.expectedCount(horizon: horizon, clock: clock) }
        }
        guard !during.isEmpty, horizon > 0 else { return expectedCount(horizon: horizon) }
        switch pattern {
        case let .every(period, _):
            let inside = IntervalSet(windows: during, clock: clock, from: 0, to: horizon)
            return inside.totalLength / period + Double(inside.count)
        case let .poisson(perHour):
            let inside = IntervalSet(windows: during, clock: clock, from: 0, to: horizon)
            return inside.totalLength / Seconds.hour * perHour
        case .none, .times, .merged:
            return expectedCount(horizon: horizon)
        }
    }

    /// True when the process or one of its items has `during` windows.
    public var hasWindows: Bool {
        if !during.isEmpty { return true }
        if case let .merged(items) = pattern { return items.contains { $0.hasWindows } }
        return false
    }
}
