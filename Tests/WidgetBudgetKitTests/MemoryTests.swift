import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The extension's memory: `base_mb + entries × per_entry_kb / 1024` when a timeline is built; above
/// `limit_mb` the extension is killed, the reload is still charged, nothing is delivered, and WidgetKit
/// tries again after `retry_after`.
@Suite("Memory limit")
struct MemoryTests {
    /// Defaults: 6 MB + 64 KB per entry under 30 MB. 500 entries need 6 + 500 / 16 = 37.25 MB: every
    /// build is killed, so the widget never leaves its placeholder (stale from the start: age = t).
    /// Retries every 900 s spend the budget of 70 by the 70th at 69 × 900 s; the one at 63,000 s waits.
    @Test("a timeline above the limit is killed, charged, retried after retry_after, and never shown")
    func killedTimeline() {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 500, spacing: 60, policy: .atEnd))
        let scenario = TestScenarios.single(provider, views: EventProcess(.times([100, 50_000])))
        let run = Simulator.run(scenario, events: .all).run()
        let day0 = run.days[0]
        #expect(day0.kills == 70)
        #expect(day0.reloads == 70)
        #expect(day0.charged == 70)
        #expect(day0.renders == 0)
        #expect(day0.peakMemoryMB == 37.25)
        #expect(day0.exhaustedAt == 63_000)
        #expect(day0.freshSeconds == 0)
        #expect(day0.ageIntegral == 86_400 * 86_400 / 2)
        #expect(day0.freshViews == 0)
        #expect(run.events(.deliver).isEmpty)
        #expect(run.events(.render).isEmpty)

        let kills = run.events(.kill)
        #expect(kills.map(\.time) == (0..<70).map { Double($0) * 900 })
        #expect(kills.allSatisfy { $0.charged == true && $0.entries == 500 && $0.memoryMB == 37.25 })
        #expect(kills.first?.detail == .overLimit(37.25))
        // Kill at 0, then a retry request at 0 + retry_after.
        let reloadLog = run.events.filter { $0.kind == .kill || $0.kind == .request }.prefix(4)
        #expect(reloadLog.map(\.kind) == [.request, .kill, .request, .kill])
        #expect(reloadLog.map(\.time) == [0, 0, 900, 900])
        #expect(reloadLog.map(\.source) == [.start, .start, .retry, .retry])
    }

    @Test("retry_after sets when WidgetKit tries again", arguments: [600.0, 1_800, 3_600])
    func retryAfter(seconds: Double) {
        let provider = ProviderSpec.fixed(FixedProvider(entries: 500, spacing: 60, policy: .atEnd))
        let scenario = TestScenarios.single(provider, budget: .fixed(1_000), memory: MemorySettings(retryAfter: seconds))
        let run = Simulator.run(scenario, events: .reloads).run()
        let expected = Int((86_400 / seconds).rounded(.up))
        #expect(run.days[0].kills == expected)
        #expect(run.events(.kill).map(\.time) == (0..<expected).map { Double($0) * seconds })
    }

    /// (30 − 6) × 1024 / 64 = 384 entries fit exactly (30.0 MB is not above the limit); 385 do not.
    @Test(
        "the limit is on the whole timeline: 384 entries fit, 385 are killed",
        arguments: [(384, false), (385, true), (1, false), (1_440, true)])
    func limitBoundary(entries: Int, killed: Bool) {
        #expect(MemorySettings().maxEntries == 384)
        let provider = ProviderSpec.fixed(FixedProvider(entries: entries, spacing: 1, policy: .never))
        let day0 = Simulator.run(TestScenarios.single(provider, budget: .fixed(1_000))).day(0)
        #expect(day0.kills == (killed ? 96 : 0))  // A retry every 900 s: 0, 900, …, 85,500.
        #expect(day0.peakMemoryMB == 6 + Double(entries) / 16)
        #expect((day0.renders == 0) == killed)
    }

    /// The first timeline (one entry, `.after(1 h)`) is delivered; every later one holds 1,000 entries
    /// and is killed. The widget keeps showing its first entry, which misses the change at 1,800 s:
    /// stale from 1,800 s to the end of the day. Charges: 0, then kills at 3,600 + 900 j for
    /// j = 0…68 (69 kills, 70 charges); the retry at 65,700 s waits for budget.
    @Test("a kill keeps the old content on screen")
    func killKeepsOldContent() {
        struct GrowsTooBig: ReplayProvider {
            var calls = 0
            mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
                calls += 1
                let count = calls == 1 ? 1 : 1_000
                for i in 0..<count { timeline.entries.append(ReplayEntry(date: context.now + Double(i) * 60)) }
                timeline.policy = calls == 1 ? .after(context.now + 3_600) : .atEnd
            }
        }
        let scenario = TestScenarios.single(.never, unpredictable: EventProcess(.times([1_800])))
        let run = TestScenarios.run(GrowsTooBig(), in: scenario, events: .all)
        let day0 = run.days[0]
        #expect(run.events(.deliver).map(\.time) == [0])
        #expect(day0.kills == 69)
        #expect(day0.charged == 70)
        #expect(day0.exhaustedAt == 65_700)
        #expect(day0.renders == 1)
        #expect(day0.freshSeconds == 1_800)
        #expect(day0.ageIntegral == (86_400 - 1_800) * (86_400 - 1_800) / 2)
        #expect(day0.peakMemoryMB == 6 + 1_000.0 / 16)
    }

    @Test("footprint arithmetic")
    func footprint() {
        let memory = MemorySettings(limitMB: 15, baseMB: 5, perEntryKB: 512)
        #expect(memory.footprint(entries: 0) == 5)
        #expect(memory.footprint(entries: 10) == 10)
        #expect(memory.maxEntries == 20)
        #expect(MemorySettings(perEntryKB: 0).maxEntries == Int.max)
    }
}
