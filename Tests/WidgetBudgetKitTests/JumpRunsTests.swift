import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// A jump's repeated stretches handed to the day's shapes as one slot standing for all of them
/// (`EnginePaths.jumpRuns`, `SegmentStore.runs`, `AgeShapes.append(slots:runs:)`): the fold over
/// marked slots against the fold over the stretches written out, and random scenarios run with
/// and without it (and with every stretch kept with its time), the same shapes, days and
/// summaries, to the bit.
@Suite("Jump runs: a jump's stretches handed to the shapes as one run")
struct JumpRunsTests {
    /// Slots of a few shapes (so that neighbours merge), some marked as runs of 1 to 5,000
    /// stretches (the first slot and consecutive slots among them), and the same stretches
    /// written out one per slot.
    static func slots(_ g: inout SeededGenerator) -> (slots: [AgeSegment], marks: [StretchSlots.Run], written: [AgeSegment]) {
        let shapes = [(0.0, 60.0), (0.0, 60.0), (30.0, 90.0), (0.0, 0.5), (-0.0, 60.0), (0.0, 60.000000000000007)]
        var slots: [AgeSegment] = [], marks: [StretchSlots.Run] = [], written: [AgeSegment] = []
        for i in 0..<Int(g.next() % 40) {
            let (from, to) = shapes[Int(g.next() % UInt64(shapes.count))]
            let segment = AgeSegment(start: Double(i), from: from, to: to)
            slots.append(segment)
            var count = 1
            if g.next() % 3 == 0 {
                count = [1, 2, 4, 17, 5_000][Int(g.next() % 5)]
                marks.append(StretchSlots.Run(slot: i, count: count))
            }
            written += repeatElement(segment, count: count)
        }
        return (slots, marks, written)
    }

    /// The same stretch, to the bit.
    static func sameStretch(_ a: AgeSegment, _ b: AgeSegment) -> Bool {
        a.start.bitPattern == b.start.bitPattern && a.from.bitPattern == b.from.bitPattern && a.to.bitPattern == b.to.bitPattern
    }

    @Test("marked slots: iterated, the stretches written out; their quantile's bits; folded day after day, the same runs")
    func foldMatchesWrittenOut() {
        var g = SeededGenerator(seed: 2_640)
        var marked = 0, stale = 0
        for i in 0..<300 {
            let store = i % 4 == 0 ? AgeShapesTests.ArrayStore() : nil
            var folded = store.map { AgeShapes(store: $0) } ?? AgeShapes()
            var reference = AgeShapes()
            // Several days: each fold may join the last run of the day before.
            for _ in 0..<Int(1 + g.next() % 4) {
                let day = Self.slots(&g)
                day.slots.withUnsafeBufferPointer { buffer in
                    day.marks.withUnsafeBufferPointer { marks in
                        let slots = StretchSlots(buffer, runs: marks)
                        folded.append(slots: slots)
                        // Iterated, the stretches written out; the day's quantile over them, to the bit.
                        #expect(slots.count == day.written.count && slots.elementsEqual(day.written, by: Self.sameStretch), "set \(i)")
                        let length = slots.reduce(0) { $0 + $1.to - $1.from } * 1.25
                        let x = AgeQuantile.timeWeighted(slots, totalTime: length, p: 0.95)
                        let y = AgeQuantile.timeWeighted(day.written, totalTime: length, p: 0.95)
                        #expect(x.bitPattern == y.bitPattern, "set \(i): \(x) against \(y)")
                        if x > 0 { stale += 1 }
                    }
                }
                reference.append(contentsOf: day.written)
                marked += day.marks.count
            }
            folded.finish()
            #expect(folded == reference, "set \(i)")
            #expect(folded.count == reference.count && folded.runCount == reference.runCount, "set \(i)")
        }
        #expect(marked > 1_000, "\(marked) marked slots")
        #expect(stale > 100, "\(stale) quantiles above 0")
    }

