import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The scenario keys of OBSERVED.md's behaviours: instances, self-updating views, the entry limit
/// and the render floor, with hand-computed outcomes and one-line errors.
@Suite("Scenario keys for observed behaviour")
struct ScenarioFidelityTests {
    static func load(_ yaml: String) throws -> Scenario {
        try ScenarioLoader.parse(yaml: yaml, file: "s.yaml").scenario
    }

    /// The one-line error a bad file gets.
    static func error(_ yaml: String) -> String {
        do {
            _ = try load(yaml)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static let twoFeeds = """
        days: 1
        widgets:
          - kind: feed
            instances: 2
            provider: never
        app:
          reloads:
            - {kind: feed, at: [1h, 2h]}
          intents:
            - {kind: feed, instance: 2, at: [3h]}
        """

    /// Each instance is charged for the start and both ofKind calls (3 each); the tap at 3 h
    /// reloads instance 2 only, free.
    @Test("instances: ofKind reloads and charges every copy; a tap reloads only the tapped one")
    func instances() throws {
        let scenario = try Self.load(Self.twoFeeds)
        #expect(scenario.widgets.map(\.name) == ["feed#1", "feed#2"])
        let result = Simulator.run(scenario, events: .reloads)
        #expect(result.day(0, widget: 0).charged == 3)
        #expect(result.day(0, widget: 1).charged == 3)
        #expect(result.run(widget: 0).events(.grant).filter { $0.source == .intent }.isEmpty)
        #expect(result.run(widget: 1).events(.grant).filter { $0.source == .intent }.map(\.time) == [10_800])
        #expect(result.day(0, widget: 1).exempt == 1)
        let single = try Self.load(
            Self.twoFeeds.replacingOccurrences(of: "instances: 2", with: "instances: 1")
                .replacingOccurrences(of: ", instance: 2", with: ""))
        #expect(single.widgets.map(\.name) == ["feed"])
    }

    /// Two copies of a news widget whose app reloads on every push: the copies show the same
    /// data, so they see the same changes, and the app calls once per change (not once per copy
    /// per change), each call reloading both copies.
    @Test("instances share their content: on_change calls once per change, reloading every copy")
    func instancesShareContent() throws {
        let scenario = try Self.load(
            """
            days: 2
            widgets:
              - kind: news
                instances: 2
                provider: never
                content:
                  unpredictable: {poisson: {per_hour: 1}}
            app:
              reloads:
                - {kind: news, on_change: true}
            """)
        let calendar = SimulationCalendar(scenario: scenario)
        let first = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 0, replication: 0)
        let second = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: 1, replication: 0)
        #expect(first.unpredictable == second.unpredictable)
        #expect(first.unpredictable.count > 0)
        // app_reload_delay is 0 by default: one request per change, at the change.
        #expect(first.appRequests.map(\.calledAt) == first.unpredictable.times)
        #expect(second.appRequests.map(\.calledAt) == first.unpredictable.times)
    }

