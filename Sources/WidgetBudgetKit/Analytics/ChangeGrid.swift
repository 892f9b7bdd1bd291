/// Changes that come on a local wall-clock grid (`every: 30m`: at :00 and :30), told from a
/// Poisson rate of the same mean: a photo every 30 minutes is not "2 an hour at random".
public struct ChangeGrid: Sendable, Equatable, Codable {
    /// The grid's period, seconds.
    public var period: Double
    /// Changes on it (all of them).
    public var changes: Int
    /// Grid instants the log covers: the changes a grid of this period would make.
    public var expected: Int

    /// Periods tried, seconds: those that divide a day, from a minute to a day.
    static let periods: [Double] = [60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10_800, 14_400, 21_600, 43_200, 86_400]
    /// How far from a grid instant a change may be logged, seconds (rows carry milliseconds; an
    /// app logs a change when it learns of it, a moment after).
    static let tolerance = 1.0
    /// Fewer changes than this show no grid.
    public static let minimumChanges = 10

    /// The longest period on whose grid every change lies, when the changes fill nine in ten of
    /// its instants (a grid with instants missing is not the process), or `nil`.
    /// - Parameters:
    ///   - onGrid: changes on the grid of each of ``periods``.
    ///   - total: changes.
    ///   - coveredSeconds: the time the log covers.
    static func find(onGrid: [Int], total: Int, coveredSeconds: Double) -> ChangeGrid? {
        guard total >= minimumChanges else { return nil }
        for (i, period) in periods.enumerated().reversed() where onGrid[i] == total {
            let expected = Int((coveredSeconds / period).rounded())
            if total * 10 >= expected * 9 && total <= expected + 1 {
                return ChangeGrid(period: period, changes: total, expected: expected)
            }
        }
        return nil
    }
}
