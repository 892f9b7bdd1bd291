import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// A reload request every 5 minutes (one entry, `.after(5 min)`) against a budget of B = 4, in a
/// scenario that starts at 20:00 so that the three models part ways:
/// - rolling-24h: 4 charges at 0, 5, 10, 15 min; the 5th is possible once the charge at 0 is 24 h
///   old, at 86,400 s, then 86,700 (the charge at 300 s expired), 87,000 and 87,300;
/// - midnight: the 5th waits for local midnight, 4 h after the start (14,400 s), then three more
///   every 5 min; the 9th waits for the next midnight at 100,800 s;
/// - token-bucket: capacity 4 refilled at 4 per 24 h = one token per 6 h (21,600 s). After four
///   charges at 0…900 s the bucket holds 900 / 21,600 of a token, a whole one again at 21,600 s;
///   each later charge empties it, so one reload every 6 hours.
@Suite("Budget models")
struct BudgetModelTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var model: BudgetModel
        var grants: [SimTime]
        var deferredDay0: Int
        var exhaustedSecondsDay0: Double
        var testDescription: String { model.rawValue }
    }

    static let cases: [Case] = [
        Case(
            model: .rolling24h, grants: [0, 300, 600, 900, 86_400, 86_700, 87_000, 87_300],
            deferredDay0: 1, exhaustedSecondsDay0: 86_400 - 1_200),
        Case(
            model: .midnight,
            grants: [0, 300, 600, 900, 14_400, 14_700, 15_000, 15_300, 100_800, 101_100, 101_400, 101_700],
            // Waiting 1,200 → 14,400 and 15,600 → end of day 0 (86,400).
            deferredDay0: 2, exhaustedSecondsDay0: 13_200 + 70_800),
        Case(
            model: .tokenBucket,
            grants: [0, 300, 600, 900, 21_600, 43_200, 64_800, 86_400, 108_000, 129_600, 151_200],
            // Waiting 1,200 → 21,600, then 300 s after each grant until the next 6-hour mark.
            deferredDay0: 4, exhaustedSecondsDay0: 20_400 + 3 * 21_300),
    ]

    static let eightPM = TestScenarios.mondayUTC.addingTimeInterval(20 * 3_600)
    static let everyFiveMinutes = ProviderSpec.fixed(FixedProvider(entries: 1, spacing: 300, policy: .after(300)))

    @Test("B = 4, a request every 5 minutes: when each model grants the 5th, 6th, … reload", arguments: cases)
    func grantsByModel(_ c: Case) {
        let scenario = TestScenarios.single(Self.everyFiveMinutes, days: 2, start: Self.eightPM, budget: .fixed(4, model: c.model))
        let result = Simulator.run(scenario, events: .reloads)
        let run = result.run()
        #expect(isApproximatelyEqual(run.grantTimes, c.grants, absoluteTolerance: 1e-6))
        #expect(run.events(.grant).allSatisfy { $0.charged == true })
        // Budget left after each of the first four charges: 3, 2, 1, 0 in every model (the bucket
        // holds 3, 2.014, 1.028 and 0.042 tokens).
        #expect(run.events(.grant).prefix(4).map(\.budgetLeft) == [3, 2, 1, 0])
        let day0 = run.days[0]
        #expect(day0.exhaustedAt == 1_200)
        #expect(day0.deferred == c.deferredDay0)
        #expect(isApproximatelyEqual(day0.exhaustedSeconds, c.exhaustedSecondsDay0, absoluteTolerance: 1e-6))
        #expect(run.total(\.charged) == c.grants.count)
        // The first deferral is announced with budget-out, and budget-back comes with the 5th grant.
        #expect(run.events(.budgetOut).first?.time == 1_200)
        let back = try! #require(run.events(.budgetBack).first)
        #expect(isApproximatelyEqual(back.time, c.grants[4], absoluteTolerance: 1e-6))
    }

    /// DOMAIN §4: midnight budgets of B and a reload every I minutes from midnight run out at B × I
    /// minutes; with a minute clock the display is stale from the next minute until midnight.
    @Test(
        "midnight budget B with a reload every I minutes runs out at B × I minutes",
        arguments: [(70, 5), (40, 15), (50, 10), (12, 60)])
    func budgetArithmetic(budget: Int, everyMinutes: Int) {
        let provider = ProviderSpec.fixed(FixedProvider(entries: everyMinutes + 1, spacing: 60, policy: .atEnd))
        let scenario = TestScenarios.single(
            provider, days: 2, budget: .fixed(budget, model: .midnight),
            predictable: EventProcess(.every(period: 60, offset: 0)))
        let days = Simulator.run(scenario).run().days
        let out = Double(budget * everyMinutes) * 60
        for (d, metrics) in days.enumerated() {
            #expect(metrics.charged == budget)
            #expect(metrics.exhaustedAt == Double(d) * 86_400 + out)
            #expect(metrics.exhaustedSeconds == 86_400 - out)
            #expect(metrics.freshSeconds == out + 60)
        }
    }

    /// Each model's promise, checked on the charges of a run at B (`clock` finds local days).
    typealias Promise = @Sendable (_ charges: [SimTime], _ b: Int, _ clock: LocalClock) -> Void

    /// The promise of every model, by name; `budgetInvariants` fails for a model without one.
    static let promises: [String: Promise] = [
        BudgetModel.rolling24h.rawValue: { charges, b, _ in
            for (i, t) in charges.enumerated() {
                let inWindow = charges[...i].filter { $0 > t - 86_400 }.count
                #expect(inWindow <= b, "\(inWindow) charges in the 24 h up to \(t)")
            }
        },
        BudgetModel.midnight.rawValue: { charges, b, clock in
            let perDay = Dictionary(grouping: charges, by: clock.localDay).mapValues(\.count)
            #expect(perDay.values.allSatisfy { $0 <= b })
        },
        BudgetModel.tokenBucket.rawValue: { charges, b, _ in
            // Between two charges at s < t at most B + B (t − s) / 24 h tokens were available.
            for i in charges.indices {
                for j in charges.indices where j >= i {
                    let allowed = Double(b) + Double(b) * (charges[j] - charges[i]) / 86_400
                    #expect(Double(j - i + 1) <= allowed + 1e-6)
                }
            }
        },
    ]

    /// Checks each model's promise on a busy, irregular request stream.
    @Test(
        "rolling-24h never charges more than B in any trailing 24 h; midnight never more than B per local day",
        arguments: BudgetModel.allCases)
    func budgetInvariants(model: BudgetModel) throws {
        let b = 10
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 3, spacing: 600, policy: .atEnd)), days: 6, seed: 7,
            start: Self.eightPM, budget: .fixed(b, model: model),
            app: AppActivity(reloads: [.init(target: .all, trigger: .process(EventProcess(.poisson(perHour: 2))))]))
        let run = Simulator.run(scenario, events: .reloads).run()
        let charges = run.events(.grant).filter { $0.charged == true }.map(\.time)
        #expect(charges.count >= 5 * b)
        let promise = try #require(Self.promises[model.rawValue], "no promise written for \(model.rawValue)")
        promise(charges, b, SimulationCalendar(scenario: scenario).clock)
    }

    @Test("the hand-computed grant table covers every model")
    func tableCoversEveryModel() {
        #expect(Self.cases.map(\.model) == BudgetModel.allCases)
    }

    /// B drawn per replication from 40...70: constant within a replication, and a 5-minute timeline
    /// (288 requests a day) spends all of it on day 0.
    @Test("a budget range is drawn per replication and a greedy widget spends exactly B")
    func budgetRange() {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 6, spacing: 60, policy: .atEnd)),
            days: 2, replications: 40, budget: BudgetSettings(dailyMin: 40, dailyMax: 70))
        let result = Simulator.run(scenario)
        var drawn = Set<Int>()
        for run in result.runs.map({ $0[0] }) {
            let b = run.days[0].budget
            drawn.insert(b)
            #expect((40...70).contains(b))
            #expect(run.days.allSatisfy { $0.budget == b })
            #expect(run.days[0].charged == b)
            #expect(run.days[0].exhaustedAt == Double(b) * 300)
        }
        #expect(drawn.count > 5)
        #expect(result.summaries[0].budgetRange.lowerBound >= 40)
        #expect(result.summaries[0].budgetRange.upperBound <= 70)
    }

    @Test("ReloadBudget directly: rolling window, midnight reset and token refill")
    func reloadBudgetUnit() {
        let clock = LocalClock.utc()
        var rolling = ReloadBudget(model: .rolling24h, daily: 2, clock: clock)
        rolling.charge(at: 100)
        rolling.charge(at: 200)
        #expect(!rolling.isAvailable(at: 300))
        #expect(rolling.left(at: 300) == 0)
        #expect(rolling.nextAvailable(after: 300) == 86_500)
        #expect(rolling.left(at: 86_500) == 1)

        var midnight = ReloadBudget(model: .midnight, daily: 2, clock: clock)
        midnight.charge(at: 100)
        midnight.charge(at: 80_000)
        #expect(!midnight.isAvailable(at: 86_399))
        #expect(midnight.nextAvailable(after: 86_000) == 86_400)
        #expect(midnight.left(at: 86_400) == 2)

        var bucket = ReloadBudget(model: .tokenBucket, daily: 2, clock: clock)
        bucket.charge(at: 0)
        bucket.charge(at: 0)
        #expect(!bucket.isAvailable(at: 1))
        #expect(isApproximatelyEqual(bucket.nextAvailable(after: 0), 43_200, absoluteTolerance: 1e-6))
        #expect(bucket.left(at: 86_400) == 2)
        #expect(bucket.left(at: 10 * 86_400) == 2)  // Capped at B.

        let empty = ReloadBudget(model: .rolling24h, daily: 0, clock: clock)
        #expect(!empty.isAvailable(at: 0))
        #expect(empty.nextAvailable(after: 0) == .infinity)
    }
}
