import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The budget models as types: the rolling window keeps only the charges that can still count, yet
/// answers exactly as the plain definition ("the last B charges, counted while under 24 h old").
@Suite("Budget rules")
struct BudgetRuleTests {
    /// The plain definition of `rolling-24h`, keeping every charge.
    struct NaiveRolling {
        let daily: Int
        var charges: [Double] = []
        var lastB: ArraySlice<Double> { charges.suffix(daily) }
        func isAvailable(at t: Double) -> Bool { lastB.count < daily || lastB.first! + 86_400 <= t }
        func left(at t: Double) -> Int { daily - lastB.filter { $0 + 86_400 > t }.count }
        func nextAvailable(after t: Double) -> Double { isAvailable(at: t) ? t : lastB.first! + 86_400 }
    }

    @Test("rolling-24h agrees with the plain definition on a random stream of charges and queries", arguments: [1, 3, 40])
    func rollingMatchesDefinition(daily: Int) {
        var generator = SeededGenerator(seed: UInt64(daily))
        var budget = ReloadBudget(model: .rolling24h, daily: daily)
        var naive = NaiveRolling(daily: daily)
        var t = 0.0
        for _ in 0..<3_000 {
            // Gaps from seconds to a day and a half, so charges leave the retained window too.
            t += (generator.unit() < 0.9 ? 600 : 130_000) * generator.unit()
            #expect(budget.isAvailable(at: t) == naive.isAvailable(at: t))
            #expect(budget.left(at: t) == naive.left(at: t))
            #expect(budget.nextAvailable(after: t) == naive.nextAvailable(after: t))
            if generator.unit() < 0.7 {
                budget.charge(at: t)
                naive.charges.append(t)
            }
        }
    }

    /// The budget left is searched for while the charges come in time order and counted once one
    /// comes earlier than the latest (a device log's may): both agree with the plain definition,
    /// also when asked about an instant before the latest charge.
    @Test("rolling-24h's budget left, charges in and out of time order", arguments: [2, 40, 1_000])
    func rollingLeftOutOfOrder(daily: Int) {
        var generator = SeededGenerator(seed: 7 + UInt64(daily))
        var budget = ReloadBudget(model: .rolling24h, daily: daily)
        var naive = NaiveRolling(daily: daily)
        var latest = 0.0
        for i in 0..<2_000 {
            latest += 900 * generator.unit()
            // After the first thousand, one charge in ten is up to 6 hours late in the log.
            let t = i >= 1_000 && generator.unit() < 0.1 ? latest - 21_600 * generator.unit() : latest
            budget.charge(at: t)
            naive.charges.append(t)
            for q in [latest, latest - 43_200 * generator.unit(), latest + 172_800 * generator.unit()] {
                #expect(budget.left(at: q) == naive.left(at: q), "charge \(i), asked at \(q)")
            }
        }
    }

    /// A budget of 10⁹ with a reload every 5 minutes for 10 days. At t, 300 s after the last charge,
    /// the charges in (t − 24 h, t] count: those at t − 86,100 … t − 300, 287 of them (the one at
    /// t − 86,400 has just come back). The state holds two days of charges, not 10⁹ slots.
    @Test("rolling-24h with a huge budget keeps only the recent charges")
    func hugeRollingBudget() {
        var budget = ReloadBudget(model: .rolling24h, daily: 1_000_000_000)
        var t = 0.0
        for _ in 0..<(10 * 288) {
            #expect(budget.isAvailable(at: t))
            budget.charge(at: t)
            t += 300
        }
        #expect(budget.left(at: t) == 1_000_000_000 - 287)
    }

    @Test("every model names its rule type")
    func modelsNameTheirRules() {
        #expect(ObjectIdentifier(BudgetModel.rolling24h.rule) == ObjectIdentifier(RollingWindowBudget.self))
        #expect(ObjectIdentifier(BudgetModel.midnight.rule) == ObjectIdentifier(MidnightBudget.self))
        #expect(ObjectIdentifier(BudgetModel.tokenBucket.rule) == ObjectIdentifier(TokenBucketBudget.self))
        #expect(BudgetModel.allCases.filter { $0.rule.window != nil } == [.midnight])
        #expect(MidnightBudget.window == .localDay)
    }

