import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A delivered timeline's first renders in one step (`EnginePaths.closedTimelines`, issue #26
/// `closedform`) against the event-by-event engine (`--events all`, which never takes it), to the
/// bit, on random scenarios built to reach it and to cut it every way: timelines of the optimizer
/// sweep's kind (a fixed provider, a first entry seconds after the reload, then entries whole or
/// half periods of an `every` grid apart, aligned or not), reload delays whole and fractional,
/// budgets that run out (reloads that wait), app reloads, views, day ends, unpredictable changes
/// (`fetchStale`) and a daylight-saving day.
@Suite("A delivered timeline's renders in one step against the event-by-event engine")
struct ClosedTimelineTests {
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let period: Double = pick([20, 60, 60, 60, 70])
        let spacing = period * pick([0.5, 1, 1, 2, 5])
        let provider = FixedProvider(
            entries: pick([2, 3, 6, 12, 30, 61, 120]), spacing: spacing, firstOffset: pick([0, 0.37, 2, 2, 30.5]),
            align: pick([.none, .none, .none, .minute]), policy: pick([.atEnd, .atEnd, .after(900), .after(3_600), .never]))
        let system = SystemSettings(
            reloadDelay: pick([.zero, .uniform(0, 120), .uniform(0, 120), .constant(30)]), renderDelay: .zero,
            minReloadInterval: pick([0, 300]))
        var app = AppActivity()
        app.reloads = pick([
            [], [],
            [AppActivity.Reloads(target: AppActivity.Target.all, trigger: AppActivity.Trigger.process(EventProcess(.poisson(perHour: 1))))],
            [
                AppActivity.Reloads(
                    target: AppActivity.Target.all, trigger: AppActivity.Trigger.process(EventProcess(.every(period: 900, offset: 0))))
            ],
        ])
        let (start, zone) = pick([
            (TestScenarios.mondayUTC, TestScenarios.utc), (TestScenarios.mondayUTC, TestScenarios.utc),
            (StaleStrideTests.parisSpring, StaleStrideTests.paris),
        ])
        return TestScenarios.single(
            .fixed(provider), days: pick([1, 2, 3]), replications: 2, seed: g.next(), start: start, timeZone: zone,
            budget: BudgetSettings(dailyMin: pick([6, 20, 70]), model: pick(BudgetModel.allCases)), system: system, app: app,
            predictable: EventProcess(.every(period: period, offset: pick([0, 0, 7, 29.5]))),
            unpredictable: pick([.none, .none, EventProcess(.poisson(perHour: 0.5)), EventProcess(.poisson(perHour: 4))]),
            views: pick([.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]))
    }

    @Test("150 random scenarios of timelines on a grid: the same days and stretches, to the bit, either way")
    func closedTimelinesMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_645)
        for i in 0..<150 {
            StaleStrideTests.expectSameEitherWay(Self.randomScenario(&g), "scenario \(i)")
        }
    }

    @Test("exactness with the grid's exponent asked once: the answer of StaleStride.exact, on random and adversarial times")
    func exactWithGridExponent() {
        var g = SeededGenerator(seed: 2_646)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let odd: [Double] = [0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 0x1p-1030, .greatestFiniteMagnitude]
        var agreed = 0
        for _ in 0..<20_000 {
            let period: Double = pick([60, 20, 70, 0.375, 1e-300, 0x1p52, 0]) * pick([1, 1, 1, -1])
            var step = period * pick([1, 1, 2, 5, 15, 60])
            let magnitude: Double = pick([1, 1, 1, 1e-300, 0x1p-1000, 0x1p20])
            var first = (Double(g.next() % 1_000_000) + pick([0, 0.5, 0.123_456_789, 1e-9])) * magnitude
            var tick = (first / 60).rounded(.up) * 60
            var through = first + Double(g.next() % 5_000_000) * magnitude
            if g.next() % 8 == 0 { first = pick(odd) }
            if g.next() % 8 == 0 { tick = pick(odd) }
            if g.next() % 8 == 0 { through = pick(odd) }
            if g.next() % 16 == 0 { step = pick(odd) }
            let reference = StaleStride.exact(first: first, dateSpacing: step, tick: tick, step: step, period: period, through: through)
            let split = StaleStride.gridExponent(step: step, period: period).map {
                StaleStride.exact(first: first, tick: tick, gridExponent: $0, through: through)
            }
            #expect((split ?? false) == reference, "\(first) \(tick) \(step) \(period) \(through)")
            if reference { agreed += 1 }
        }
        // Both answers occur: the comparison is not of two constant falses.
        #expect(agreed > 1_000 && agreed < 19_000, "\(agreed)")
    }
}
