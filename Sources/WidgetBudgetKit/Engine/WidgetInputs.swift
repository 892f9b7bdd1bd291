/// An app reload request as it reaches one widget.
package struct AppRequest: Sendable, Equatable {
    /// When the request reaches WidgetKit (after the delay of its origin, drawn for this widget);
    /// for an ignored call, when the app made it (it never reaches WidgetKit).
    package var time: SimTime
    /// When the app called `reloadTimelines(ofKind:)` or `reloadAllTimelines()`.
    package var calledAt: SimTime
    /// `app` for `reloadTimelines(ofKind:)`, `appAll` for `reloadAllTimelines()`.
    package var source: ReloadSource
    /// True when WidgetKit ignores the call: it came within `system.launch_cooldown` of the app
    /// being opened from the widget (OBSERVED #12).
    package var ignored = false
    /// True for a delivered widget push (``WidgetPushes``): the engine treats it as `appAll`;
    /// `export-log` writes it as a `push` row, not an `app-reload`.
    package var push = false
}

/// The times an app reload stream of `app.reloads` wants to call at, before its throttle.
private enum WantedCalls {
    /// Drawn one at a time (a process), with its expected count (an upper bound).
    case stream(EventStream, expected: Double)
    /// Listed (changes, sessions).
    case list([SimTime])

    /// How many (a stream's drawn from a copy, which draws the same times); for a stream short
    /// enough not to be worth a second draw (``EventProcess/countedAbove``), its expected count
    /// and six standard deviations of a Poisson count, room it seldom passes.
    var count: Int {
        switch self {
        case .stream(var times, let expected):
            guard expected > EventProcess.countedAbove else { return Int(expected + 6 * expected.squareRoot() + 16) }
            var n = 0
            while times.next() != nil { n += 1 }
            return n
        case let .list(times): return times.count
        }
    }
}

