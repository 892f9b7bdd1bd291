import Dispatch
import Foundation
import WidgetBudgetKit

/// Timings behind docs/performance.md: how fast a sweep evaluates candidates, and how close the
/// search comes to the exhaustive answer for how much of the work.
public enum OptimizationBenchmark {
    /// A large space for timing sweeps: 8 spacings × `maxEntries` entry counts × 2 alignments ×
    /// 10 policies × 2 window lists.
    public static func benchSpace(maxEntries: Int, firstOffset: Double) -> SearchSpace {
        SearchSpace(
            spacings: [30, 60, 120, 300, 600, 900, 1800, 3600], entries: Array(1...maxEntries), aligns: [.none, .minute],
            policies: [
                .atEnd, .after(900), .after(1800), .after(2700), .after(3600), .after(5400), .after(7200),
                .after(10800), .after(14400), .never,
            ],
            windows: [[], [TimeWindow("07:00-23:00")!]], firstOffset: firstOffset)
    }

    /// What a throughput run measured.
    public struct Throughput: Sendable {
        /// Candidates evaluated.
        public var candidates: Int
        /// Replications per candidate.
        public var replications: Int
        /// Days per replication.
        public var days: Int
        /// Wall-clock seconds.
        public var seconds: Double
        /// Simulation runs made (a candidate that runs out of budget is run twice).
        public var runs: Int
        /// Cores available.
        public var cores: Int

        /// Candidates per second.
        public var perSecond: Double { Double(candidates) / max(seconds, 1e-9) }
    }

    /// Evaluates `count` candidates spread evenly over ``benchSpace(maxEntries:firstOffset:)``
    /// on the optimization problem of `file`, in parallel, and times it.
    public static func throughput(
        file: ScenarioFile, scenario: Scenario? = nil, overrides: OptimizationOverrides = OptimizationOverrides(),
        count: Int, maxEntries: Int = 240
    ) throws -> Throughput {
        // The settings alone: the problem `OptimizationRun.prepare` would build (every
        // replication's inputs drawn, and its daylight-saving days' problems) is not the one
        // timed, whose space is the bench's (round 15 `age`: 5.6 M instructions of the bench).
        let (base, prepared) = try OptimizationRun.settings(file: file, scenario: scenario, overrides: overrides)
        var settings = prepared
        settings.space = benchSpace(maxEntries: maxEntries, firstOffset: settings.space.firstOffset)
        let problem = OptimizationProblem(scenario: base, settings: settings)
        // Read by index: listing the whole space to pick `count` of it cost more than some runs.
        let all = settings.space.canonicalCandidates
        let n = min(count, all.count)
        let chosen = (0..<n).map { all[$0 * all.count / n] }
        let start = DispatchTime.now().uptimeNanoseconds
        let evaluations = ParallelMap.map(count: chosen.count) { problem.evaluate(chosen[$0]) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let reruns = evaluations.filter { $0.summary.deferredPerDay > 0 }.count
        return Throughput(
            candidates: n, replications: settings.replications, days: problem.scenario.days, seconds: seconds,
            runs: (n + reruns) * settings.replications, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// How the search did against the exhaustive sweep on the same space.
    public struct SearchQuality: Sendable {
        /// Distinct candidates in the space.
        public var spaceSize: Int
        /// Candidates the search evaluated.
        public var searchEvaluations: Int
        /// The exhaustive recommendation and its objective.
        public var exhaustiveBest: (PolicyCandidate, Double)?
        /// The search's recommendation and its objective.
        public var searchBest: (PolicyCandidate, Double)?
        /// Seconds for the exhaustive sweep and for the search.
        public var exhaustiveSeconds: Double, searchSeconds: Double
        /// The objective.
        public var objective: OptimizationObjective

        /// The search's objective relative to the exhaustive optimum's, in percent (0 when equal).
        public var gapPercent: Double? {
            guard let (_, e) = exhaustiveBest, let (_, s) = searchBest else { return nil }
            if e == s { return 0 }
            return abs(s - e) / max(abs(e), 1e-9) * 100
        }
    }

    /// Runs the space of `file` exhaustively and by search and compares the recommendations.
    public static func searchQuality(
        file: ScenarioFile, scenario: Scenario? = nil,
        overrides: OptimizationOverrides = OptimizationOverrides()
    ) throws -> SearchQuality {
        func timed(_ method: String) throws -> (OptimizationOutcome, Double) {
            var o = overrides
            o.method = method
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome = try OptimizationRun.run(file: file, scenario: scenario, overrides: o)
            return (outcome, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let (exhaustive, te) = try timed("exhaustive")
        let (search, ts) = try timed("search")
        let best = { (o: OptimizationOutcome) in o.recommended.map { ($0.record.candidate, $0.record.objective) } }
        return SearchQuality(
            spaceSize: Int(exhaustive.manifest["space_size"]) ?? 0, searchEvaluations: search.rows.count,
            exhaustiveBest: best(exhaustive), searchBest: best(search), exhaustiveSeconds: te, searchSeconds: ts,
            objective: exhaustive.manifest.objective)
    }
}