    /// B goes from 4 to 2 at t = 1,000 after four charges at 0, 100, 200, 300: the rolling window
    /// keeps the last two (200, 300), back at 86,600; midnight has spent 4 ≥ 2 today, back at the
    /// next midnight; the bucket held 4 − 4 + 1,000 × 4 / 86,400 ≈ 0.046 tokens and refills at
    /// 2 / 86,400 a second from then on.
    @Test("setDaily keeps what was spent under the new B")
    func setDaily() {
        let clock = LocalClock.utc()
        var budgets = BudgetModel.allCases.map { ReloadBudget(model: $0, daily: 4, clock: clock) }
        for i in budgets.indices {
            for t in [0.0, 100, 200, 300] { budgets[i].charge(at: t) }
            budgets[i].setDaily(2, at: 1_000)
            #expect(budgets[i].daily == 2)
            #expect(!budgets[i].isAvailable(at: 1_000))
        }
        #expect(budgets[0].nextAvailable(after: 1_000) == 86_600)
        #expect(budgets[1].nextAvailable(after: 1_000) == 86_400)
        let held = 1_000 * 4 / 86_400.0
        #expect(isApproximatelyEqual(budgets[2].nextAvailable(after: 1_000), 1_000 + (1 - held) * 43_200, absoluteTolerance: 1e-6))
    }

