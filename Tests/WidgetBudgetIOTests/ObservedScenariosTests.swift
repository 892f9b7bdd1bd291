import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// `Scenarios/observed/`: each published observation of `OBSERVED.md` replayed, with the numbers the
/// observation gives (or, where the simulator cannot reproduce it, the numbers its scenario says it
/// shows instead), computed by hand in each scenario's opening comment.
@Suite("Observed behaviour, replayed")
struct ObservedScenariosTests {
    static func run(_ file: String) throws -> SimulationResult {
        let path = CLIRunner.packageRoot.appendingPathComponent("Scenarios/observed/" + file).path
        return Simulator.run(try ScenarioLoader.load(path: path).scenario, events: .reloads)
    }

    /// The gaps between consecutive grants.
    static func gaps(_ run: WidgetRunResult) -> [SimTime] {
        let times = run.grantTimes
        return zip(times.dropFirst(), times).map { $0 - $1 }
    }

    static func hms(_ h: Double, _ m: Double = 0) -> Double { TimeOfDay.hms(h, m) }

    @Test("#1: a 5-minute widget spends exactly B, drawn in 40...70, 5 minutes apart; a 30-minute one runs out only when B < 48")
    func dailyBudget() throws {
        let result = try Self.run("01-daily-budget.yaml")
        var halfHourlyBudgets: [Int] = []
        for r in 0..<8 {
            let day = result.day(0, replication: r)
            #expect((40...70).contains(day.budget))
            #expect(day.charged == day.budget)
            #expect(day.exhaustedAt == Double(day.budget) * 300)
            // 48 reloads a day, at 00:00, 00:30, … 23:30: with B < 48 the B-th is the last, and the
            // next one, due at B × 30 min, waits; otherwise all 48 run.
            let half = result.day(0, widget: 1, replication: r)
            #expect((40...70).contains(half.budget))
            halfHourlyBudgets.append(half.budget)
            #expect(half.charged == min(half.budget, 48))
            #expect(half.exhaustedAt == (half.budget < 48 ? Double(half.budget) * 1_800 : nil))
        }
        // The seed draws budgets on both sides of 48, so both branches are checked.
        #expect(halfHourlyBudgets.contains { $0 < 48 } && halfHourlyBudgets.contains { $0 >= 48 })
    }

    @Test("#3: App Intent taps and foreground reloads are free and immediate; the policy waits for budget")
    func freeReloads() throws {
        let run = try Self.run("03-free-reloads.yaml").run()
        let grants = run.events(.grant)
        #expect(grants.filter { $0.charged == true }.map(\.time) == [0, 300, 600, 900])
        let free = grants.filter { $0.charged == false }
        #expect(free.map(\.time) == [Self.hms(6, 0), Self.hms(12, 0), Self.hms(17, 59), Self.hms(18, 4)])
        #expect(free.map(\.source) == [.intent, .intent, .policy, .app])
        #expect(run.days[0].exhaustedAt == 1_200)
    }

    @Test("#8: .after(15s) gives a reload every 5 min, .after(15m) every 15 min")
    func afterFifteen() throws {
        let result = try Self.run("08-after-15s-vs-15m.yaml")
        #expect(Set(Self.gaps(result.run(widget: 0))) == [300])
        #expect(Set(Self.gaps(result.run(widget: 1))) == [900])
        #expect(result.day(0, widget: 0).charged == 288)
        #expect(result.day(0, widget: 1).charged == 96)
    }

    @Test("#9 at the 5-minute floor: 1-second entries with .atEnd reload every 5 min until B = 70 is spent at 05:45")
    func oneSecondEntries() throws {
        let run = try Self.run("09-one-second-entries.yaml").run()
        #expect(Set(Self.gaps(run)) == [300])
        #expect(run.days[0].charged == 70)
        #expect(run.days[0].exhaustedAt == Self.hms(5, 50))
        #expect(run.days[0].exhaustedSeconds == 86_400 - Self.hms(5, 50))
    }

    @Test("#10: 401 entries stop the widget; 400 fit; entries 1 s apart render every 2 s")
    func entryLimit() throws {
        let result = try Self.run("10-entry-limit.yaml")
        let fits = result.day(0, widget: 0)
        #expect(fits.charged == 4)  // at 0, 399, 798 and 1197 minutes
        #expect(fits.rejections == 0)
        let stops = result.run(widget: 1)
        #expect(stops.days[0].charged == 1)
        #expect(stops.days[0].rejections == 1)
        #expect(stops.days[0].renders == 0)
        #expect(stops.events(.rejected).map(\.entries) == [401])
        #expect(result.day(0, widget: 2).renders == 151)
        let lines = ScenarioHighlights.lines(result)[1]
        #expect(lines.contains { $0.contains("more than 400 entries: the widget stops updating") })
    }

