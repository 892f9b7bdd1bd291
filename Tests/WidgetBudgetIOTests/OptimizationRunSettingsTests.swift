import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// `OptimizationRun.settings` (what `bench` builds its own problem from, round 15 `age`) against
/// `OptimizationRun.prepare` as it was before (kept here verbatim), which built the problem: for
/// every bundled scenario, with and without overrides (budgets, replications, the objective) and
/// days, the same scenario and settings, or the same error (work past the limit).
@Suite("The optimizer's settings without its problem")
struct OptimizationRunSettingsTests {
    /// `OptimizationRun.prepare` before round 15, verbatim.
    static func oldPrepare(
        file: ScenarioFile, scenario: Scenario? = nil,
        overrides: OptimizationOverrides = OptimizationOverrides(), shard: Shard = .whole, force: Bool = false
    ) throws -> OptimizationProblem {
        var s = scenario ?? file.scenario
        if let text = overrides.budgets, let range = BudgetRangeText.parse(text.replacingOccurrences(of: " ", with: "")) {
            s.budget.dailyMin = range.lowerBound
            s.budget.dailyMax = range.upperBound
        }
        let settings = try OptimizeSection.settings(for: file, scenario: s, overrides: overrides)
        try WorkEstimate(optimizing: s, settings: settings, shard: shard).check(
            force: force, hint: "use fewer candidates, days or replications, or optimize --force")
        return OptimizationProblem(scenario: s, settings: settings)
    }

    @Test("the settings and scenario prepare's problem holds, or prepare's error")
    func sameAsPrepare() throws {
        let folder = "Scenarios"
        let paths = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        var compared = 0, refused = 0
        for path in paths {
            let file = try ScenarioLoader.load(path: folder + "/" + path)
            var short = file.scenario, long = file.scenario
            short.days = 5
            long.days = 3_650
            let cases: [(Scenario?, OptimizationOverrides)] = [
                (nil, OptimizationOverrides()),
                (short, OptimizationOverrides(objective: "p95-age", budgets: "30...60", replications: 3)),
                (long, OptimizationOverrides(replications: 10_000)),
            ]
            for (scenario, overrides) in cases {
                let prepared = Result { try Self.oldPrepare(file: file, scenario: scenario, overrides: overrides) }
                let alone = Result { try OptimizationRun.settings(file: file, scenario: scenario, overrides: overrides) }
                switch (prepared, alone) {
                case let (.success(problem), .success((s, settings))):
                    #expect(settings == problem.settings, "\(path)")
                    #expect(OptimizationProblem(scenario: s, settings: settings).scenario == problem.scenario, "\(path)")
                    compared += 1
                case let (.failure(a), .failure(b)):
                    #expect("\(a)" == "\(b)", "\(path)")
                    refused += 1
                default:
                    Issue.record("\(path): one refused, the other did not")
                }
            }
        }
        #expect(compared >= 8 && refused >= 8, "\(compared) compared, \(refused) refused")
    }
}
