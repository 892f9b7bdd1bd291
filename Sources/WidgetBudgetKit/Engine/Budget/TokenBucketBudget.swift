/// `token-bucket`: a bucket of capacity B refilled continuously at B per 24 hours, full at the
/// start.
public struct TokenBucketBudget: BudgetRule {
    private var daily: Int
    private var tokens: Double
    private var lastRefill: SimTime = 0

    /// A full budget of `daily` (> 0) reloads.
    public init(daily: Int) {
        self.daily = daily
        tokens = Double(daily)
    }

    /// Needs no local time.
    public static var window: BudgetWindow? { nil }

    /// The JSON key of this model's predictions.
    public static var jsonKey: String { "tokenBucket" }

    private var refillRate: Double { Double(daily) / Seconds.day }

    private func tokens(at t: SimTime) -> Double {
        Swift.min(Double(daily), tokens + (t - lastRefill) * refillRate)
    }

    /// True when a charged reload may run at `t`.
    public func isAvailable(at t: SimTime, window: Int) -> Bool { tokens(at: t) >= 1 - 1e-9 }

    /// Spends one reload at `t`.
    public mutating func charge(at t: SimTime, window: Int) {
        tokens = tokens(at: t) - 1
        lastRefill = t
    }

    /// The bucket is settled at `t` at the old rate, then capped at the new capacity.
    public mutating func setDaily(_ daily: Int, at t: SimTime) {
        tokens = Swift.min(Double(daily), tokens(at: t))
        lastRefill = t
        self.daily = daily
    }

    /// The instant after `t` at which a charged reload may run again.
    public func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime {
        t + (1 - tokens(at: t)) / refillRate
    }

    /// Charged reloads still available at `t`.
    public func left(at t: SimTime, window: Int) -> Int { Int((tokens(at: t) + 1e-9).rounded(.down)) }

    /// A one-minute grid: the bucket refills continuously.
    public static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] {
        var instants: [SimTime] = []
        var t = from
        while t <= until {
            instants.append(t)
            t += Seconds.minute
        }
        return instants
    }

    /// B = n: n charges never exhaust a budget of n a day.
    public static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int { chargeTimes.count }

    /// Still a binary search of replays, over a narrow range. In exact arithmetic the bucket never
    /// runs dry exactly when B ≥ max (k − ε) / (1 + Δ / 24 h) over every k consecutive charges
    /// spanning Δ seconds (ε = 10⁻⁹, the rule's tolerance), but the rule's balance is a
    /// floating-point sum whose rounding decides ties, so only a replay gives the rule's own
    /// answer. The range: with m the most charges in any 24 hours (the rolling window's needed
    /// budget), B = m suffices (k charges spanning Δ lie in at most 1 + ⌊Δ / 24 h⌋ windows, so
    /// k ≤ m (1 + Δ / 24 h)), checked by one replay, and B = ⌊m / 2⌋ − 1 does not (the m charges of
    /// one window span less than 24 hours, so they need B > (m − ε) / 2).
    ///
    /// - Complexity: O(n log m) rule steps for n charges.
    public static func neededBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int {
        let inOneDay = RollingWindowBudget.neededBudget(chargeTimes: chargeTimes, clock: clock)
        guard grantsEvery(chargeTimes, daily: inOneDay, clock: clock) else {
            // Not met in floating point (a tie rounded the wrong way): search above it.
            let above = (inOneDay + 1)...Swift.max(inOneDay + 1, sufficientBudget(chargeTimes: chargeTimes, clock: clock))
            return neededBudgetBySearch(chargeTimes: chargeTimes, clock: clock, in: above)
        }
        return neededBudgetBySearch(chargeTimes: chargeTimes, clock: clock, in: Swift.max(1, inOneDay / 2)...inOneDay)
    }
}