    /// The JSON of `analyze` keeps its keys (`rolling`, `midnight`, `tokenBucket`) now that the
    /// predictions loop over the models; a model without a prediction is left out.
    @Test("model predictions keep their JSON keys and round-trip")
    func predictionKeys() throws {
        var p = ModelPredictions()
        p[.tokenBucket] = 7
        p[.rolling24h] = 5
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(p), as: UTF8.self)
        #expect(json == #"{"rolling":5,"tokenBucket":7}"#)
        let back = try JSONDecoder().decode(ModelPredictions.self, from: Data(json.utf8))
        #expect(back == p && back[.midnight] == nil && back != ModelPredictions())
    }

    @Test("ReloadBudget calls each built-in rule as the protocol does, on random charges and queries")
    func staticDispatchMatchesProtocol() {
        var g = SeededGenerator(seed: 55)
        let clock = LocalClock.utc()
        for model in BudgetModel.allCases {
            for round in 0..<50 {
                let daily = Int.random(in: 1...12, using: &g)
                var budget = ReloadBudget(model: model, daily: daily, clock: clock)
                var rule: any BudgetRule = model.rule.init(daily: daily)
                var t = 0.0
                for step in 0..<300 {
                    t += Double.random(in: 0...7_200, using: &g)
                    let day = model.rule.window == nil ? 0 : clock.localDay(t)
                    let available = rule.isAvailable(at: t, window: day)
                    #expect(budget.isAvailable(at: t) == available, "\(model) \(round) \(step)")
                    #expect(budget.left(at: t) == rule.left(at: t, window: day))
                    let back = available ? t : rule.nextRecovery(after: t, nextWindow: { clock.nextMidnight(after: t) })
                    #expect(budget.nextAvailable(after: t) == back)
                    if step == 150 {
                        let newDaily = Int.random(in: 1...12, using: &g)
                        budget.setDaily(newDaily, at: t)
                        rule.setDaily(newDaily, at: t)
                    } else if available || Bool.random(using: &g) {
                        budget.charge(at: t)
                        rule.charge(at: t, window: day)
                    }
                }
            }
        }
    }

    /// Issue #26: `ReloadBudget.Rule`'s type cast falls back to the protocol for a rule it does not
    /// hold in a property; every built-in model's rule must be held directly (the engine's calls
    /// stay static), a rule of any other type (the hourly cap of CONTRIBUTING.md) through the
    /// protocol.
    @Test("every built-in model's rule is called directly", arguments: BudgetModel.allCases)
    func builtInRulesAreDirect(model: BudgetModel) {
        #expect(ReloadBudget(model: model, daily: 10).ruleIsDirect)
    }

    @Test("a rule of another type is called through the protocol")
    func otherRulesAreNotDirect() {
        #expect(!ReloadBudget(model: BudgetModel("other-midnight", rule: OtherMidnight.self), daily: 10).ruleIsDirect)
    }

    /// `midnight`'s rule under another type: not one `ReloadBudget.Rule` holds in a property.
    struct OtherMidnight: BudgetRule {
        var inner: MidnightBudget
        init(daily: Int) { inner = MidnightBudget(daily: daily) }
        static var window: BudgetWindow? { MidnightBudget.window }
        static var jsonKey: String { "otherMidnight" }
        func isAvailable(at t: SimTime, window: Int) -> Bool { inner.isAvailable(at: t, window: window) }
        mutating func setDaily(_ daily: Int, at t: SimTime) { inner.setDaily(daily, at: t) }
        mutating func charge(at t: SimTime, window: Int) { inner.charge(at: t, window: window) }
        func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime { inner.nextRecovery(after: t, nextWindow: nextWindow) }
        func left(at t: SimTime, window: Int) -> Int { inner.left(at: t, window: window) }
        static func recoveryInstants(charges: [SimTime], clock: LocalClock, from: SimTime, until: SimTime) -> [SimTime] {
            MidnightBudget.recoveryInstants(charges: charges, clock: clock, from: from, until: until)
        }
        static func sufficientBudget(chargeTimes: [SimTime], clock: LocalClock) -> Int {
            MidnightBudget.sufficientBudget(chargeTimes: chargeTimes, clock: clock)
        }
    }

    /// Issue #26: the needed-budget search's range is the model's own. For every model, its
    /// sufficient budget grants random charge lists (dense bursts, whole minutes around midnights),
    /// and the search inside 1 … that bound agrees with the model's answer.
    @Test("each model's sufficient budget grants every charge", arguments: BudgetModel.allCases)
    func sufficientBudgetSuffices(model: BudgetModel) {
        var g = SeededGenerator(seed: 26)
        let clocks = [
            LocalClock.utc(),
            LocalClock(
                start: Date(timeIntervalSince1970: 1_772_870_400), timeZone: TimeZone(identifier: "America/New_York")!, horizon: 8 * 86_400),
        ]
        for i in 0..<200 {
            var times: [SimTime] = []
            var t = g.unit() * 86_400
            for _ in 0..<(1 + Int(g.next() % 150)) {
                t += i.isMultiple(of: 2) ? Double(g.next() % 90) : g.unit() * 3_600
                times.append(t)
            }
            let clock = clocks[i % clocks.count]
            let bound = model.rule.sufficientBudget(chargeTimes: times, clock: clock)
            #expect(bound >= 1)
            #expect(NeededBudget.suffices(bound, chargeTimes: times, model: model, clock: clock), "\(model.rawValue) case \(i)")
            #expect(NeededBudget.minimum(chargeTimes: times, model: model, clock: clock) <= bound)
        }
    }

    /// The window keys the engine and the log analysis find: a local day is the clock's local day
    /// and its next start the next local midnight (a 23-hour day across New York's spring change),
    /// and by UTC offset the log's `LocalTime.day` and `nextMidnight`; a local hour is the wall
    /// clock's hour.
    @Test("budget windows: local days agree with the clock and LocalTime, local hours with the wall clock")
    func budgetWindows() {
        let clock = LocalClock(
            start: Date(timeIntervalSince1970: 1_772_870_400), timeZone: TimeZone(identifier: "America/New_York")!, horizon: 8 * 86_400)
        var g = SeededGenerator(seed: 9)
        for _ in 0..<2_000 {
            let t = (g.unit() * 7 * 86_400).rounded(g.next() % 2 == 0 ? .down : .toNearestOrEven)
            #expect(BudgetWindow.localDay.key(at: t, clock: clock) == clock.localDay(t))
            #expect(BudgetWindow.localDay.nextStart(after: t, clock: clock) == clock.nextMidnight(after: t))
            let hour = BudgetWindow.localHour.key(at: t, clock: clock)
            #expect(hour == Int((clock.wallSeconds(t) / 3_600).rounded(.down)))
            #expect(BudgetWindow.localHour.key(at: BudgetWindow.localHour.nextStart(after: t, clock: clock), clock: clock) > hour)
            let unix = clock.startEpoch + t, offset = [3_600.0, -18_000, 19_800][Int(g.next() % 3)]
            #expect(BudgetWindow.localDay.key(unixTime: unix, utcOffset: offset) == LocalTime.day(unix, offset: offset))
            #expect(
                BudgetWindow.localDay.nextStart(afterUnixTime: unix, utcOffset: offset)
                    == LocalTime.nextMidnight(after: unix, offset: offset))
        }
        // 8 March 2026 in New York: 23 hours from midnight to midnight, yet 24 wall-clock hour keys
        // apart (02:00-03:00 is skipped).
        let dayStart = clock.nextMidnight(after: 0)
        let dayEnd = clock.nextMidnight(after: dayStart)
        #expect(dayEnd - dayStart == 23 * 3_600)
        #expect(BudgetWindow.localHour.key(at: dayEnd, clock: clock) - BudgetWindow.localHour.key(at: dayStart, clock: clock) == 24)
    }
}