/// Everything random that one widget sees in one replication, drawn before the run.
///
/// None of it depends on the widget's provider, so candidates compared by the optimizer see the
/// same changes, views and app activity (common random numbers).
package struct WidgetInputs: Sendable {
    /// Predictable content changes.
    package var predictable: ContentChanges
    /// Unpredictable content changes.
    package var unpredictable: EventTimes
    /// When the user looks, drawn as the run reaches them (a copy of the stream replays the same
    /// views: the optimizer's candidates share one).
    package var viewStream: EventStream
    /// When the user looks, as a list.
    package var views: EventTimes { EventTimes(Array(IteratorSequence(viewStream))) }
    /// App reload requests reaching this widget, ascending.
    package var appRequests: [AppRequest]
    /// Free reloads of this widget granted at once (App Intent taps: ``FreeReloadDraw/taps``).
    package var intents: EventTimes
    /// Stretches in which granted reloads are not charged: the app's foreground sessions, launches
    /// from the widget, audio and navigation sessions (``FreeReloadDraw/freeWindows``).
    package var foreground: IntervalSet
    /// Low-power stretches.
    package var lowPower: IntervalSet
    /// Free reloads applied at the next view: significant location changes
    /// (``FreeReloadDraw/atNextView``).
    package var locationChanges = EventTimes([])
    /// This replication's daily budget B.
    package var dailyBudget: Int
    /// Days at the start with ``learningBudget`` instead of ``dailyBudget``.
    package var learningDays = 0
    /// B during the learning days.
    package var learningBudget = 0

    /// Mean views a day over the horizon, counted only when the budget depends on them
    /// (`budget.by_views`; 0 otherwise).
    package var viewsPerDay = 0.0

    /// B on day `day` (0-based).
    package func budget(onDay day: Int) -> Int { day < learningDays ? learningBudget : dailyBudget }

    /// These inputs as a scenario whose budget is exactly `daily` gives them: B is `daily` as
    /// `budget` turns a drawn budget into this widget's (scaled by its views under `by_views`),
    /// the learning period unchanged. The optimizer's runs at each budget of a range use this, so
    /// a candidate gets the B `simulate` would give it.
    package func drawing(daily: Int, _ budget: BudgetSettings) -> WidgetInputs {
        var copy = self
        copy.dailyBudget = budget.dailyBudget(daily, viewsPerDay: viewsPerDay)
        return copy
    }
    /// Seed for the per-reload and per-entry delay draws.
    package private(set) var delaySeed: UInt64
    /// The reload delays (`system.reload_delay`), drawn from `delaySeed`'s reload-delay stream;
    /// listed in advance by ``drawnInAdvance(listingDelays:)``.
    package private(set) var reloadDelays: DelayDraws
    /// How many reload delays ``drawnInAdvance(listingDelays:)`` lists: one for each reload the
    /// horizon holds at the reload interval, and two more (a run may draw more: those are drawn as
    /// it goes), at most ``listedDelaysLimit``.
    private var delaysToList = 0
    /// The most reload delays listed for one replication's widget (128 KB).
    static let listedDelaysLimit = 1 << 14

    /// The same inputs with the views and the reload delays drawn in advance, for runs that share
    /// them (the optimizer's candidates): reading a list is cheaper than drawing again in every
    /// run. Changes of an `every` process stay ticks: `ChangeCursor` answers them by arithmetic,
    /// cheaper than a list (and drawing the list cost more than all the candidates' searches in it).
    /// `listingDelays` (the tests'): how many reload delays to list instead.
    package func drawnInAdvance(listingDelays: Int? = nil) -> WidgetInputs {
        var copy = self
        copy.viewStream = EventStream(list: views)
        copy.reloadDelays = reloadDelays.listing(listingDelays ?? delaysToList)
        return copy
    }

    /// How many reload delays ``drawnInAdvance(listingDelays:)`` lists for a horizon of `horizon`
    /// seconds and a reload interval of `interval` (taken at least
    /// ``SystemSettings/smallestReloadInterval``, as the run takes it): every grant but an App
    /// Intent's is at least an interval after the one before, so a run without App Intents
    /// delivers at most `horizon / interval + 1` timelines.
    static func delaysToList(horizon: Double, interval: Double) -> Int {
        let reloads = horizon / max(interval, SystemSettings.smallestReloadInterval) + 2
        guard reloads < Double(listedDelaysLimit) else { return listedDelaysLimit }  // NaN too
        return reloads > 0 ? Int(reloads) : 0
    }

    /// Draws the inputs of widget `widgetIndex` of `scenario` in `replication`.
    package init(scenario: Scenario, calendar: SimulationCalendar, widgetIndex: Int, replication: Int) {
        let horizon = calendar.horizon
        let clock = calendar.clock
        let seed = scenario.seed
        let rep = UInt64(replication)
        // A widget's streams are keyed by its place among the widgets the scenario declares and its
        // copy number (``streamKey(of:in:)``), not by its place in the expanded list: adding an
        // instance to one widget moves no other widget's or copy's draws.
        func stream(_ purpose: StreamPurpose, _ index: Int = 0, widget: Int = -1) -> SeededGenerator {
            let key = widget < 0 ? UInt64(bitPattern: -1) : Self.streamKey(of: widget, in: scenario)
            return SeededGenerator(seed: seed, stream: [rep, key, purpose.rawValue, UInt64(index)])
        }
        // Copies of one widget (`instances`) show the same app data: their content changes come
        // from the first copy's streams; views, delays and taps stay each copy's own.
        func contentOwner(_ w: Int) -> Int { w - (scenario.widgets[w].instance - 1) }
        func changes(of w: Int) -> EventTimes {
            var g = stream(.unpredictable, widget: contentOwner(w))
            return scenario.widgets[w].unpredictable.generate(horizon: horizon, clock: clock, generator: &g)
        }
        let widget = scenario.widgets[widgetIndex]
        var g = stream(.predictable, widget: contentOwner(widgetIndex))
        // A self-updating view draws its predictable changes itself: they never make it stale.
        predictable = ContentChanges(widget.selfUpdating ? .none : widget.predictable, horizon: horizon, clock: clock, generator: &g)
        unpredictable = changes(of: widgetIndex)
        viewStream = EventStream(widget.views, horizon: horizon, clock: clock, generator: stream(.views, widget: widgetIndex))

        // Free-reload sources first: the app's foreground sessions they draw also time the
        // `on_foreground` / `on_background` reloads below (each source has its own streams, so the
        // order changes no numbers).
        var free = FreeReloadDraw(
            scenario: scenario, widgetIndex: widgetIndex, horizon: horizon, clock: clock,
            stream: { stream($0, $1, widget: $2) }, changes: changes)
        for source in scenario.freeReloadSources { source.draw(into: &free) }
        let sessions = IntervalSet(intervals: free.appSessions)

        // App reloads: the calls are drawn per stream (not per widget), so one call reaches every
        // widget it targets; the delay to each is drawn per widget (and instance), so widgets
        // reloaded by one call are granted seconds apart, not at one instant (OBSERVED #20).
        // The wanted calls of each stream first, then the list of requests made once at its size
        // (at most one request per wanted call): grown by doubling, it held up to three times its
        // size at once (issue #26: 19 MB of `observed/17-of-kind-rounds`' 10 years).
        var wanted: [(spec: Int, calls: WantedCalls)] = []
        for (i, spec) in scenario.app.reloads.enumerated() {
            let targetsMe: Bool
            switch spec.target {
            case .all: targetsMe = true
            case let .kind(kind): targetsMe = kind == widget.kind
            }
            guard targetsMe else { continue }
            switch spec.trigger {
            case let .process(process):
                // Drawn as the requests are made: the stream draws what `generate` lists.
                let calls = EventStream(process, horizon: horizon, clock: clock, generator: stream(.appReloads, i))
                wanted.append((i, .stream(calls, expected: process.expectedCount(horizon: horizon))))
            case .onChange:
                var times: [SimTime] = []
                // Each widget's changes once: its copies share them, and the app reacts once.
                for w in scenario.widgets.indices where scenario.widgets[w].instance == 1 {
                    switch spec.target {
                    case .all: break
                    case let .kind(kind): if scenario.widgets[w].kind != kind { continue }
                    }
                    times += (w == widgetIndex ? unpredictable : changes(of: w)).times
                }
                times.sort()
                wanted.append((i, .list(times)))
            case .onForeground:
                wanted.append((i, .list(sessions.starts)))
            case .onBackground:
                wanted.append((i, .list(sessions.ends.filter { $0 < horizon })))
            }
        }
        var requests: [AppRequest] = []
        requests.reserveCapacity(wanted.reduce(free.requests.count) { $0 + $1.calls.count })
        for (i, calls) in wanted {
            let spec = scenario.app.reloads[i]
            let source: ReloadSource = spec.target == .all ? .appAll : .app
            let delay = spec.origin == .background ? scenario.system.backgroundReloadDelay : scenario.system.appReloadDelay
            var dg = stream(.appReloadDelay, i, widget: widgetIndex)
            func add<Wanted: IteratorProtocol>(_ times: Wanted) where Wanted.Element == Double {
                var made = AppReloadThrottle.Calls(wanted: times, interval: spec.throttle)
                while let t = made.next() {
                    let at = t + delay.draw(&dg)
                    if at < horizon { requests.append(AppRequest(time: at, calledAt: t, source: source)) }
                }
            }
            switch calls {
            case let .stream(times, _): add(times)
            case let .list(times): add(times.makeIterator())
            }
        }
        wanted = []
        requests += free.requests
        requests.sort { $0.time < $1.time }
        if !free.cooldowns.isEmpty {
            // An ignored call never reaches WidgetKit: it is logged when the app made it (issue #23
            // item 7: a call at 02:00:00 showed 02:00:10, its would-be arrival).
            let cooldown = IntervalSet(intervals: free.cooldowns)
            for i in requests.indices where cooldown.contains(requests[i].calledAt) {
                requests[i].ignored = true
                requests[i].time = requests[i].calledAt
            }
            requests.sort { $0.time < $1.time }
        }
        appRequests = requests
        intents = EventTimes(free.taps)
        foreground = IntervalSet(intervals: free.freeWindows)
        locationChanges = EventTimes(free.atNextView)
        lowPower = IntervalSet(windows: scenario.system.lowPower, clock: clock, from: 0, to: horizon + Seconds.day)

        let budget = scenario.budget
        if budget.dailyMax > budget.dailyMin {
            var bg = stream(.budget, widget: widgetIndex)
            dailyBudget = budget.dailyMin + Int(bg.next() % UInt64(budget.dailyMax - budget.dailyMin + 1))
        } else {
            dailyBudget = budget.dailyMin
        }
        // Views are counted (a pass over a copy of the stream) only when the budget depends on them.
        let viewCount = budget.byViews ? IteratorSequence(viewStream).reduce(0) { n, _ in n + 1 } : 0
        viewsPerDay = Double(viewCount) * Seconds.day / horizon
        dailyBudget = budget.dailyBudget(dailyBudget, viewsPerDay: viewsPerDay)
        learningDays = budget.learningDays
        learningBudget = budget.learningDaily
        delaySeed = SeededGenerator.mix(seed ^ SeededGenerator.mix(rep &* 7919 &+ Self.streamKey(of: widgetIndex, in: scenario)))
        reloadDelays = DelayDraws(scenario.system.reloadDelay, generator: Self.reloadDelayGenerator(delaySeed))
        delaysToList = Self.delaysToList(horizon: horizon, interval: scenario.system.minReloadInterval)
    }

    /// The generator of the reload delays of inputs whose delay seed is `delaySeed`.
    static func reloadDelayGenerator(_ delaySeed: UInt64) -> SeededGenerator {
        SeededGenerator(seed: delaySeed, stream: [StreamPurpose.reloadDelay.rawValue])
    }

    /// The key of widget `w`'s random streams: its place among the widgets as declared (copies of
    /// one widget counted once) plus its copy number times 2³². For a scenario without copies this
    /// is the widget's index; a copy's key does not depend on how many copies other widgets have.
    package static func streamKey(of w: Int, in scenario: Scenario) -> UInt64 {
        let widgets = scenario.widgets
        var declared = 0
        for j in 0..<w where widgets[j].instance == 1 { declared += 1 }
        if widgets[w].instance == 1 { return UInt64(declared) }
        return UInt64(declared - 1) | UInt64(widgets[w].instance - 1) << 32
    }
}
