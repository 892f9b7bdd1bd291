import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// A timeline of the entry count last delivered is delivered again with the footprint found then
/// (`WidgetSimulation.deliverable`): every other count is checked against the memory limit and the
/// system's most entries, in any order of counts. Expected by hand: `6 + n × 16 / 1024` MB, killed
/// above 30 MB (more than 1,536 entries), rejected above 400 entries.
@Suite("Deliverable count")
struct DeliverableCountTests {
    /// Returns `counts[i]` entries (a minute apart, from the reload) at its `i`-th call, then 1.
    struct Counts: ReplayProvider {
        let counts: [Int]
        var calls = 0
        mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
            let n = calls < counts.count ? counts[calls] : 1
            calls += 1
            for i in 0..<n { timeline.entries.append(ReplayEntry(date: context.now + Double(i) * 60)) }
            timeline.policy = .never
        }
    }

    /// What each build at a grant became, in order: the event's kind, entries and memory.
    static func outcomes(_ counts: [Int], days: Int) -> (got: [String], expected: [String], peaks: ([Double], [Double])) {
        let app = AppActivity(reloads: [
            .init(target: .all, trigger: .process(EventProcess(.times((1..<(24 * days)).map { Double($0) * 3_600 }))))
        ])
        let scenario = TestScenarios.single(
            .never, days: days, budget: .fixed(1_000), memory: MemorySettings(limitMB: 30, baseMB: 6, perEntryKB: 16),
            app: app)
        let run = TestScenarios.run(Counts(counts: counts), in: scenario, events: .all)
        let built = run.events.filter { [.deliver, .kill, .rejected].contains($0.kind) }
        let got = built.map { "\($0.kind) \($0.entries) \($0.memoryMB)" }
        var expected: [String] = []
        var peaks = [Double](repeating: 0, count: days)
        for (i, event) in built.enumerated() {
            let n = i < counts.count ? counts[i] : 1
            let mb = 6 + Double(n) * 16 / 1024
            let kind: EngineEvent.Kind = mb > 30 ? .kill : (n > 400 ? .rejected : .deliver)
            expected.append("\(kind) \(n) \(mb)")
            let d = Int(event.time / 86_400)
            peaks[d] = max(peaks[d], mb)
        }
        return (got, expected, (run.days.map(\.peakMemoryMB), peaks))
    }

    @Test("counts delivered, killed and rejected in turn, each checked against the settings")
    func countsInTurn() {
        let counts = [10, 10, 2_000, 10, 450, 450, 10, 20, 2_000, 20, 401, 400, 400, 1_536, 1_537, 1_536, 3, 3, 2_000, 2_000, 3]
        let r = Self.outcomes(counts, days: 2)
        #expect(r.got.count >= counts.count)
        #expect(r.got == r.expected)
        #expect(r.peaks.0 == r.peaks.1)
    }

    @Test("random counts around the limits", arguments: [1, 2, 3, 4])
    func randomCounts(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let edges = [0, 1, 2, 399, 400, 401, 1_535, 1_536, 1_537, 5_000]
        // Runs of one count (delivered again from what was kept) between changes.
        var counts: [Int] = []
        while counts.count < 60 {
            let n = edges[Int(rng.next() % UInt64(edges.count))]
            counts += Array(repeating: n, count: 1 + Int(rng.next() % 3))
        }
        let r = Self.outcomes(counts, days: 3)
        #expect(r.got.count >= counts.count)
        #expect(r.got == r.expected)
        #expect(r.peaks.0 == r.peaks.1)
    }
}
