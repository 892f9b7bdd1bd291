/// One widget's daily reload budget under one of the ``BudgetModel``s.
///
/// A value type with its storage allocated once (the rolling window keeps the last B charge
/// times in a ring), so checks and charges in the event loop never allocate.
///
/// The `midnight` model needs the local day: the plain methods take it from the clock; the
/// `localDay:` variants take it from the caller (the log analysis knows each record's UTC offset
/// rather than a time zone).
package struct ReloadBudget: Sendable {
    /// The model.
    package let model: BudgetModel
    /// B, the daily budget.
    package let daily: Int
    private let clock: LocalClock

    // rolling-24h: the last `daily` charge times, oldest at `head` once full.
    private var ring: [SimTime]
    private var head = 0
    private var filled = 0
    // midnight: charges on local day `currentDay`.
    private var currentDay = Int.min
    private var usedToday = 0
    // token-bucket: tokens at `lastRefill`.
    private var tokens: Double
    private var lastRefill: SimTime = 0

    /// Creates a full budget of `daily` reloads; `clock` finds local midnight for the plain methods.
    package init(model: BudgetModel, daily: Int, clock: LocalClock = .utc()) {
        self.model = model
        self.daily = max(0, daily)
        self.clock = clock
        ring = model == .rolling24h ? [SimTime](repeating: 0, count: max(1, daily)) : []
        tokens = Double(daily)
    }

    private var refillRate: Double { Double(daily) / Seconds.day }

    private func tokens(at t: SimTime) -> Double {
        min(Double(daily), tokens + (t - lastRefill) * refillRate)
    }

    /// True when a charged reload may run at `t`.
    @inline(__always)
    package func isAvailable(at t: SimTime) -> Bool {
        isAvailable(at: t, localDay: model == .midnight ? clock.localDay(t) : 0)
    }

    /// True when a charged reload may run at `t`, on local day `localDay`.
    @inline(__always)
    package func isAvailable(at t: SimTime, localDay: Int) -> Bool {
        guard daily > 0 else { return false }
        switch model {
        case .rolling24h:
            return filled < daily || ring[head] + Seconds.day <= t
        case .midnight:
            return localDay != currentDay || usedToday < daily
        case .tokenBucket:
            return tokens(at: t) >= 1 - 1e-9
        }
    }

    /// Spends one reload at `t` (the engine calls it only when ``isAvailable(at:)``).
    @inline(__always)
    package mutating func charge(at t: SimTime) {
        charge(at: t, localDay: model == .midnight ? clock.localDay(t) : 0)
    }

    /// Spends one reload at `t` on local day `localDay`, allowed or not (a device log may hold
    /// reloads a model would have refused; the balance then goes below zero).
    @inline(__always)
    package mutating func charge(at t: SimTime, localDay: Int) {
        guard daily > 0 else { return }
        switch model {
        case .rolling24h:
            ring[head] = t
            head = (head + 1) % daily
            if filled < daily { filled += 1 }
        case .midnight:
            if localDay != currentDay {
                currentDay = localDay
                usedToday = 0
            }
            usedToday += 1
        case .tokenBucket:
            tokens = tokens(at: t) - 1
            lastRefill = t
        }
    }

    /// The earliest instant at or after `t` at which a charged reload may run again.
    package func nextAvailable(after t: SimTime) -> SimTime {
        nextAvailable(after: t, localDay: model == .midnight ? clock.localDay(t) : 0, nextMidnight: clock.nextMidnight(after: t))
    }

    /// The earliest instant at or after `t` (on local day `localDay`) at which a charged reload may
    /// run again; `nextMidnight` is the first local midnight after `t` (used by `midnight` only).
    package func nextAvailable(after t: SimTime, localDay: Int, nextMidnight: @autoclosure () -> SimTime) -> SimTime {
        if isAvailable(at: t, localDay: localDay) { return t }
        guard daily > 0 else { return .infinity }
        switch model {
        case .rolling24h:
            return ring[head] + Seconds.day
        case .midnight:
            return nextMidnight()
        case .tokenBucket:
            return t + (1 - tokens(at: t)) / refillRate
        }
    }

    /// Charged reloads still available at `t`.
    package func left(at t: SimTime) -> Int {
        switch model {
        case .rolling24h:
            var used = 0
            for i in 0..<filled where ring[i] + Seconds.day > t { used += 1 }
            return daily - used
        case .midnight:
            return clock.localDay(t) == currentDay ? daily - usedToday : daily
        case .tokenBucket:
            return Int((tokens(at: t) + 1e-9).rounded(.down))
        }
    }
}
