import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport
import WidgetKitStandIn

// The README's library example, in a file that also imports WidgetKit's names (a stand-in module),
// as an app's test target does: every name must resolve without ambiguity.
// `DocsExamplesTests` checks that each line of the README's block appears here, in order.

struct MyProvider: ReplayProvider {
    mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        let next = context.clock.nextAligned(after: context.now, step: 60)  // next whole minute
        timeline.entries.append(ReplayEntry(date: context.now))
        for i in 0..<59 { timeline.entries.append(ReplayEntry(date: next + Double(i) * 60)) }
        timeline.policy = .atEnd
    }
}

/// The app's own WidgetKit provider, in the same file: `Timeline`, `TimelineEntry` and
/// `TimelineProvider` are WidgetKit's.
private struct ClockEntry: TimelineEntry {
    let date: Date
}

private struct ClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry { ClockEntry(date: Date(timeIntervalSince1970: 0)) }
    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}

@Suite("README example")
struct ReadmeExampleTests {
    /// The README's block, as written there (top-level code in the README, a function body here).
    private func readmeExample() throws -> SimulationResult {
        let scenario = Scenario(
            name: "mine", days: 7, budget: .fixed(40, model: .rolling24h),
            widgets: [
                WidgetSpec(
                    kind: "clock", provider: .never,
                    predictable: EventProcess(.every(period: 60, offset: 0)))
            ])
        let result = try Simulator.run(scenario, replacing: "clock", with: MyProvider())
        print(result.summaries[0].freshness, result.summaries[0].exhaustedDayFraction)
        return result
    }

    @Test func customProviderReplaysFreshAllWeekWithinBudget() throws {
        let summary = try readmeExample().summaries[0]
        // Starting at midnight, each timeline ends 59 minutes after its reload (first entry now, then
        // 58 more whole minutes after the next one): 24 h / 59 min = 24.4 reloads a day, all charged.
        #expect(summary.freshness == 1)
        #expect(abs(summary.chargedPerDay - 86_400 / 3_540) < 0.2)
        #expect(summary.exhaustedDayFraction == 0)
    }

    /// The one call gives what the engine's own setup gives for that widget.
    @Test func oneCallMatchesTheEngineSetup() throws {
        let scenario = TestScenarios.single(
            .never, kind: "clock", days: 2, replications: 2, predictable: EventProcess(.every(period: 60, offset: 0)))
        let expected = WidgetSummary(
            widget: "clock", runs: (0..<2).map { TestScenarios.run(MyProvider(), in: scenario, replication: $0, events: .none) })
        let result = try Simulator.run(scenario, replacing: "clock", with: MyProvider())
        #expect(result.summaries == [expected])
    }

    @Test func unknownWidgetNamesTheWidgets() {
        let scenario = Scenario(name: "mine", widgets: [WidgetSpec(kind: "clock", provider: .never)])
        #expect(throws: UnknownWidget(name: "clok", available: ["clock"])) {
            try Simulator.run(scenario, replacing: "clok", with: MyProvider())
        }
        #expect(
            UnknownWidget(name: "clok", available: ["clock"]).description
                == "the scenario has no widget named 'clok'; its widgets: 'clock'")
    }

    @Test func widgetKitProviderCompilesBeside() {
        var timelines: [Timeline<ClockEntry>] = []
        let context = TimelineProviderContext(family: .systemSmall, isPreview: false)
        ClockProvider().getTimeline(in: context) { timelines.append($0) }
        #expect(timelines.first?.entries.count == 1)
    }
}
