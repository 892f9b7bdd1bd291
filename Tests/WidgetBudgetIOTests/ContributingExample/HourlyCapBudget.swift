import WidgetBudgetKit

// CONTRIBUTING.md, "Worked example: an hourly cap": the model's one file, compiled here.
// `DocsExamplesTests` checks that CONTRIBUTING.md's blocks appear in these files, in order.

/// `hourly-cap`: at most ⌈B / 24⌉ charged reloads in each local clock hour.
struct HourlyCapBudget: BudgetRule {
    private var perHour: Int
    private var hour = Int.min
    private var used = 0

    init(daily: Int) { perHour = Self.perHour(daily) }

    /// ⌈B / 24⌉.
    static func perHour(_ daily: Int) -> Int { (daily + 23) / 24 }

    /// Counts per local clock hour: the window key is the hour's number.
    static var window: BudgetWindow? { .localHour }

    static var jsonKey: String { "hourlyCap" }

    func isAvailable(at t: SimTime, window: Int) -> Bool { window != hour || used < perHour }

    mutating func charge(at t: SimTime, window: Int) {
        if window != hour {
            hour = window
            used = 0
        }
        used += 1
    }

    mutating func setDaily(_ daily: Int, at t: SimTime) { perHour = Self.perHour(daily) }

    /// The cap comes back at the next local hour.
    func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime { nextWindow() }

    func left(at t: SimTime, window: Int) -> Int { window == hour ? perHour - used : perHour }

    static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] {
        var instants: [SimTime] = []
        var t = BudgetWindow.localHour.nextStart(after: from, clock: clock)
        while t <= until {
            instants.append(t)
            t = BudgetWindow.localHour.nextStart(after: t, clock: clock)
        }
        return instants
    }

    /// n charges in one hour need ⌈B / 24⌉ ≥ n: B = 24 n suffices (B = n does not).
    static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int { 24 * chargeTimes.count }
}

extension BudgetModel {
    /// The worked example's model (a built-in one is a `static let` in `BudgetModel` and a place in
    /// its `allCases`).
    static let hourlyCap = BudgetModel("hourly-cap", rule: HourlyCapBudget.self)
}
