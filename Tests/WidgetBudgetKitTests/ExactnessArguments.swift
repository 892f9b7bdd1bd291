@testable import WidgetBudgetKit

/// Random arguments for `StaleStride.exact` and the checks built on it (`GridJumpTests`,
/// `ClosedTimelineTests`): a grid period (negative, tiny, huge or 0 now and then), entries whole
/// periods apart, half a period apart or neither, times of a day's seconds or so small that their
/// unit is below 2^-1022 or up to 2^40, each value now and then replaced by an odd one (0, -0,
/// infinities, NaN, the smallest subnormal, the largest finite).
struct ExactnessArguments {
    var first: Double, dateSpacing: Double, tick: Double, step: Double, period: Double, through: Double

    static let odd: [Double] = [0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 0x1p-1030, .greatestFiniteMagnitude]

    static func draw(_ g: inout SeededGenerator) -> ExactnessArguments {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let period: Double = pick([60, 20, 70, 0.375, 1e-300, 0x1p52, 0]) * pick([1, 1, 1, -1])
        // Entries whole periods apart (`dateSpacing == step`), half a period apart (`step ==
        // period`), or neither.
        let cycle = pick([1, 2, 3])
        var step = cycle == 2 ? period : period * pick([1, 2, 5, 15, 60])
        var dateSpacing = cycle == 1 ? step : cycle == 2 ? step / 2 : step * pick([0.5, 1.5, 3])
        let magnitude: Double = pick([1, 1, 1, 1e-300, 0x1p-1000, 0x1p20])
        var first = (Double(g.next() % 1_000_000) + pick([0, 0.5, 0.123_456_789, 1e-9])) * magnitude
        var tick = (first / 60).rounded(.up) * 60
        var through = first + Double(g.next() % 5_000_000) * magnitude
        if g.next() % 8 == 0 { first = pick(odd) }
        if g.next() % 8 == 0 { tick = pick(odd) }
        if g.next() % 8 == 0 { through = pick(odd) }
        if g.next() % 16 == 0 { step = pick(odd) }
        if g.next() % 16 == 0 { dateSpacing = pick(odd) }
        return ExactnessArguments(first: first, dateSpacing: dateSpacing, tick: tick, step: step, period: period, through: through)
    }
}
