/// `midnight`: B charged reloads per local calendar day, reset at local midnight.
public struct MidnightBudget: BudgetRule {
    private var daily: Int
    private var currentDay = Int.min
    private var usedToday = 0

    /// A full budget of `daily` (> 0) reloads.
    public init(daily: Int) { self.daily = daily }

    /// Counts per local calendar day: the window key is the local day number.
    public static var window: BudgetWindow? { .localDay }

    /// The JSON key of this model's predictions.
    public static var jsonKey: String { "midnight" }

    /// True when a charged reload may run at `t`.
    public func isAvailable(at t: SimTime, window: Int) -> Bool {
        window != currentDay || usedToday < daily
    }

    /// Spends one reload at `t`.
    public mutating func charge(at t: SimTime, window: Int) {
        if window != currentDay {
            currentDay = window
            usedToday = 0
        }
        usedToday += 1
    }

    /// Changes B to `daily` from `t` on, keeping what was spent.
    public mutating func setDaily(_ daily: Int, at t: SimTime) { self.daily = daily }

    /// The instant after `t` at which a charged reload may run again.
    public func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime { nextWindow() }

    /// Charged reloads still available at `t`.
    public func left(at t: SimTime, window: Int) -> Int {
        window == currentDay ? daily - usedToday : daily
    }

    /// The instants in `[from, until]` at which the budget left may change without a charge.
    public static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] {
        var instants: [SimTime] = []
        var t = clock.nextMidnight(after: from)
        while t <= until {
            instants.append(t)
            t = clock.nextMidnight(after: t)
        }
        return instants
    }

    /// B = n: n charges never exhaust an allowance of n a day.
    public static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int { chargeTimes.count }

    /// The most charges in one local day: the rule counts the charges of a run of equal local days
    /// (`clock.localDay`, whose days are 23 or 25 hours long across a daylight-saving change) and
    /// resets when the day changes, so the smallest B that never waits is the longest such run.
    ///
    /// - Complexity: O(n) for n charges.
    public static func neededBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int {
        var most = 1, run = 0, current = Int.min
        for t in chargeTimes {
            let day = clock.localDay(t)
            if day != current {
                current = day
                run = 0
            }
            run += 1
            most = Swift.max(most, run)
        }
        return most
    }
}
