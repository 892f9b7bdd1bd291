/// `midnight`: B charged reloads per local calendar day, reset at local midnight.
public struct MidnightBudget: BudgetRule {
    private var daily: Int
    private var currentDay = Int.min
    private var usedToday = 0

    public init(daily: Int) { self.daily = daily }

    public static var usesLocalDay: Bool { true }

    public func isAvailable(at t: SimTime, localDay: Int) -> Bool {
        localDay != currentDay || usedToday < daily
    }

    public mutating func charge(at t: SimTime, localDay: Int) {
        if localDay != currentDay {
            currentDay = localDay
            usedToday = 0
        }
        usedToday += 1
    }

    public mutating func setDaily(_ daily: Int, at t: SimTime) { self.daily = daily }

    public func nextRecovery(after t: SimTime, nextMidnight: () -> SimTime) -> SimTime { nextMidnight() }

    public func left(at t: SimTime, localDay: Int) -> Int {
        localDay == currentDay ? daily - usedToday : daily
    }

    public static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] {
        var instants: [SimTime] = []
        var t = clock.nextMidnight(after: from)
        while t <= until {
            instants.append(t)
            t = clock.nextMidnight(after: t)
        }
        return instants
    }
}
