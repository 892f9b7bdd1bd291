/// An app reload request as it reaches one widget.
public struct AppRequest: Sendable, Equatable {
    /// When the request reaches WidgetKit (after the app-reload delay).
    public var time: SimTime
    /// When the app called `reloadTimelines(ofKind:)` or `reloadAllTimelines()`.
    public var calledAt: SimTime
    /// `app` for `reloadTimelines(ofKind:)`, `appAll` for `reloadAllTimelines()`.
    public var source: ReloadSource
}

/// Everything random that one widget sees in one replication, drawn before the run.
///
/// None of it depends on the widget's provider, so candidates compared by the optimizer see the
/// same changes, views and app activity (common random numbers).
public struct WidgetInputs: Sendable {
    /// Predictable content changes.
    public var predictable: ContentChanges
    /// Unpredictable content changes.
    public var unpredictable: EventTimes
    /// When the user looks, drawn as the run reaches them (a copy of the stream replays the same
    /// views: the optimizer's candidates share one).
    public var viewStream: EventStream
    /// When the user looks, as a list.
    public var views: EventTimes { EventTimes(Array(IteratorSequence(viewStream))) }
    /// App reload requests reaching this widget, ascending.
    public var appRequests: [AppRequest]
    /// App Intent taps on this widget.
    public var intents: EventTimes
    /// The app's foreground sessions (reloads inside are not charged).
    public var foreground: IntervalSet
    /// Low-power stretches.
    public var lowPower: IntervalSet
    /// This replication's daily budget B.
    public var dailyBudget: Int
    /// Seed for the per-reload and per-entry delay draws.
    public var delaySeed: UInt64

    /// The same inputs with the changes and views drawn in advance, for runs that share them (the
    /// optimizer's candidates): reading a list is cheaper than drawing again in every run.
    public func drawnInAdvance() -> WidgetInputs {
        var copy = self
        copy.predictable = .list(predictable.eventTimes)
        copy.viewStream = EventStream(list: views)
        return copy
    }

    /// Draws the inputs of widget `widgetIndex` of `scenario` in `replication`.
    public init(scenario: Scenario, calendar: SimulationCalendar, widgetIndex: Int, replication: Int) {
        let horizon = calendar.horizon
        let clock = calendar.clock
        let seed = scenario.seed
        let rep = UInt64(replication)
        func stream(_ purpose: StreamPurpose, _ index: Int = 0, widget: Int = -1) -> SeededGenerator {
            SeededGenerator(seed: seed, stream: [rep, UInt64(bitPattern: Int64(widget)), purpose.rawValue, UInt64(index)])
        }
        func changes(of w: Int) -> EventTimes {
            var g = stream(.unpredictable, widget: w)
            return scenario.widgets[w].unpredictable.generate(horizon: horizon, clock: clock, generator: &g)
        }
        let widget = scenario.widgets[widgetIndex]
        var g = stream(.predictable, widget: widgetIndex)
        predictable = ContentChanges(widget.predictable, horizon: horizon, clock: clock, generator: &g)
        unpredictable = changes(of: widgetIndex)
        viewStream = EventStream(widget.views, horizon: horizon, clock: clock, generator: stream(.views, widget: widgetIndex))

        // App reloads: drawn per stream (not per widget), so reloadAll hits every widget at once.
        var requests: [AppRequest] = []
        for (i, spec) in scenario.app.reloads.enumerated() {
            let targetsMe: Bool
            switch spec.target {
            case .all: targetsMe = true
            case let .kind(kind): targetsMe = kind == widget.kind
            }
            guard targetsMe else { continue }
            let source: ReloadSource = spec.target == .all ? .appAll : .app
            var times: [SimTime]
            switch spec.trigger {
            case let .process(process):
                var pg = stream(.appReloads, i)
                times = process.generate(horizon: horizon, clock: clock, generator: &pg).times
            case .onChange:
                times = []
                for w in scenario.widgets.indices {
                    switch spec.target {
                    case .all: break
                    case let .kind(kind): if scenario.widgets[w].kind != kind { continue }
                    }
                    times += (w == widgetIndex ? unpredictable : changes(of: w)).times
                }
                times.sort()
            }
            var dg = stream(.appReloadDelay, i)
            for t in times {
                let at = t + scenario.system.appReloadDelay.draw(&dg)
                if at < horizon { requests.append(AppRequest(time: at, calledAt: t, source: source)) }
            }
        }
        requests.sort { $0.time < $1.time }
        appRequests = requests

        var tapTimes: [SimTime] = []
        for (i, spec) in scenario.app.intents.enumerated() where spec.kind == widget.kind {
            var ig = stream(.intents, i)
            tapTimes += spec.process.generate(horizon: horizon, clock: clock, generator: &ig).times
        }
        intents = EventTimes(tapTimes)

        var fg = stream(.foreground)
        var dg = stream(.foregroundDuration)
        let starts = scenario.app.foreground.generate(horizon: horizon, clock: clock, generator: &fg).times
        foreground = IntervalSet(intervals: starts.map { ($0, $0 + scenario.app.foregroundDuration.draw(&dg)) })
        lowPower = IntervalSet(windows: scenario.system.lowPower, clock: clock, from: 0, to: horizon + Seconds.day)

        let budget = scenario.budget
        if budget.dailyMax > budget.dailyMin {
            var bg = stream(.budget, widget: widgetIndex)
            dailyBudget = budget.dailyMin + Int(bg.next() % UInt64(budget.dailyMax - budget.dailyMin + 1))
        } else {
            dailyBudget = budget.dailyMin
        }
        delaySeed = SeededGenerator.mix(seed ^ SeededGenerator.mix(rep &* 7919 &+ UInt64(widgetIndex)))
    }
}