    @Test("#15: two photo entries fit in 30 MB, three get the extension killed at every attempt")
    func memoryLimit() throws {
        let result = try Self.run("15-memory-limit.yaml")
        #expect(result.day(0, widget: 0).kills == 0)
        #expect(result.day(0, widget: 0).peakMemoryMB == 28)
        let killed = result.day(0, widget: 1)
        #expect(killed.peakMemoryMB == 39)
        #expect(killed.renders == 0)
        #expect(killed.charged == 70)
        #expect(killed.kills == 70)
        #expect(killed.exhaustedAt == Self.hms(17, 30))
    }

    @Test("#17: six ofKind calls an hour spend B = 70 by 18:50; the 19:00 call finds no budget")
    func ofKindRounds() throws {
        let run = try Self.run("17-of-kind-rounds.yaml").run()
        let charges = run.events(.grant).filter { $0.charged == true }.map(\.time)
        #expect(Array(charges.prefix(5)) == [0, Self.hms(2), Self.hms(4), Self.hms(6), Self.hms(8)])
        #expect(charges.filter { $0 < 86_400 }.count == 70)
        #expect(charges[69] == Self.hms(18, 50))
        #expect(run.days[0].exhaustedAt == Self.hms(19))
    }

    @Test("#19: a 30-minute interval gives 48 reloads a day; 2 minutes is held to 5 and spends B by 05:45")
    func thirtyMinutes() throws {
        let result = try Self.run("19-thirty-minute-interval.yaml")
        #expect(result.runs[0][0].days.map(\.charged) == [48, 48])
        #expect(result.day(0, widget: 0).exhaustedAt == nil)
        #expect(Set(Self.gaps(result.run(widget: 1)).prefix(69)) == [300])
        #expect(result.day(0, widget: 1).exhaustedAt == Self.hms(5, 50))
    }

    @Test("#4/#21, the first report: a complication asking every 15 min gets 4 an hour until its 75 are spent at 18:30")
    func watchComplication() throws {
        let run = try Self.run("21-watch-complication.yaml").run()
        #expect(Set(Self.gaps(run).prefix(74)) == [900])
        #expect(run.days.map(\.charged) == [75, 75])
        #expect(run.days[0].exhaustedAt == Self.hms(18, 45))
    }

    @Test("#22 (hearsay): a low-power night holds an hourly widget's reloads until 06:00")
    func lowPower() throws {
        let result = try Self.run("22-low-power.yaml")
        let run = result.run()
        #expect(run.days.map(\.charged) == [19, 18])
        #expect(run.grantTimes.allSatisfy { t in t == 0 || t.truncatingRemainder(dividingBy: 86_400) >= Self.hms(6) })
        #expect(ScenarioHighlights.lines(result)[0].contains { $0.hasPrefix("Low-power windows (") })
    }

    @Test("#1/#17: three instances of a kind are each charged for every ofKind reload; a tap reloads one")
    func perInstanceBudget() throws {
        let result = try Self.run("01-per-instance-budget.yaml")
        #expect(result.scenario.widgets.map(\.name) == ["notes#1", "notes#2", "notes#3"])
        #expect((0..<3).map { result.day(0, widget: $0).charged } == [49, 49, 49])
        #expect((0..<3).map { result.day(0, widget: $0).exempt } == [0, 1, 0])
    }

    @Test("#6: a Text(.timer) countdown is always fresh on 24 reloads; 1-second entries are fresh 12 % of the day")
    func selfUpdatingTimer() throws {
        let result = try Self.run("06-self-updating-timer.yaml")
        #expect(result.summaries[0].freshness == 1)
        #expect(result.day(0, widget: 0).charged == 24)
        let entries = result.day(0, widget: 1)
        #expect(entries.charged == 70)
        #expect(entries.renders == 70 * 151)
        #expect(entries.freshSeconds == 70 * 150)
    }

    @Test("#12: a reload call 10 s after the app is opened from the widget is ignored; one at 60 s runs free")
    func launchCooldown() throws {
        let result = try Self.run("12-launch-cooldown.yaml")
        let run = result.run()
        #expect(run.events(.ignored).map(\.time) == [Self.hms(12) + 10])
        let free = run.events(.grant).filter { $0.charged == false }
        #expect(free.map(\.time) == [Self.hms(12, 1)])
        #expect(free.map(\.source) == [.app])
        #expect(run.days[0].charged == 1)
        #expect(ScenarioHighlights.lines(result)[0].contains { $0.hasPrefix("1 app reload call was ignored") })
    }

    @Test("#18: after three failed retries 15 min apart, attempts come an hour apart: 27 kills a day")
    func retryBackoff() throws {
        let run = try Self.run("18-retry-backoff.yaml").run()
        let attempts = run.events(.kill).map(\.time)
        #expect(Array(attempts.prefix(6)) == [0, 900, 1_800, 2_700, Self.hms(1, 45), Self.hms(2, 45)])
        #expect(attempts.last == Self.hms(23, 45))
        #expect(run.days[0].kills == 27)
        #expect(run.days[0].charged == 27)
    }

