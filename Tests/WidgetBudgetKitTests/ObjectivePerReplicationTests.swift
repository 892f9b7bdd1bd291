import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// ``OptimizationObjective/perReplication(_:widget:)`` reads only the day sums its objective needs,
/// and ``OptimizationObjective/perReplication(_:sums:widget:)`` the sums a summary of several runs
/// took of each; against the old computation (each replication's whole summary, measured and
/// rounded, kept here as the reference): the same bits for every objective, on random scenarios'
/// runs with views, unpredictable changes, budgets that run out and a daylight-saving day, with
/// several days each and runs of no view.
@Suite("Each replication's objective from its own sums")
struct ObjectivePerReplicationTests {
    /// The old computation: a summary of each run on its own, measured, rounded.
    static func reference(_ objective: OptimizationObjective, _ runs: [WidgetRunResult]) -> [Double] {
        runs.map {
            let summary = WidgetSummary(widget: "w", runs: [$0], ageQuantile: objective == .p95Age)
            return Quantize.round(objective.measure(summary), objective.replicationDecimals)
        }
    }

    @Test("every objective's per-replication values have the bits of each replication's summary")
    func sameBitsAsSummaries() {
        var g = SeededGenerator(seed: 2_615)
        var runs: [WidgetRunResult] = []
        for i in 0..<30 {
            var scenario = ChargeTimesTests.randomScenario(&g)
            if i % 5 == 0 { scenario.widgets[0].views = .none }
            runs.append(WidgetRunResult.engine(scenario, events: .none, detail: .optimization))
        }
        // Runs with and without views, with stale time.
        #expect(runs.contains { $0.days.contains { $0.views > 0 } } && runs.contains { $0.days.allSatisfy { $0.views == 0 } })
        #expect(runs.contains { $0.days.contains { $0.ageIntegral > 0 } })
        for objective in OptimizationObjective.allCases {
            let got = objective.perReplication(runs, widget: "w"), expected = Self.reference(objective, runs)
            #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "\(objective): \(got) against \(expected)")
            for run in runs {
                let summary = objective.summary(of: [run], widget: "w")
                #expect(objective.measure(run: run, widget: "w").bitPattern == objective.measure(summary).bitPattern, "\(objective)")
            }
        }
    }

    /// The sums each run gets from a summary of several
    /// (`WidgetSummary.init(widget:runs:ageQuantile:runSums:)`, what `OptimizationProblem.evaluate`
    /// measures each replication from) against each run's own summary, as above: the same bits
    /// for every objective, whatever runs came before it in the summary.
    @Test("every objective's per-replication values from a summary's sums have the bits of each replication's summary")
    func sameBitsFromSummarySums() {
        var g = SeededGenerator(seed: 2_616)
        var runs: [WidgetRunResult] = []
        for i in 0..<24 {
            var scenario = ChargeTimesTests.randomScenario(&g)
            if i % 5 == 0 { scenario.widgets[0].views = .none }
            runs.append(WidgetRunResult.engine(scenario, events: .none, detail: .optimization))
        }
        for size in [1, 3, 8] {
            for start in stride(from: 0, to: runs.count, by: size) {
                let group = Array(runs[start..<min(start + size, runs.count)])
                var sums: [DaySums.Run] = []
                let summary = WidgetSummary(widget: "w", runs: group, ageQuantile: true, runSums: &sums)
                // The summary itself is the one without the sums handed over.
                #expect(String(describing: summary) == String(describing: WidgetSummary(widget: "w", runs: group)))
                for objective in OptimizationObjective.allCases {
                    let got = objective.perReplication(group, sums: sums, widget: "w")
                    let expected = Self.reference(objective, group)
                    #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "\(objective), runs \(start)..<\(start + size)")
                }
            }
        }
    }
}