    @Test("instances: 0, an instance past the count and a bad max_entries get one line naming the key")
    func badInput() {
        let zero = Self.error(Self.twoFeeds.replacingOccurrences(of: "instances: 2", with: "instances: 0"))
        #expect(zero.contains("widgets[0].instances") && zero.contains("must be at least 1"), "\(zero)")
        let past = Self.error(Self.twoFeeds.replacingOccurrences(of: "instance: 2", with: "instance: 3"))
        #expect(past.contains("instance") && past.contains("at most 2"), "\(past)")
        let limit = Self.error(Self.twoFeeds.replacingOccurrences(of: "days: 1", with: "days: 1\nsystem: {max_entries: 0}"))
        #expect(limit.contains("system.max_entries") && limit.contains("must be at least 1"), "\(limit)")
        for message in [zero, past, limit] { #expect(!message.contains("\n")) }
    }

    static func clock(_ predictable: String, system: String = "{}") -> String {
        """
        days: 1
        system: \(system)
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 300, spacing: 1s, policy: never}
            content:
              predictable: \(predictable)
        """
    }

    /// A seconds counter drawn with Text(.timer) is never stale; drawn with entries it is fresh
    /// only in the first second after each entry renders (every 2 s for 300 s, 151 renders: the
    /// render floor), then stale for the rest of the day.
    @Test("a self-updating view is never stale; the same changes drawn with entries are")
    func selfUpdating() throws {
        let drawn = Simulator.run(try Self.load(Self.clock("{every: 1s, self_updating: true}")))
        #expect(drawn.summaries[0].freshness == 1)
        #expect(ScenarioHighlights.lines(drawn)[0].contains { $0.hasPrefix("Its predictable changes are drawn by a self-updating view") })
        let entries = Simulator.run(try Self.load(Self.clock("{every: 1s}")))
        #expect(entries.day(0).renders == 151)
        // Fresh during [2k, 2k + 1) for k = 0…149: 150 s of the day.
        #expect(entries.day(0).freshSeconds == 150)
        // Only content that is time itself (`time_only`) hears of a self-updating view (issue #22 item 6).
        #expect(ScenarioHighlights.lines(entries)[0].contains { $0.contains("entries cannot keep up") })
        #expect(!ScenarioHighlights.lines(entries)[0].contains { $0.contains("self-updating") })
        let timer = Simulator.run(try Self.load(Self.clock("{every: 1s, time_only: true}")))
        #expect(ScenarioHighlights.lines(timer)[0].contains { $0.contains("a self-updating view (Text(date, style: .timer))") })
    }

    @Test("min_render_spacing: 0s renders every 1-second entry; max_entries rejects a timeline over it")
    func renderFloorAndEntryLimitKeys() throws {
        let unfloored = Simulator.run(try Self.load(Self.clock("{every: 1s}", system: "{min_render_spacing: 0s}")))
        #expect(unfloored.day(0).renders == 300)
        #expect(unfloored.day(0).freshSeconds == 300)
        let limited = Simulator.run(try Self.load(Self.clock("none", system: "{max_entries: 299}")), events: .reloads)
        #expect(limited.day(0).rejections == 1)
        #expect(limited.day(0).renders == 0)
        #expect(limited.run().events(.rejected).first?.charged == true)
    }

    @Test("platform: watchOS sets B = 75, a 15 MB limit and always-viewed complications; explicit keys win")
    func platform() throws {
        let yaml = """
            platform: watchOS
            widgets:
              - kind: complication
                provider: never
            """
        let watch = try Self.load(yaml)
        #expect(watch.budget == .fixed(75))
        #expect(watch.memory.limitMB == 15)
        #expect(watch.widgets[0].views == EventProcess(.every(period: 60, offset: 0)))
        let explicit = try Self.load(yaml + "\nbudget: {daily: 50}\nmemory: {base_mb: 2}")
        #expect(explicit.budget == .fixed(50))
        #expect(explicit.memory.limitMB == 15)
        #expect(explicit.memory.baseMB == 2)
        let phone = try Self.load(yaml.replacingOccurrences(of: "watchOS", with: "iOS"))
        #expect(phone.budget == .fixed(70))
        #expect(phone.memory.limitMB == 30)
        #expect(phone.widgets[0].views == .none)
        let bad = Self.error(yaml.replacingOccurrences(of: "watchOS", with: "tvOS"))
        #expect(bad.contains("platform") && bad.contains("unknown platform 'tvOS'") && !bad.contains("\n"), "\(bad)")
    }

    @Test("system.min_reload_interval below 1s is refused, naming the key")
    func minimumReloadInterval() {
        let base = "widgets:\n  - kind: w\n    provider: never\nsystem: "
        let bad = Self.error(base + "{min_reload_interval: 0s}")
        #expect(bad.contains("min_reload_interval") && bad.contains("must be at least 1s") && !bad.contains("\n"), "\(bad)")
        #expect(Self.error(base + "{min_reload_interval: 500ms}").contains("must be at least 1s"))
    }

    @Test("memory.retries needs memory.backoff, and the reverse; a negative count is refused")
    func retryKeys() {
        let base = "widgets:\n  - kind: w\n    provider: never\nmemory: "
        #expect(Self.error(base + "{retries: 3}").contains("give memory.backoff too"))
        #expect(Self.error(base + "{backoff: 1h}").contains("give memory.retries too"))
        #expect(Self.error(base + "{retries: -1, backoff: 1h}").contains("must not be negative"))
    }

    /// Views an hour (24 a day), every 2 h (12) and once a day against B = 70 and V = 24: B = 70,
    /// round(70 × 12 / 24) = 35 and round(70 / 24) = 3; never viewed: the floor, 1. A widget asking
    /// every 5 minutes spends exactly its B on the one day.
    @Test("budget.by_views scales B by views a day: 70, 35, 3 and the floor of 1")
    func budgetByViews() throws {
        var yaml = "days: 1\nbudget: {daily: 70, by_views: true}\nwidgets:\n"
        for (name, views) in [("hourly", "{every: 1h}"), ("two-hourly", "{every: 2h}"), ("daily", "{every: 1d}"), ("never", "none")] {
            yaml += "  - kind: \(name)\n    provider: {type: fixed, entries: 1, policy: {after: 5m}}\n    views: \(views)\n"
        }
        let result = Simulator.run(try Self.load(yaml))
        #expect((0..<4).map { result.day(0, widget: $0).budget } == [70, 35, 3, 1])
        #expect((0..<4).map { result.day(0, widget: $0).charged } == [70, 35, 3, 1])
        let off = Simulator.run(try Self.load(yaml.replacingOccurrences(of: ", by_views: true", with: "")))
        #expect((0..<4).map { off.day(0, widget: $0).budget } == [70, 70, 70, 70])
        #expect(
            Self.error(yaml.replacingOccurrences(of: "by_views: true", with: "by_views: true, full_at_views: 0")).contains(
                "budget.full_at_views"))
    }

