import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// Issue #23 items 3, 4, 7 and 9: the app's reload calls reach each widget after a delay drawn for
/// that widget, a delay that depends on where the app calls from (foreground, background, App
/// Intent), calls that follow the app's foreground sessions, and ignored calls logged when made.
/// Every expected time is worked out by hand in the test's comment.
@Suite("App reload origins, delays and session triggers")
struct AppReloadOriginTests {
    static func hms(_ h: Double, _ m: Double = 0, _ s: Double = 0) -> Double { TimeOfDay.hms(h, m, s) }

    /// A one-day scenario of widgets that never reload on their own (`provider: never`), B = 70.
    static func scenario(system: String = "{}", widgets: String = "  - {kind: w, provider: never}\n", app: String) throws -> Scenario {
        let yaml = """
            name: t
            days: 1
            seed: 23
            budget: {daily: 70}
            system: \(system)
            widgets:
            \(widgets)app:
            \(app)
            """
        return try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
    }

    static func run(_ scenario: Scenario, events: EventLevel = .reloads) -> SimulationResult {
        Simulator.run(scenario, events: events)
    }

    /// The one-line error the scenario gives.
    static func error(system: String = "{}", app: String) -> String {
        do {
            _ = try scenario(system: system, app: app)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    // MARK: Item 3: one call, a delay per widget

    @Test("one reloadAllTimelines reaches three widgets at three instants within app_reload_delay (OBSERVED #20)")
    func delayPerWidget() throws {
        // One call at 09:00 with app_reload_delay uniform over [2 s, 30 s]: each widget's grant is at
        // 09:00 + its own draw, so in [09:00:02, 09:00:30] and, the draws being continuous, all apart.
        // Before the fix one draw served every widget: the three grants fell on one instant.
        let s = try Self.scenario(
            system: "{app_reload_delay: {uniform: [2s, 30s]}}",
            widgets: "  - {kind: a, provider: never}\n  - {kind: b, provider: never}\n  - {kind: c, provider: never, instances: 2}\n",
            app: "  foreground: {at: [0s], duration: 24h}\n  reloads:\n    - {all: true, at: [9h]}")
        let result = Self.run(s)
        let grants = (0..<4).map { w in result.run(widget: w).events(.grant).filter { $0.source == .appAll }.map(\.time) }
        #expect(grants.allSatisfy { $0.count == 1 })
        let times = grants.compactMap(\.first)
        #expect(times.allSatisfy { (Self.hms(9, 0, 2)...Self.hms(9, 0, 30)).contains($0) })
        #expect(Set(times).count == 4)
        // One call: every widget sees it made at 09:00 (export-log writes it once).
        let calendar = SimulationCalendar(scenario: s)
        for w in 0..<4 {
            let inputs = WidgetInputs(scenario: s, calendar: calendar, widgetIndex: w, replication: 0)
            #expect(inputs.appRequests.map(\.calledAt) == [Self.hms(9)])
        }
    }

    // MARK: Item 4: origins and their delays

    @Test("a foreground call arrives after app_reload_delay, a background one after background_reload_delay, charged")
    func originDelays() throws {
        // Calls at 09:00 (foreground, 5 s) and 12:00 (background, 10 min): grants at 09:00:05 and
        // 12:10:00, both charged (no foreground session), with the start's reload at 0: 3 charged.
        let s = try Self.scenario(
            system: "{app_reload_delay: 5s, background_reload_delay: 10m}",
            app: "  reloads:\n    - {kind: w, at: [9h]}\n    - {kind: w, at: [12h], origin: background}")
        let run = Self.run(s).run()
        #expect(run.grantTimes == [0, Self.hms(9, 0, 5), Self.hms(12, 10)])
        #expect(run.days[0].charged == 3)
    }

    @Test("the default background delay is uniform over 0–19 min (OBSERVED #14); the foreground one 0")
    func defaultBackgroundDelay() throws {
        #expect(SystemSettings().backgroundReloadDelay == .uniform(0, 1_140))
        #expect(SystemSettings().appReloadDelay == .zero)
        #expect(SystemSettings().intentReloadDelay == .zero)
        // Ten background calls an hour apart from 09:00: each granted within 19 min of its call.
        let s = try Self.scenario(app: "  reloads:\n    - {kind: w, every: 1h, during: \"09:00-19:00\", origin: background}")
        let run = Self.run(s).run()
        let calls = (9..<19).map { Self.hms(Double($0)) }
        let grants = Array(run.grantTimes.dropFirst())
        #expect(grants.count == calls.count)
        for (grant, call) in zip(grants, calls) { #expect((call...call + 1_140).contains(grant)) }
        #expect(Set(zip(grants, calls).map { $0 - $1 }).count > 1)
    }

    @Test("an App Intent tap runs after intent_reload_delay, still free; at once by default")
    func intentDelay() throws {
        // A tap at 12:00: with intent_reload_delay 2 min the free grant is at 12:02; by default at 12:00.
        let app = "  intents:\n    - {kind: w, at: [12h]}"
        let late = Self.run(try Self.scenario(system: "{intent_reload_delay: 2m}", app: app)).run()
        let intent = late.events(.grant).filter { $0.source == .intent }
        #expect(intent.map(\.time) == [Self.hms(12, 2)])
        #expect(intent.map(\.charged) == [false])
        let atOnce = Self.run(try Self.scenario(app: app)).run()
        #expect(atOnce.events(.grant).filter { $0.source == .intent }.map(\.time) == [Self.hms(12)])
    }

    @Test("the findings name the background and App Intent delays")
    func findingsNameDelays() throws {
        let s = try Self.scenario(
            system: "{background_reload_delay: 10m, intent_reload_delay: 2m}",
            app: "  reloads:\n    - {kind: w, at: [12h], origin: background}\n  intents:\n    - {kind: w, at: [15h]}")
        let lines = ScenarioHighlights.lines(Self.run(s))[0]
        #expect(lines.contains { $0.contains("background app reloads 10.0m") && $0.contains("App Intent taps 2.0m") })
    }

    @Test(
        "bad origins and delays: one line naming the key",
        arguments: [
            (
                "{}", "  reloads:\n    - {kind: w, at: [9h], origin: backgroud}",
                "s.yaml:10: app.reloads[0].origin: unknown origin 'backgroud' (did you mean 'background'?)"
            ),
            ("{background_reload_delay: -5s}", "  reloads:\n    - {kind: w, at: [9h]}", "s.yaml:5: system.background_reload_delay:"),
            (
                "{intent_reload_delay: {uniform: [3m, 1m]}}", "  reloads:\n    - {kind: w, at: [9h]}",
                "system.intent_reload_delay.uniform: the upper bound is below the lower one"
            ),
        ])
    func badOrigins(system: String, app: String, expected: String) {
        let message = Self.error(system: system, app: app)
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
    }

    // MARK: Item 9: on_foreground and on_background

    @Test("on_foreground reloads at each session start after app_reload_delay, free")
    func onForeground() throws {
        // Sessions at 09:00 and 15:00, 10 min each; app_reload_delay 30 s: the calls at 09:00 and
        // 15:00 are granted at 09:00:30 and 15:00:30, inside their sessions: free. Only the start's
        // reload at 0 is charged.
        let s = try Self.scenario(
            system: "{app_reload_delay: 30s}",
            app: "  foreground: {at: [9h, 15h], duration: 10m}\n  reloads:\n    - {kind: w, on_foreground: true}")
        let run = Self.run(s).run()
        #expect(run.grantTimes == [0, Self.hms(9, 0, 30), Self.hms(15, 0, 30)])
        #expect(run.events(.grant).map(\.charged) == [true, false, false])
        #expect(run.days[0].charged == 1)
    }

    @Test("an on_foreground call that arrives after the session ended is charged")
    func onForegroundLate() throws {
        // app_reload_delay 15 min, sessions of 10 min: the call at 09:00 arrives at 09:15, after
        // the session's end at 09:10: charged.
        let s = try Self.scenario(
            system: "{app_reload_delay: 15m}",
            app: "  foreground: {at: [9h], duration: 10m}\n  reloads:\n    - {kind: w, on_foreground: true}")
        let run = Self.run(s).run()
        #expect(run.grantTimes == [0, Self.hms(9, 15)])
        #expect(run.days[0].charged == 2)
    }

    @Test("on_background reloads when each session ends, after background_reload_delay, charged")
    func onBackground() throws {
        // Sessions 09:00–09:10 and 15:00–15:10; background_reload_delay 2 min: grants at 09:12 and
        // 15:12, charged: 3 charged with the start's. With 0 s the grant is at the session's end
        // itself, 09:10, which the session no longer covers: still charged.
        let sessions = "  foreground: {at: [9h, 15h], duration: 10m}\n  reloads:\n    - {kind: w, on_background: true}"
        let run = Self.run(try Self.scenario(system: "{background_reload_delay: 2m}", app: sessions)).run()
        #expect(run.grantTimes == [0, Self.hms(9, 12), Self.hms(15, 12)])
        #expect(run.days[0].charged == 3)
        let atEnd = Self.run(try Self.scenario(system: "{background_reload_delay: 0s}", app: sessions)).run()
        #expect(atEnd.grantTimes == [0, Self.hms(9, 10), Self.hms(15, 10)])
        #expect(atEnd.events(.grant).map(\.charged) == [true, true, true])
    }

    @Test("both: free at the session's start, charged at its end; overlapping sessions are one")
    func onForegroundAndBackground() throws {
        // Sessions 09:00–09:15 and 09:05–09:20 merge into 09:00–09:20: one call at 09:00 (granted
        // at once, free) and one at 09:20 (background, 0 s: granted at 09:20, charged; 20 min after
        // the last grant, past the 5-minute floor).
        let s = try Self.scenario(
            system: "{background_reload_delay: 0s}",
            app: "  foreground: {at: [9h, 9h5m], duration: 15m}\n  reloads:\n"
                + "    - {kind: w, on_foreground: true}\n    - {kind: w, on_background: true}")
        let run = Self.run(s).run()
        #expect(run.grantTimes == [0, Self.hms(9), Self.hms(9, 20)])
        #expect(run.events(.grant).map(\.charged) == [true, false, true])
    }

    @Test(
        "bad session triggers: one line naming the key",
        arguments: [
            (
                "  reloads:\n    - {kind: w, on_foreground: true}",
                "s.yaml:10: app.reloads[0].on_foreground: on_foreground follows the app's foreground sessions, but the scenario has none"
            ),
            (
                "  foreground: {every: 6h}\n  reloads:\n    - {kind: w, on_foreground: true, every: 1h}",
                "app.reloads[0].every: on_foreground: true and every both say when the app reloads; give one of them"
            ),
            (
                "  foreground: {every: 6h}\n  reloads:\n    - {kind: w, on_foreground: true, on_background: true}",
                "app.reloads[0].on_background: on_foreground: true and on_background: true both say when the app reloads"
            ),
            (
                "  foreground: {every: 6h}\n  reloads:\n    - {kind: w, on_foreground: true, origin: background}",
                "app.reloads[0].origin: on_foreground calls are made in the foreground; origin: background contradicts it"
            ),
            (
                "  foreground: {every: 6h}\n  reloads:\n    - {kind: w, on_background: true, origin: foreground}",
                "app.reloads[0].origin: on_background calls are made as the app leaves the foreground"
            ),
            ("  foreground: {every: 6h}\n  reloads:\n    - {kind: w, on_foreground: maybe}", "app.reloads[0].on_foreground:"),
        ])
    func badSessionTriggers(app: String, expected: String) {
        let message = Self.error(app: app)
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
    }

    // MARK: Item 7: ignored calls logged when made

    @Test("a call ignored after a launch from the widget is logged at the call, not its would-be arrival")
    func ignoredAtCallTime() throws {
        // Launch from the widget at 02:00 (30 s cooldown); the app calls at 02:00:00 with
        // app_reload_delay 10 s: ignored, logged at 02:00:00 (before: 02:00:10). The call at 02:01
        // arrives at 02:01:10, free (the launch's 2-minute session runs to 02:02).
        let s = try Self.scenario(
            system: "{app_reload_delay: 10s}",
            app: "  launches_from_widget: {at: [2h], duration: 2m}\n  reloads:\n    - {kind: w, at: [2h, 2h1m]}")
        let run = Self.run(s, events: .all).run()
        #expect(run.events(.ignored).map(\.time) == [Self.hms(2)])
        #expect(run.events(.grant).filter { $0.source == .app }.map(\.time) == [Self.hms(2, 1, 10)])
        #expect(zip(run.events, run.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test("on_foreground with launches from the widget: the call at the launch falls in the cooldown (OBSERVED #12)")
    func onForegroundLaunchIgnored() throws {
        // A launch at 12:00 starts a session; the on_foreground call at 12:00 is within the 30 s
        // cooldown: ignored, logged at 12:00, and nothing else reloads the widget.
        let s = try Self.scenario(
            app: "  launches_from_widget: {at: [12h], duration: 2m}\n  reloads:\n    - {kind: w, on_foreground: true}")
        let run = Self.run(s).run()
        #expect(run.events(.ignored).map(\.time) == [Self.hms(12)])
        #expect(run.grantTimes == [0])
    }
}
