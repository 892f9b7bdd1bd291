import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The views counted in one loop (`tallyDueViews`, `tallyViewsInJump`: the counts kept in a
/// ``ViewTally``, a list of views read in place, the stale starts inside a jump kept from one view
/// to the next by ``ViewsInJump/StaleStarts``) against the event-by-event engine (`--events all`,
/// each view one event), to the bit: views drawn as the run reaches them and drawn in advance (the
/// optimizer's list), Poisson views dense and sparse, inside `during` windows, on a grid (views on
/// the very instants of renders and ticks) and at listed times inside windows (a filtered list),
/// with the grid scenarios' timelines, jumps and closed forms. A count on the side
/// (`WidgetSimulation.viewsInJumpsTaken`) shows views counted after jumps, many of them without a
/// division.
@Suite("Views counted in loops and after jumps against the event-by-event engine")
struct ViewTallyTests {
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        let day = TimeWindow("07:00-23:00")!
        let listed = (0..<200).map { Double($0) * 997.5 }
        return GridScenarios(
            grid: .periods([60, 60, 20, 70], spacingFactors: [0.5, 1, 1, 2, 15]), entries: [12, 61, 120],
            firstOffsets: [0, 2, 30.5], aligns: [.none, .minute], policies: [.atEnd, .after(3_600), .never],
            reloadDelays: [.zero, .uniform(0, 120)], appReloads: [[], [], []],
            starts: [GridScenarios.utc, GridScenarios.parisSpring], days: [1, 2], dailyBudgets: [6, 70],
            gridOffsets: [0, 0, 13],
            views: [
                EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60)),
                EventProcess(.poisson(perHour: 6), during: [day]), EventProcess(.every(period: 60, offset: 0)),
                EventProcess(.every(period: 300, offset: 0)), EventProcess(.times(listed), during: [day]),
            ]
        ).draw(&g)
    }

    @Test("120 random scenarios, views drawn as they come and in advance: the same days and stretches, to the bit")
    func viewLoopsMatchEventByEvent() {
        var g = SeededGenerator(seed: 2_613)
        var inJumps = 0
        for i in 0..<120 {
            let scenario = Self.randomScenario(&g)
            for r in 0..<2 {
                let exact = EngineRun(scenario, replication: r, events: .all, detail: .full).result
                for inAdvance in [false, true] {
                    let fast = EngineRun(scenario, replication: r, detail: .full, viewsDrawnInAdvance: inAdvance)
                    let widget = scenario.widgets[0]
                    let label = "scenario \(i), replication \(r), drawn in advance \(inAdvance): \(widget.provider) \(widget.views)"
                    #expect(fast.result.days.map(\.views) == exact.days.map(\.views), "\(label)")
                    // The same additions in the same order: the same sums, to the bit.
                    #expect(fast.result.days == exact.days, "\(label)")
                    #expect(fast.result.ageSegments == exact.ageSegments, "\(label)")
                    inJumps += fast.viewsInJumps
                }
            }
        }
        // Views were counted after jumps, often (88,792): the comparisons above are of that loop.
        #expect(inJumps > 80_000, "\(inJumps) views counted after jumps")
    }

    /// ``ViewsInJump/StaleStarts`` against ``ViewsInJump/staleStart(atView:step:)`` for each view
    /// of random jumps: moves whole or fractional seconds apart (exact dates or not), views before,
    /// among and after them, on their very dates and between, in time order, with repeats.
    @Test("2,000 random jumps: the stale start at each view in time order, as asked view by view, to the bit")
    func staleStartsMatchOneByOne() {
        var g = SeededGenerator(seed: 2_614)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        var views = 0, divisions = 0
        for i in 0..<2_000 {
            let step: Double = pick([60, 120, 30, 0.1, 1.0 / 3, 86_400.0 / 7])
            let moves: Int = pick([1, 2, 5, 60, 1_000])
            let firstMove: SimTime = pick([0, 17, 1e6 + 0.3, 1e9 / 3])
            let tick: SimTime = pick([0, 5, 1e6 - 1])
            let jump = ViewsInJump(moves: moves, firstMove: firstMove, tick: tick)
            // Views from two steps before the first move to one after the last.
            let from = firstMove - 2 * step
            let span = firstMove + Double(moves + 1) * step - from
            let count: Int = pick([1, 5, 50])
            var times: [SimTime] = (0..<count).map { _ in from + span * (Double(g.next() >> 11) * 0x1p-53) }
            // Views on the moves' very dates (as computed), and twice at one instant.
            for _ in 0..<3 { times.append(firstMove + Double(Int(g.next() % UInt64(moves + 1))) * step) }
            times.append(times[0])
            times.sort()
            let starts = Self.checkOneByOne(jump, step: step, views: times, label: "jump \(i)")
            views += times.count
            divisions += starts.divisions
        }
        // Many views kept the stale start of the view before or took it one move on (32,077), and
        // many did not (11,641).
        #expect(views - divisions > 25_000, "\(views - divisions) views without a division of \(views)")
        #expect(divisions > 9_000, "\(divisions) divisions of \(views) views")
    }

    /// ``ViewsInJump/StaleStarts``' inline cases (a move on both sides of the view, the guess
    /// taken after checking the two moves' dates; no move before the view; every move before it)
    /// and its case out of line against ``ViewsInJump/staleStart(atView:step:)``, on views at the
    /// edges: on a move's date, one unit before and after it, halfway between moves, with 1 to 4
    /// moves (the case between two moves needs two), steps and first moves whose dates round
    /// (`1e9 / 3`, steps of a third or a seventh of a day) or not, quotients close to whole numbers.
    @Test("30,000 views at moves' edges: the cases inline and out of line, as asked view by view, to the bit")
    func staleStartsAtEdgesMatchOneByOne() {
        var g = SeededGenerator(seed: 2_615)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        var views = 0, divisions = 0, guesses = 0
        for i in 0..<3_000 {
            let step: Double = pick([60, 300, 30, 0.1, 1.0 / 3, 86_400.0 / 7, 3_600.5])
            let moves: Int = pick([1, 2, 3, 4, 61, 500])
            let firstMove: SimTime = pick([0, 17.25, 1e6 + 0.3, 1e9 / 3, 1_767_571_262.0])
            let tick: SimTime = firstMove - pick([0.5, 13, 59.75])
            let jump = ViewsInJump(moves: moves, firstMove: firstMove, tick: tick)
            var times: [SimTime] = []
            for _ in 0..<10 {
                let j = Int(g.next() % UInt64(moves + 2)) - 1
                let date = firstMove + Double(j) * step
                switch g.next() % 5 {
                case 0: times.append(date)
                case 1: times.append(date.nextDown)
                case 2: times.append(date.nextUp)
                case 3: times.append(date + step / 2)
                default: times.append(date + step * (Double(g.next() >> 11) * 0x1p-53))
                }
            }
            times.sort()
            let starts = Self.checkOneByOne(jump, step: step, views: times, label: "jump \(i)")
            views += times.count
            divisions += starts.divisions
            guesses += starts.guesses
        }
        // Both are taken (inline 8,677 times, out of line, where the guess was a unit off or the
        // view at or after the last move, 587); the other views are answered one move on or kept
        // the stale start of the view before.
        #expect(guesses > 7_000, "\(guesses) answered inline of \(divisions) divisions")
        #expect(divisions - guesses > 200, "\(divisions - guesses) answered out of line of \(divisions)")
    }

    /// ``ViewsInJump/StaleStarts``' answer one move on from the view before (no division) against
    /// the division kept here verbatim (``divided(_:step:at:)``), for views walking through the
    /// moves a fraction of a step to a few steps apart, or on a move's date, one unit before or
    /// after it: steps whole or fractional, first moves small, rounded (`1e9 / 3`) or huge (`1e16`
    /// and more, where a step of 1 or less rounds the next move's date onto the one before,
    /// `1e300`), 1 to 500 moves, views past the last.
    @Test("20,000 views walking through the moves: one move on or divided, as the division answers, to the bit")
    func staleStartsOneMoveOnMatchDivision() {
        var g = SeededGenerator(seed: 2_616)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        func unit() -> Double { Double(g.next() >> 11) * 0x1p-53 }
        var views = 0, divisions = 0, steps = 0
        for i in 0..<2_000 {
            let step: Double = pick([60, 300, 0.1, 1.0 / 3, 86_400.0 / 7, 1, 1e290])
            let moves: Int = pick([1, 2, 3, 61, 500])
            let firstMove: SimTime = pick([0, 17.25, 1e9 / 3, 1_767_571_262.0, 1e16 + 2, 3e17, 1e300])
            let tick: SimTime = firstMove - pick([0.5, 13, step])
            let jump = ViewsInJump(moves: moves, firstMove: firstMove, tick: tick)
            var starts = ViewsInJump.StaleStarts(jump, step: step)
            var v = firstMove - step * unit() * 2
            for _ in 0..<10 {
                let expected = Self.divided(jump, step: step, at: v)
                let got = starts.at(v)
                #expect(got.bitPattern == expected.bitPattern, "jump \(i): \(jump), step \(step), view \(v): \(got), not \(expected)")
                // The next view: a fraction of a step to a few steps on, or at a later move's edge.
                let j = (v - firstMove) / step
                let date = firstMove + (j.isFinite && j > -1 ? (j + 1 + Double(g.next() % 2)).rounded(.down) : 0) * step
                switch g.next() % 5 {
                case 0: v = max(v, date)
                case 1: v = max(v, date.nextDown)
                case 2: v = max(v, date.nextUp)
                case 3: v += step * unit()
                default: v += step * 3 * unit()
                }
            }
            views += 10
            divisions += starts.divisions
            steps += starts.steps
        }
        // Many views are answered one move on (5,001), many divided (2,415); the others kept the
        // stale start of the view before.
        #expect(steps > 4_000, "\(steps) views one move on of \(views)")
        #expect(divisions > 1_500, "\(divisions) divisions of \(views) views")
    }

    /// The stale start at `v`, as ``ViewsInJump/staleStart(atView:step:)`` answered it before a
    /// view could be answered one move on (main `cd16fb2`), kept verbatim: the quotient rounded
    /// toward zero, then the moves' exact dates searched from there.
    private static func divided(_ jump: ViewsInJump, step: Double, at v: SimTime) -> SimTime {
        let q = (v - jump.firstMove) / step
        var i = q >= Double(jump.moves) || q.isNaN ? jump.moves : q < 0 ? 0 : Int(q) + 1
        while i > 0 && jump.firstMove + Double(i - 1) * step > v { i -= 1 }
        while i < jump.moves && jump.firstMove + Double(i) * step <= v { i += 1 }
        return jump.tick + Double(i) * step
    }

    /// Asks ``ViewsInJump/StaleStarts`` for the stale start at each of `views` (sorted), and
    /// expects each, to the bit, as ``ViewsInJump/staleStart(atView:step:)`` answers it alone;
    /// returns the tally, with its counts of divisions and guesses.
    private static func checkOneByOne(_ jump: ViewsInJump, step: Double, views: [SimTime], label: String) -> ViewsInJump.StaleStarts {
        var starts = ViewsInJump.StaleStarts(jump, step: step)
        for v in views {
            let expected = jump.staleStart(atView: v, step: step)
            let got = starts.at(v)
            #expect(got.bitPattern == expected.bitPattern, "\(label): \(jump), step \(step), view \(v): \(got), not \(expected)")
        }
        return starts
    }
}