    /// B = 1 is spent at 00:00; the audio session 06:00–06:30 grants the waiting reload and then
    /// one every 5 minutes free (06:00 … 06:25: 6), the navigation session 18:00–18:10 two more.
    @Test("audio and navigation sessions make reloads free, like the foreground")
    func sessions() throws {
        let yaml = """
            days: 1
            budget: {daily: 1}
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, policy: {after: 5m}}
            app:
              sessions:
                audio: {at: [6h], duration: 30m}
                navigation: {at: [18h], duration: 10m}
            """
        let day = Simulator.run(try Self.load(yaml)).day(0)
        #expect(day.charged == 1)
        #expect(day.exempt == 8)
        #expect(Self.error(yaml.replacingOccurrences(of: ", duration: 10m", with: "")).contains("app.sessions.navigation"))
    }

    /// Midnight budget, B = 10 after a one-day learning period of 100, a reload asked every 5 min
    /// from 00:00: day 0 spends 100 (the last at 99 × 5 min = 08:15), day 1 spends 10.
    @Test("budget.learning gives a higher B for the first days")
    func learning() throws {
        let yaml = """
            days: 2
            budget: {daily: 10, model: midnight, learning: {days: 1, daily: 100}}
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, policy: {after: 5m}}
            """
        let run = Simulator.run(try Self.load(yaml)).run()
        #expect(run.days.map(\.budget) == [100, 10])
        #expect(run.days.map(\.charged) == [100, 10])
        #expect(run.days[0].exhaustedAt == 30_000)  // 100 × 5 min
        #expect(run.days[1].exhaustedAt == 89_400)  // 86,400 + 10 × 5 min
        #expect(Self.error(yaml.replacingOccurrences(of: "days: 1, ", with: "")).contains("budget.learning"))
    }

    /// `.after(1h)`, a view at 05:00 only, unseen_after 2h: reloads at 00:00 and 01:00 (seen at the
    /// start 1 h before); the 02:00 one is held until the 05:00 view and runs then; 06:00 runs (seen
    /// 1 h before); 07:00 is held with no view to come. Two holds.
    @Test("system.unseen_after holds a policy reload of a widget not seen for that long until its next view")
    func unseenAfter() throws {
        let yaml = """
            days: 1
            system: {unseen_after: 2h}
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, policy: {after: 1h}}
                views: {at: [5h]}
            """
        let result = Simulator.run(try Self.load(yaml), events: .reloads)
        #expect(result.run().grantTimes == [0, 3_600, 18_000, 21_600])
        #expect(result.day(0).heldUnseen == 2)
        #expect(ScenarioHighlights.lines(result)[0].contains { $0.hasPrefix("2 policy reloads were held until the next view") })
    }