    /// Every push sent is a story (an unpredictable change); in the first 24 hours the first 24 are
    /// delivered (each an `app-all` request) and the rest dropped; no 24 hours ever see more than 24.
    @Test("#5: pushes are delivered up to their daily budget, the rest dropped")
    func widgetPushes() throws {
        let path = CLIRunner.packageRoot.appendingPathComponent("Scenarios/observed/05-widget-pushes.yaml").path
        let result = Simulator.run(try ScenarioLoader.load(path: path).scenario, events: .all)
        for r in 0..<4 {
            let events = result.run(replication: r).events
            let stories = events.filter { $0.kind == .change && $0.detail == .unpredictable }.map(\.time)
            let pushes = events.filter { $0.kind == .request && $0.source == .appAll }.map(\.time)
            #expect(pushes.filter { $0 < 86_400 }.count == min(24, stories.filter { $0 < 86_400 }.count))
            #expect(Set(pushes).isSubset(of: Set(stories)))
            for t in pushes { #expect(pushes.filter { $0 > t - 86_400 && $0 <= t }.count <= 24) }
        }
    }

    @Test("#2: .after(now + 1 h) runs 1 h to 1 h 2 min after each reload, 24 a day")
    func afterDateHonoured() throws {
        let run = try Self.run("02-after-date-honoured.yaml").run()
        #expect(Self.gaps(run).allSatisfy { (3_600...3_720).contains($0) })
        #expect(run.days[0].charged == 24)
    }

    @Test("#7 for a viewed widget: .after(now + 1 min) reloads every 5 min until B = 70 is spent at 05:45")
    func afterOneMinute() throws {
        let run = try Self.run("07-after-one-minute.yaml").run()
        #expect(Set(Self.gaps(run)) == [300])
        #expect(run.grantTimes.last == Self.hms(5, 45))
        #expect(run.days[0].charged == 70)
        #expect(run.days[0].exhaustedAt == Self.hms(5, 50))
    }

    @Test("#7: an unviewed widget gets B = 1 under by_views: .after(1 min) reloads once, then stops")
    func reloadedOnceUnviewed() throws {
        let run = try Self.run("07-reloaded-once-unviewed.yaml").run()
        #expect(run.days[0].budget == 1)
        #expect(run.grantTimes == [0])
        #expect(run.days[0].charged == 1)
        #expect(run.days[0].exhaustedAt == 300)
    }

    @Test("#7: under unseen_after the policy reload waits for a view that never comes: one reload")
    func reloadedOnceHeld() throws {
        let run = try Self.run("07-reloaded-once-held.yaml").run()
        #expect(run.grantTimes == [0])
        #expect(run.days[0].charged == 1)
        #expect(run.days[0].budget == 70)
        #expect(run.days[0].exhaustedAt == nil)
        #expect(run.events(.deferral).count == 1)
    }

    @Test("#9: a 1-second floor and B = 300: .atEnd every second for 5 minutes, then stopped")
    func everySecondBurst() throws {
        let run = try Self.run("09-every-second-burst.yaml").run()
        #expect(Set(Self.gaps(run)) == [1])
        #expect(run.grantTimes.count == 300)
        #expect(run.grantTimes.last == 299)
        #expect(run.days[0].charged == 300)
        #expect(run.days[0].exhaustedAt == 300)
    }

    @Test("#21, the second report: a 22-minute floor gives 2 or 3 reloads in every clock hour, 66 a day, no blackout")
    func watchComplicationFloor() throws {
        let run = try Self.run("21-watch-complication-floor.yaml").run()
        #expect(Set(Self.gaps(run)) == [1_320])
        let perHour = Dictionary(grouping: run.grantTimes) { Int($0 / 3_600) }.mapValues(\.count)
        #expect(perHour.count == 48)
        #expect(perHour.values.allSatisfy { (2...3).contains($0) })
        #expect(run.days[0].charged == 66)
        #expect(run.grantTimes[65] == Self.hms(23, 50))
        #expect(run.days.allSatisfy { $0.exhaustedAt == nil })
    }

    @Test("#11: reloadAllTimelines from the foreground app runs 2 to 27 s after each call, free")
    func reloadAllDelay() throws {
        let grants = try Self.run("11-reload-all-delay.yaml").run().events(.grant)
        #expect(grants.allSatisfy { $0.charged == false })
        let calls = [Self.hms(9), Self.hms(12), Self.hms(15)]
        #expect(grants.count == 1 + calls.count)
        for (grant, call) in zip(grants.dropFirst(), calls) {
            #expect(grant.source == .appAll)
            #expect((2...27).contains(grant.time - call))
        }
    }
}
