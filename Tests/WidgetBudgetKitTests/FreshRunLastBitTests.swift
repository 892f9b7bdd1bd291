import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A known difference of the last bit between `--events none` and `--events all`, found this round
/// (issue #26, round 19) and not yet mended: a fresh run (`FreshRun`, entries counted in bulk
/// while the display stays fresh) is accounted as one fresh stretch, where the event path closes
/// a stretch at each of its renders. The day's fresh seconds then get one addition where the event
/// path makes several; they agree to the bit while every one of those additions is exact, not
/// here, where the first piece carries a fraction (a reload at a random time: the app's, 30 an
/// hour) and the day's sum rounds (most likely where its unit doubles, inside the run). Found with `--events none` against `--events all` on
/// random scenarios; the same with every path this round added switched off, and gone with
/// `EnginePaths.freshRuns` off. This test records it so that it is seen when mended (the known
/// issue then goes unrecorded and the test fails): the fix is to add the fresh run's pieces as the
/// renders would (the repeated ones through `RepeatedSum`).
@Suite("A fresh run's fresh seconds against the event path: the known last-bit difference")
struct FreshRunLastBitTests {
    /// Scenario 93 of these lists from seed 2,626: 61 entries a minute apart, minute-aligned, on a
    /// minute grid, `after(15m)`, token-bucket budget of 70 that runs out, the app reloading at
    /// random 30 times an hour, views, 3 days.
    static func scenario() -> Scenario {
        var g = SeededGenerator(seed: 2_626)
        let every = { (period: Double) in GridScenarios.appReloads(EventProcess(.every(period: period, offset: 0))) }
        let options = GridScenarios(
            grid: .periods([60, 60, 60, 20, 30, 70], spacingFactors: [0.5, 1, 1, 2, 3, 5, 15]), entries: [2, 3, 12, 61, 120],
            firstOffsets: [0, 2, 2, 5, 30.5], aligns: [.none, .minute, .minute, .minute],
            policies: [.atEnd, .after(900), .after(3_600), .never],
            reloadDelays: [.zero, .uniform(0, 120), .constant(30), .constant(60)],
            appReloads: [[], [], [], every(600), every(1_800), GridScenarios.appReloads(EventProcess(.poisson(perHour: 30)))],
            starts: [GridScenarios.utc, GridScenarios.parisSpring], days: [1, 2, 3], dailyBudgets: [4, 6, 70],
            gridOffsets: [0, 0, 0, 13],
            unpredictable: [.none, .none, EventProcess(.poisson(perHour: 0.5)), EventProcess(.poisson(perHour: 20))],
            views: [.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))])
        for _ in 0..<93 { _ = options.draw(&g) }
        return options.draw(&g)
    }

    @Test("scenario 93: the first day's fresh seconds differ in the last bit; everything else is the same")
    func knownLastBit() {
        let scenario = Self.scenario()
        let fast = Simulator.run(scenario, events: .none).runs[0][0]
        let exact = Simulator.run(scenario, events: .all).runs[0][0]
        let (a, b) = (fast.days[0], exact.days[0])
        // Everything but the fresh seconds, to the bit.
        var same = a
        same.freshSeconds = b.freshSeconds
        #expect(same == b)
        // The fresh seconds: one unit in the last place apart (86,398.751… s: a unit is 2^-36 s).
        #expect(abs(a.freshSeconds - b.freshSeconds) <= b.freshSeconds.ulp)
        withKnownIssue("a fresh run's fresh seconds added as one stretch (docs/design/engine.md, \"Known difference\")") {
            #expect(a.freshSeconds.bitPattern == b.freshSeconds.bitPattern)
        }
    }
}
