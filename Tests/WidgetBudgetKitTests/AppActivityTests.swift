import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// What the containing app does: foreground sessions (reloads not charged), `reloadTimelines(ofKind:)`
/// and `reloadAllTimelines()` (charged to each widget's own budget), App Intents (free, immediate).
@Suite("App activity")
struct AppActivityTests {
    static let everyFiveMinutes = ProviderSpec.fixed(FixedProvider(entries: 1, spacing: 300, policy: .after(300)))

    /// B = 4, a request every 5 min, the app in the foreground from 590 s to 1,210 s: the requests at
    /// 600, 900 and 1,200 are free; 0, 300, 1,500 and 1,800 spend the budget; 2,100 waits for the
    /// charge at 0 to leave the 24-hour window (86,400 s).
    @Test("reloads inside a foreground session are not charged")
    func foregroundIsExempt() {
        let app = AppActivity(foreground: EventProcess(.times([590])), foregroundDuration: .constant(620))
        let scenario = TestScenarios.single(Self.everyFiveMinutes, days: 2, budget: .fixed(4), app: app)
        let run = Simulator.run(scenario, events: .reloads).run()
        let grants = run.events(.grant)
        #expect(Array(grants.prefix(8)).map(\.time) == [0, 300, 600, 900, 1_200, 1_500, 1_800, 86_400])
        #expect(Array(grants.prefix(7)).map(\.charged) == [true, true, false, false, false, true, true])
        #expect(grants.filter { $0.charged == false }.allSatisfy { $0.detail == .foreground })
        let day0 = run.days[0]
        #expect(day0.reloads == 7)
        #expect(day0.charged == 4)
        #expect(day0.exempt == 3)
        #expect(day0.exhaustedAt == 2_100)
        #expect(day0.exhaustedSeconds == 86_400 - 2_100)
    }

    /// A minimum reload interval of 0 (possible through the library) with one entry dated now and
    /// `.atEnd`: every reload is due at once, and in a foreground session (free) it used to repeat
    /// at the same instant forever. The engine takes the interval as 1 s. B = 5: the start and the
    /// next four reloads, a second apart, spend it (0 … 4 s); the request then waits until the
    /// session from 100 s to 160 s (a session is [start, end)) lets one through each second, free:
    /// 100 … 159 s, 60 reloads.
    @Test("a zero minimum interval in the foreground advances one second per reload instead of looping")
    func zeroMinimumIntervalTerminates() {
        let app = AppActivity(foreground: EventProcess(.times([100])), foregroundDuration: .constant(60))
        let atEnd = ProviderSpec.fixed(FixedProvider(entries: 1, spacing: 60, policy: .atEnd))
        let scenario = TestScenarios.single(
            atEnd, days: 1, budget: .fixed(5), system: SystemSettings(minReloadInterval: 0), app: app)
        let run = Simulator.run(scenario, events: .reloads).run()
        let grants = run.events(.grant)
        let free = grants.filter { $0.charged == false }.map(\.time)
        #expect(free == (100..<160).map(Double.init))
        #expect(Array(grants.prefix(5)).map(\.time) == [0, 1, 2, 3, 4])
    }

    /// B = 1: the start spends it; the app's request at 1,000 s waits; opening the app at 5,000 s lets
    /// it through for free.
    @Test("a request waiting for budget goes through, free, when the app comes to the foreground")
    func foregroundReleasesWaitingRequest() {
        let app = AppActivity(
            reloads: [.init(target: .kind("widget"), trigger: .process(EventProcess(.times([1_000]))))],
            foreground: EventProcess(.times([5_000])), foregroundDuration: .constant(120))
        let scenario = TestScenarios.single(.never, budget: .fixed(1), app: app)
        let run = Simulator.run(scenario, events: .reloads).run()
        #expect(run.grantTimes == [0, 5_000])
        #expect(run.events(.grant).map(\.charged) == [true, false])
        #expect(run.events(.deferral).map(\.time) == [1_000])
        let day0 = run.days[0]
        #expect(day0.charged == 1)
        #expect(day0.exempt == 1)
        #expect(day0.exhaustedAt == 1_000)
        #expect(day0.exhaustedSeconds == 4_000)
    }

    static func twoWidgets(budget: Int, app: AppActivity, system: SystemSettings = SystemSettings()) -> Scenario {
        Scenario(
            name: "two", budget: .fixed(budget), system: system,
            widgets: [WidgetSpec(kind: "a", provider: .never), WidgetSpec(kind: "b", provider: .never)], app: app)
    }

