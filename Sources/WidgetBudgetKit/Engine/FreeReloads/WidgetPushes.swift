/// iOS 26 widget pushes (`app.pushes`, OBSERVED #5): each delivered push reloads every widget like
/// `reloadAllTimelines` (charged); pushes over their own daily budget are dropped.
package struct WidgetPushes: FreeReloadSource {
    /// When pushes are sent, and their budget.
    package var pushes: AppActivity.Pushes

    /// Adds each delivered push as an `appAll` request.
    package func draw(into draw: inout FreeReloadDraw) {
        var g = draw.stream(.pushes)
        for t in delivered(scenario: draw.scenario, horizon: draw.horizon, clock: draw.clock, generator: &g, changes: draw.changes) {
            draw.requests.append(AppRequest(time: t, calledAt: t, source: .appAll, push: true))
        }
    }

    /// The pushes WidgetKit delivers: those sent (a process, or each unpredictable change of any
    /// widget) that fit the push budget — at most `daily` as the push budget's model counts them (by
    /// default in any trailing 24 hours; local days and hours through `clock`), the rest dropped
    /// (Apple: "the system budgets WidgetKit push notifications and delivers them opportunistically";
    /// see `docs/design/timing-model.md` for why dropped rather than delayed).
    func delivered(
        scenario: Scenario, horizon: SimTime, clock: LocalClock, generator: inout SeededGenerator, changes: (Int) -> EventTimes
    ) -> [SimTime] {
        var sent: [SimTime]
        switch pushes.trigger {
        case let .process(process): sent = process.generate(horizon: horizon, clock: clock, generator: &generator).times
        case .onChange: sent = Array(Set(scenario.widgets.indices.flatMap { changes($0).times })).sorted()
        // The loader gives pushes no session trigger: a push is the server's, not the app's.
        case .onForeground, .onBackground: sent = []
        }
        var budget = ReloadBudget(model: pushes.model, daily: pushes.daily, clock: clock)
        return sent.filter { t in
            guard budget.isAvailable(at: t) else { return false }
            budget.charge(at: t)
            return true
        }
    }
}