    /// Issue #23 item 1. Content changes every 10 min (:05, :15, …), a view every 2 h from 00:30,
    /// `.after(1h)`, unseen_after 1h. Reloads at 00:00 (start) and 01:00 (seen at 00:30, 30 min
    /// before); from then every policy reload finds the widget unseen for ≥ 1 h and is held until
    /// the next view: 02:00 → 02:30, 03:30 → 04:30, …, 21:30 → 22:30, and 23:30 with no view to
    /// come (12 holds, 13 grants). Each view is judged before the reload it releases, so every one
    /// is stale: 00:30 saw the 00:05 change (25 min), 02:30 the 01:05 one (85 min), each later view
    /// the change 5 min after the reload 2 h before (115 min): mean (25 + 85 + 10 × 115) / 12 =
    /// 105 min. (Judged after the reload, 11 of the 12 views were fresh.)
    @Test("a view that releases a held policy reload is judged before the reload runs")
    func heldReloadJudgedAtItsView() throws {
        let yaml = """
            days: 1
            system: {unseen_after: 1h}
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, policy: {after: 1h}}
                content: {unpredictable: {every: 10m, offset: 5m}}
                views: {every: 2h, offset: 30m}
            """
        let result = Simulator.run(try Self.load(yaml), events: .reloads)
        let day = result.day(0)
        #expect(result.run().grantTimes == [0, 3_600] + stride(from: 9_000.0, through: 81_000, by: 7_200))
        #expect(day.heldUnseen == 12)
        #expect(day.views == 12)
        #expect(day.freshViews == 0)
        #expect(day.viewAgeTotal == (25 + 85 + 10 * 115) * 60)
    }

    /// A location change at 03:00; views at 02:00, 04:00 and 05:00: one free system reload at the
    /// 04:00 view, none at 05:00 (no change since).
    @Test("system.location_changes gives a free reload at the next view")
    func locationChanges() throws {
        let yaml = """
            days: 1
            system: {location_changes: {at: [3h]}}
            widgets:
              - kind: w
                provider: never
                views: {at: [2h, 4h, 5h]}
            """
        let result = Simulator.run(try Self.load(yaml), events: .all)
        let grants = result.run().events(.grant)
        #expect(grants.map(\.time) == [0, 14_400])
        #expect(grants.map(\.source) == [.start, .system])
        #expect(result.day(0).exempt == 1)
        // The 04:00 view is judged (and logged) before the reload it brings is requested.
        let at4 = result.run().events.filter { $0.time == 14_400 }.map(\.kind)
        #expect(Array(at4.prefix(2)) == [.view, .request])
    }

    /// Pushes every 2 h (12 sent a day) against a push budget of 5 a day: the first five (00:00 …
    /// 08:00) are delivered and reload both widgets, charged like reloadAllTimelines; the rest are
    /// dropped. The push at 00:00 joins the pending first reload (coalesced), so each widget has 5
    /// charged reloads: 00:00, 02:00, 04:00, 06:00, 08:00.
    @Test("app.pushes reload every widget like reloadAllTimelines, within their own daily budget")
    func pushes() throws {
        let yaml = """
            days: 1
            widgets:
              - kind: a
                provider: never
              - kind: b
                provider: never
            app:
              pushes: {every: 2h, budget: {daily: 5}}
            """
        let result = Simulator.run(try Self.load(yaml), events: .reloads)
        for w in 0..<2 {
            #expect(result.run(widget: w).grantTimes == [0, 7_200, 14_400, 21_600, 28_800])
            #expect(result.day(0, widget: w).charged == 5)
        }
        let missing = Self.error(yaml.replacingOccurrences(of: ", budget: {daily: 5}", with: ""))
        #expect(missing.contains("app.pushes.budget") || missing.contains("app.pushes"), "\(missing)")
        #expect(missing.contains("Apple publishes no number"))
    }
}