    /// `reloadAllTimelines()` at 1 h and 2 h reaches both widgets; `reloadTimelines(ofKind: "a")` at
    /// 3 h only `a`. With B = 3, `a` has spent its budget by 3 h and waits, while `b` is untouched.
    @Test("reloadAllTimelines charges every widget, reloadTimelines(ofKind:) only that kind")
    func reloadAllAndOfKind() {
        let app = AppActivity(reloads: [
            .init(target: .all, trigger: .process(EventProcess(.times([3_600, 7_200])))),
            .init(target: .kind("a"), trigger: .process(EventProcess(.times([10_800])))),
        ])
        let generous = Simulator.run(Self.twoWidgets(budget: 70, app: app), events: .reloads)
        #expect(generous.run(widget: 0).grantTimes == [0, 3_600, 7_200, 10_800])
        #expect(generous.run(widget: 0).events(.grant).map(\.source) == [.start, .appAll, .appAll, .app])
        #expect(generous.run(widget: 1).grantTimes == [0, 3_600, 7_200])
        #expect(generous.run(widget: 1).events(.grant).map(\.source) == [.start, .appAll, .appAll])
        #expect(generous.day(0, widget: 0).charged == 4)
        #expect(generous.day(0, widget: 1).charged == 3)

        let tight = Simulator.run(Self.twoWidgets(budget: 3, app: app), events: .reloads)
        #expect(tight.day(0, widget: 0).charged == 3)
        #expect(tight.day(0, widget: 0).exhaustedAt == 10_800)
        #expect(tight.day(0, widget: 1).charged == 3)
        #expect(tight.day(0, widget: 1).exhaustedAt == nil)
        // The merged log interleaves both widgets in time order.
        let merged = tight.events.filter { $0.kind == .grant }
        #expect(merged.map(\.time) == [0, 0, 3_600, 3_600, 7_200, 7_200])
        #expect(merged.map(\.widget) == [0, 1, 0, 1, 0, 1])
    }

    /// B = 1 spent at the start. Taps at 1,000 s and 1,100 s (closer than the 5-minute minimum) are
    /// granted at once and free; the app's request at 2,000 s (+30 s app delay) waits for budget. The
    /// other kind is not reloaded by the taps.
    @Test("App Intents are free, immediate, exempt from the minimum interval, and only for the tapped kind")
    func appIntents() {
        let app = AppActivity(
            reloads: [.init(target: .kind("a"), trigger: .process(EventProcess(.times([2_000]))))],
            intents: [.init(kind: "a", process: EventProcess(.times([1_000, 1_100])))])
        let system = SystemSettings(reloadDelay: .constant(60), appReloadDelay: .constant(30))
        let result = Simulator.run(Self.twoWidgets(budget: 1, app: app, system: system), events: .reloads)
        let a = result.run(widget: 0)
        #expect(a.grantTimes == [0, 1_000, 1_100])
        #expect(a.events(.grant).map(\.source) == [.start, .intent, .intent])
        #expect(a.events(.grant).map(\.charged) == [true, false, false])
        #expect(a.events(.grant).dropFirst().allSatisfy { $0.detail == .intentFree })
        #expect(a.events(.request).map(\.time) == [0, 1_000, 1_100, 2_030])
        #expect(a.events(.deferral).map(\.time) == [2_030])
        #expect(result.day(0, widget: 0).exempt == 2)
        #expect(result.day(0, widget: 0).charged == 1)
        #expect(result.day(0, widget: 0).exhaustedAt == 2_030)
        #expect(result.run(widget: 1).grantTimes == [0])
    }

    /// `onChange`: the app reloads right after each unpredictable change (a push). Changes at 1,000 s
    /// and 1,100 s: the first is fetched at once; the second waits for the 5-minute minimum
    /// (1,000 + 300 = 1,300 s), so the display is stale 200 s (age integral 200² / 2).
    @Test("app reloads on each push; the minimum interval delays the second")
    func reloadOnChange() {
        let app = AppActivity(reloads: [.init(target: .kind("widget"), trigger: .onChange)])
        let scenario = TestScenarios.single(.never, app: app, unpredictable: EventProcess(.times([1_000, 1_100, 50_000])))
        let run = Simulator.run(scenario, events: .reloads).run()
        #expect(run.grantTimes == [0, 1_000, 1_300, 50_000])
        #expect(run.days[0].freshSeconds == 86_400 - 200)
        #expect(run.days[0].ageIntegral == 20_000)
        #expect(run.days[0].charged == 4)
    }
}
