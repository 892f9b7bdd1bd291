/// The budget a widget has over the optimization's horizon, kept when a daylight-saving day is
/// replayed on its own (the day and the day before, ``DaylightSavingDay``).
///
/// The engine gives a widget its B from the whole run: under `budget.by_views` its views a day
/// are the horizon's mean, and a learning period counts from the horizon's start. A 2-day replay
/// drawn afresh would judge the policy against another widget: two days of a week are not the
/// user's habit (a weekend without views gives B = 1 under `by_views`), and the replay would
/// start a new learning period. So the replay keeps, per replication, the horizon's views a day
/// and only what is left of the learning period `dayOffset` days after the horizon's start.
struct HorizonBudget: Sendable {
    /// The horizon's scenario (replications set), its calendar and the widget tuned.
    let scenario: Scenario
    let calendar: SimulationCalendar
    let widget: Int
    /// The horizon's inputs drawn once per app throttle (`OptimizationProblem.drawnInputs`).
    let drawn: [Double?: [WidgetInputs]]
    /// Days from the horizon's start to the replay's start.
    var dayOffset = 0

    /// Gives `inputs` (replication `r` of the replay) the horizon's views a day and what is left
    /// of its learning period.
    func keep(in inputs: inout WidgetInputs, replication r: Int, appThrottle: Double?) {
        let horizon = horizonInput(r, appThrottle: appThrottle)
        inputs.viewsPerDay = horizon.viewsPerDay
        inputs.learningDays = max(0, horizon.learningDays - dayOffset)
        inputs.learningBudget = horizon.learningBudget
    }

    /// Replication `r` of the horizon: drawn already, or drawn now as `OptimizationProblem.input`
    /// draws it.
    private func horizonInput(_ r: Int, appThrottle: Double?) -> WidgetInputs {
        if let inputs = drawn[appThrottle], r < inputs.count { return inputs[r] }
        return WidgetInputs(
            scenario: OptimizationProblem.scenario(scenario, widget: widget, appThrottle: appThrottle), calendar: calendar,
            widgetIndex: widget, replication: r)
    }
}