    /// Entries on an `every` grid whole periods or half a period apart (1, 2, 5 periods; or half
    /// of one), aligned or not, after reload delays whole or not: strides that jump, with views,
    /// app reloads, tight budgets that run out, unpredictable changes, days ending and
    /// daylight-saving days, over 1 to 4 days.
    static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
        GridScenarios(
            grid: .periods([20, 60, 60, 70], spacingFactors: [0.5, 0.5, 1, 1, 2, 5]), entries: [61, 120, 240, 1_440],
            policies: [.atEnd, .after(900), .after(3_600), .never],
            appReloads: [
                [], [], GridScenarios.appReloads(EventProcess(.poisson(perHour: 1))),
                GridScenarios.appReloads(EventProcess(.poisson(perHour: 6))),
            ],
            starts: [GridScenarios.utc, GridScenarios.utc, GridScenarios.parisSpring, GridScenarios.parisAutumn],
            days: [1, 2, 3, 4],
            views: [.none, EventProcess(.poisson(perHour: 6)), EventProcess(.poisson(perHour: 60))]
        ).draw(&g)
    }

    @Test("120 random scenarios that jump: the same shapes, days and summaries with the jumps' runs as without, to the bit")
    func sameShapesEitherWay() {
        var g = SeededGenerator(seed: 26_264)
        var withoutQuantiles = RunDetail.summaries
        withoutQuantiles.dayAgeQuantiles = false
        let details: [(String, RunDetail)] = [
            ("optimization", .optimization), ("unconstrained p95", .unconstrained(for: .p95Age)),
            ("unconstrained mean age", .unconstrained(for: .meanAge)), ("summaries", .summaries),
            ("summaries without day quantiles", withoutQuantiles),
        ]
        var taken = 0
        for i in 0..<120 {
            let scenario = Self.randomScenario(&g)
            for (name, detail) in details {
                var stretchByStretch = detail
                stretchByStretch.jumpRuns = false
                var withTimes = detail
                withTimes.stretchTimes = true
                let paths = EnginePaths(
                    inputs: WidgetInputs(
                        scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: 0, replication: 0),
                    system: scenario.system, level: .none, detail: detail)
                if paths.jumpRuns { taken += 1 }
                var runs: [WidgetRunResult] = [], references: [WidgetRunResult] = []
                for r in 0..<2 {
                    let label = "scenario \(i), \(name), replication \(r)"
                    let store = r == 1 ? AgeShapesTests.ArrayStore() : nil
                    let a = WidgetRunResult.engine(scenario, replication: r, detail: detail, store: store)
                    let otherStore = store.map { _ in AgeShapesTests.ArrayStore() }
                    let b = WidgetRunResult.engine(scenario, replication: r, detail: stretchByStretch, store: otherStore)
                    #expect(a.ageShapes == b.ageShapes, "\(label)")
                    #expect(a.ageShapes.count == b.ageShapes.count && a.ageShapes.runCount == b.ageShapes.runCount, "\(label)")
                    #expect(a.days == b.days, "\(label)")
                    #expect(a.chargeTimes == b.chargeTimes, "\(label)")
                    // The stretches with their times, folded one by one: the same runs.
                    let c = WidgetRunResult.engine(scenario, replication: r, detail: withTimes)
                    var folded = AgeShapes()
                    folded.append(contentsOf: c.ageSegments)
                    #expect(a.ageShapes == folded, "\(label)")
                    runs.append(a)
                    references.append(b)
                }
                let x = WidgetSummary(widget: "w", runs: runs, ageQuantile: true)
                let y = WidgetSummary(widget: "w", runs: references, ageQuantile: true)
                // (Described: a summary may hold NaN, which `==` never matches.)
                #expect(String(describing: x) == String(describing: y), "scenario \(i), \(name)")
            }
        }
        // The runs' path was taken: by every scenario under every detail keeping stretches.
        #expect(taken == 4 * 120, "\(taken) runs with jump runs")
    }
}
