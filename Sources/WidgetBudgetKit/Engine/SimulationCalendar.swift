import Foundation

/// The simulated stretch of time: the local clock, the horizon and where each day begins.
///
/// Day `i` runs from the start's wall-clock time on the `i`-th calendar day to the same time the
/// next day (23 or 25 hours across a daylight-saving change). Start at midnight (the default) and
/// the days are calendar days.
public struct SimulationCalendar: Sendable, Equatable, Codable {
    /// The local clock.
    public let clock: LocalClock
    /// `dayStarts[i]` is where day `i` begins; the last element is the horizon.
    public let dayStarts: [SimTime]

    /// Creates the calendar of `days` days from `start` in `timeZone`.
    public init(start: Date, timeZone: TimeZone, days: Int) {
        let provisional = LocalClock(start: start, timeZone: timeZone, horizon: Double(days + 1) * Seconds.day)
        let startWall = provisional.wallSeconds(0)
        dayStarts = (0...days).map { i in i == 0 ? 0 : provisional.simTime(wall: startWall + Double(i) * Seconds.day) }
        clock = provisional
    }

    /// The calendar of a scenario.
    public init(scenario: Scenario) {
        self.init(start: scenario.start, timeZone: scenario.timeZone, days: scenario.days)
    }

    /// The end of the simulation, in seconds from the start.
    public var horizon: SimTime { dayStarts[dayStarts.count - 1] }

    /// The number of days.
    public var days: Int { dayStarts.count - 1 }

    /// The index of the day holding `t`.
    public func day(of t: SimTime) -> Int {
        var lo = 0, hi = dayStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if dayStarts[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return min(lo, days - 1)
    }
}
