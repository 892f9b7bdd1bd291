import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Results and scenarios survive JSON and compare equal, so an app's tests can store a baseline
/// and compare a later run with it.
@Suite("Codable round trips")
struct CodableRoundTripTests {
    /// Encodes and decodes `value` (infinite values, e.g. an unlimited budget, as strings).
    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> (T, String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(value)
        return (try decoder.decode(T.self, from: data), String(decoding: data, as: UTF8.self))
    }

    /// Two widgets, three days, two replications, an app and views: most of the model is set.
    static let scenario = Scenario(
        name: "trip", timeZone: TimeZone(identifier: "Europe/Paris")!, days: 3, replications: 2, seed: 7,
        budget: .fixed(40, model: .rolling24h),
        widgets: [
            WidgetSpec(
                kind: "clock", provider: .fixed(FixedProvider(entries: 12, spacing: 300, policy: .atEnd)),
                unpredictable: EventProcess(.poisson(perHour: 2)),
                views: EventProcess(
                    .merged([
                        EventProcess(.poisson(perHour: 6), during: [TimeWindow(start: 7 * 3_600, end: 9 * 3_600)]),
                        EventProcess(.poisson(perHour: 1)),
                    ]))),
            WidgetSpec(kind: "app", provider: .never),
        ])

    @Test func scenarioAndSimulationResult() throws {
        let (scenario, json) = try Self.roundTrip(Self.scenario)
        #expect(scenario == Self.scenario)
        #expect(json.contains("\"timeZone\":\"Europe\\/Paris\"") || json.contains("Europe"))
        let result = Simulator.run(Self.scenario, events: .reloads)
        let (decoded, _) = try Self.roundTrip(result)
        #expect(decoded == result)
        #expect(decoded.summaries.map(\.widget) == ["clock", "app"])
        let (summary, _) = try Self.roundTrip(result.summaries[0])
        #expect(summary == result.summaries[0])
    }

    /// Equality sees a changed metric.
    @Test func equalityIsNotTrivial() {
        let a = Simulator.run(Self.scenario)
        var b = a.summaries[0]
        b.freshness += 0.01
        #expect(b != a.summaries[0])
        var s = Self.scenario
        s.seed = 8
        #expect(Simulator.run(s) != a)
    }

    @Test func optimizationResultAndRecords() throws {
        let settings = OptimizationSettings(
            space: SearchSpace(spacings: [300, 900], entries: [4, 8], aligns: [.none], policies: [.atEnd]),
            constraints: OptimizationConstraints(budgets: 40...40), replications: 1)
        let problem = OptimizationProblem(scenario: TestScenarios.single(.never, days: 1), settings: settings)
        let result = Optimizer.run(problem)
        let (decoded, _) = try Self.roundTrip(result)
        #expect(decoded == result)
        let record = CandidateRecord(try #require(result.evaluations.first))
        #expect(try Self.roundTrip(record).0 == record)
    }

    @Test func deviceLogAnalysis() throws {
        var analyzer = DeviceLogAnalyzer()
        let t0 = 1_767_600_000.0
        for i in 0..<40 {
            // Timelines of 20 minutes, each reload 30 s + i s late: a lateness distribution.
            let t = t0 + Double(i) * (1_200 + 30) + Double(i * (i + 1) / 2)
            analyzer.add(
                DeviceLogRecord(
                    time: t, event: .timeline, kind: "w", entries: 4, firstEntry: t, lastEntry: t + 1_200, policy: .atEnd,
                    memoryMB: 12, position: .init(file: 0, line: i + 2)))
        }
        let analysis = analyzer.finish()
        let (decoded, json) = try Self.roundTrip(analysis)
        #expect(decoded == analysis)
        #expect(json.contains("\"quantiles\":[{\"p\":"))
    }
}
