/// An optimization ready to evaluate candidates: one widget of a scenario with its random inputs
/// drawn once per replication.
///
/// Every candidate is run against the same inputs (content changes, views, app reloads,
/// foreground sessions, delay seeds): common random numbers, so two candidates differ by their
/// policy, not by their dice. Only the daily budget B is set by the evaluation.
public struct OptimizationProblem: Sendable {
    /// The scenario, with `replications` set to the optimization's.
    public let scenario: Scenario
    /// The settings.
    public let settings: OptimizationSettings
    /// The scenario's calendar.
    public let calendar: SimulationCalendar
    /// Inputs per replication, drawn once, for each app throttle of the space (`nil`: the
    /// scenario's app as written): a list searched by `input(_:appThrottle:)` at every run, not a
    /// dictionary (hashing the key cost about a thousand instructions a run, #26 engine-2 `grant`).
    let drawnInputs: [(throttle: Double?, inputs: [WidgetInputs])]
    /// For the problem of a daylight-saving day: the horizon whose budget its widget keeps
    /// (``HorizonBudget``); `nil` for the horizon's own problem.
    let horizonBudget: HorizonBudget?
    /// The zone's next spring-forward and fall-back days that the horizon does not contain, each
    /// judged on its own (feasibility only; empty for a zone without daylight saving).
    public let daylightSavingDays: [DaylightSavingDay]
    /// The unconstrained runs kept for the candidates whose runs the engine shows to be the same
    /// (``UnconstrainedRuns``); `nil` runs every one (tests compare the two).
    package var sharedRuns: UnconstrainedRuns?

    /// A budget no run can exhaust (used for a candidate's unconstrained run).
    static let unlimitedBudget = 1 << 40

    /// Prepares `settings` on `scenario`.
    public init(scenario: Scenario, settings: OptimizationSettings) {
        self.init(scenario: scenario, settings: settings, daylightSavingDays: true)
    }

    /// Prepares `settings` on `scenario`, with its daylight-saving days or without (the problems
    /// of those days themselves).
    init(scenario: Scenario, settings: OptimizationSettings, daylightSavingDays: Bool, horizonBudget: HorizonBudget? = nil) {
        var s = scenario
        s.replications = settings.replications
        self.scenario = s
        self.settings = settings
        let calendar = SimulationCalendar(scenario: s)
        self.calendar = calendar
        var byThrottle: [Double?: [WidgetInputs]] = [:]
        for t in Set(settings.space.appThrottles + [nil]) {
            let throttled = Self.scenario(s, widget: settings.widget, appThrottle: t)
            byThrottle[t] = (0..<settings.replications).map {
                var inputs = WidgetInputs(scenario: throttled, calendar: calendar, widgetIndex: settings.widget, replication: $0)
                horizonBudget?.keep(in: &inputs, replication: $0, appThrottle: t)
                return inputs.drawnInAdvance()
            }
        }
        drawnInputs = byThrottle.map { (throttle: $0.key, inputs: $0.value) }
        self.horizonBudget = horizonBudget
        sharedRuns = UnconstrainedRuns(memory: s.memory, system: s.system, capacity: UnconstrainedRuns.capacity(days: calendar.days))
        let horizon = HorizonBudget(scenario: s, calendar: calendar, widget: settings.widget, drawn: byThrottle)
        self.daylightSavingDays = daylightSavingDays ? Self.daylightSavingDays(s, settings: settings, horizon: horizon) : []
    }

    /// The widget tuned.
    public var widget: WidgetSpec { scenario.widgets[settings.widget] }

    /// The memory ceiling the margin leaves, MB.
    public var memoryCeilingMB: Double { settings.constraints.memoryCeiling(limitMB: scenario.memory.limitMB) }

    /// The ranking of the settings (objective, constraints, tolerance) under this scenario's memory limit.
    public var ranking: CandidateRanking {
        CandidateRanking(
            objective: settings.objective, constraints: settings.constraints, memoryCeilingMB: memoryCeilingMB,
            tolerance: settings.resolvedTolerance)
    }

    /// Evaluates a candidate of the space, over `replications` replications (default: the
    /// settings'; more for racing, each drawn from the scenario's seed as the first ones are).
    public func evaluate(_ candidate: PolicyCandidate, replications: Int? = nil) -> CandidateEvaluation {
        var e = evaluate(
            provider: candidate.providerSpec(firstOffset: settings.space.firstOffset), replications: replications,
            appThrottle: candidate.appThrottle)
        e.candidate = candidate
        return e
    }

    /// The inputs of replication `r` with the app throttled to `appThrottle`: drawn once for the
    /// settings' replications, on demand beyond (the same draws: every stream is keyed by purpose).
    ///
    /// The drawn inputs are found in ``drawnInputs`` by `==`, as the dictionary finds its key (its
    /// hash agrees with `==`, 0 and -0 included; NaN, equal to nothing, finds no entry either way).
    func input(_ r: Int, appThrottle: Double?) -> WidgetInputs {
        for entry in drawnInputs where entry.throttle == appThrottle {
            if r < entry.inputs.count { return entry.inputs[r] }
            break
        }
        var inputs = WidgetInputs(
            scenario: Self.scenario(scenario, widget: settings.widget, appThrottle: appThrottle), calendar: calendar,
            widgetIndex: settings.widget, replication: r)
        horizonBudget?.keep(in: &inputs, replication: r, appThrottle: appThrottle)
        return inputs
    }

    /// `scenario` with every app reload stream that reaches the widget throttled to `appThrottle`
    /// (unchanged for `nil`).
    static func scenario(_ scenario: Scenario, widget: Int, appThrottle: Double?) -> Scenario {
        guard let appThrottle else { return scenario }
        var s = scenario
        let kind = s.widgets[widget].kind
        for i in s.app.reloads.indices where s.app.reloads[i].target == .all || s.app.reloads[i].target == .kind(kind) {
            s.app.reloads[i].throttle = appThrottle
        }
        return s
    }

    /// Evaluates any built-in provider (the scenario's current one, for comparison) at its worst
    /// budget of the range.
    ///
    /// Every run is the engine's run of the whole scenario with only the provider (and app
    /// throttle) changed and the budget drawn as B: `budget.by_views` scales B by the widget's
    /// views as `simulate` does, and the learning period, pushes, holds and every other input are
    /// the scenario's (`WidgetInputs`).
    ///
    /// One run per replication at the smallest budget B_min. When no replication waits for budget
    /// there, the runs at every B ≥ B_min are identical (see ``NeededBudget``), so those runs are
    /// the worst case, exactly. When some replication waits, it is run again without a budget for
    /// the needed budget and the unconstrained objective. With no exhausted day allowed, the
    /// candidate is then infeasible, and reported at B_min. When the constraints allow some
    /// exhausted days, every budget of the range up to the needed one is judged (a replication
    /// whose needed budget is reached is its unconstrained run) and the worst kept: more budget
    /// can make a run staler (a reload that waited fetched newer content), so the objective is not
    /// monotone in B.
    public func evaluate(provider spec: ProviderSpec, replications: Int? = nil, appThrottle: Double? = nil) -> CandidateEvaluation {
        let reps = Array(0..<(replications ?? settings.replications))
        let provider = sharedProvider(spec)
        let budgets = settings.constraints.budgets
        let model = scenario.budget.model
        let allowed = settings.constraints.maxExhaustedDayFraction
        var atMin: [WidgetRunResult] = [], unlimited: [WidgetRunResult] = [], needed: [Int] = []
        var binding = false
        for r in reps {
            let viewsPerDay = scenario.budget.byViews ? input(r, appThrottle: appThrottle).viewsPerDay : 0
            func neededDrawn(_ run: WidgetRunResult) -> Int {
                NeededBudget.drawn(minimumBudget(chargeTimes: run.chargeTimes), budget: scenario.budget, viewsPerDay: viewsPerDay)
            }
            let run = simulate(
                spec, provider: provider, replication: r, budget: budgets.lowerBound, model: model, appThrottle: appThrottle)
            atMin.append(run)
            if run.days.contains(where: { $0.deferred > 0 }) {
                binding = true
                // Only its objective and charge times are read, unless it may stand in for a
                // budget of the range (exhausted days allowed). Any model grants everything at
                // an unlimited B (midnight is the cheapest), but a learning period keeps its own
                // B, under the scenario's model.
                if allowed == 0 {
                    // Shared with the candidates whose run the engine shows to be the same.
                    let free = unconstrainedRun(spec, provider: provider, replication: r, appThrottle: appThrottle, needed: neededDrawn)
                    unlimited.append(free.run)
                    needed.append(free.needed)
                } else {
                    let free = simulate(
                        spec, provider: provider, replication: r, budget: Self.unlimitedBudget,
                        model: scenario.budget.learningDays > 0 ? model : .midnight, appThrottle: appThrottle)
                    unlimited.append(free)
                    needed.append(neededDrawn(free))
                }
            } else {
                unlimited.append(run)
                needed.append(neededDrawn(run))
            }
        }
        let objective = settings.objective
        var worst = budgets.lowerBound
        // Each run's own sums, from the summary's pass: what each replication's objective reads.
        var worstSums: [DaySums.Run] = []
        var summary = WidgetSummary(widget: widget.name, runs: atMin, ageQuantile: true, runSums: &worstSums), worstRuns = atMin
        let neededBudget = needed.max() ?? 1
        if binding && allowed > 0 && summary.exhaustedDayFraction <= allowed {
            // Some days may run out: every budget of the range is judged, up to the needed one
            // (from there on every replication is its unconstrained run, the same at any B).
            let top = min(neededBudget, budgets.upperBound)
            if top > budgets.lowerBound {
                for b in (budgets.lowerBound + 1)...top {
                    let runs = reps.map { r in
                        needed[r] <= b
                            ? unlimited[r]
                            : simulate(spec, provider: provider, replication: r, budget: b, model: model, appThrottle: appThrottle)
                    }
                    var sums: [DaySums.Run] = []
                    let s = WidgetSummary(widget: widget.name, runs: runs, ageQuantile: true, runSums: &sums)
                    if isWorse(s, than: summary) {
                        summary = s
                        worstRuns = runs
                        worstSums = sums
                        worst = b
                    }
                }
            }
        }
        // Only the objective is read from the unconstrained summary.
        let unlimitedSummary = binding ? objective.summary(of: unlimited, widget: widget.name) : summary
        var violations = violations(summary, worst: worst, needed: neededBudget)
        // A candidate that holds over the horizon must hold on the zone's clock-change days too
        // (when no day may run out; otherwise such a day is one of those allowed).
        if violations.isEmpty && allowed == 0,
            let day = daylightSavingShortfall(
                spec, replications: reps, appThrottle: appThrottle, horizonWaits: binding, horizonCharges: atMin.map(\.chargeTimes))
        {
            violations.append(.daylightSaving(day: day.label, budget: budgets.lowerBound))
        }
        return CandidateEvaluation(
            candidate: nil, provider: spec, summary: summary, worstBudget: worst, neededBudget: neededBudget,
            objective: objective.value(of: summary),
            replicationObjectives: objective.perReplication(worstRuns, sums: worstSums, widget: widget.name),
            unlimitedObjective: objective.value(of: unlimitedSummary),
            violations: violations)
    }

    /// The smallest B under which a run with these charge times never waits: with a learning
    /// period, B applies from its end on (``NeededBudget/minimum(chargeTimes:model:clock:learningEnd:learningDaily:)``).
    private func minimumBudget(chargeTimes: [SimTime]) -> Int {
        let budget = scenario.budget, clock = calendar.clock
        guard budget.learningDays > 0 else { return NeededBudget.minimum(chargeTimes: chargeTimes, model: budget.model, clock: clock) }
        let end = budget.learningDays < calendar.days ? calendar.dayStarts[budget.learningDays] : .infinity
        return NeededBudget.minimum(
            chargeTimes: chargeTimes, model: budget.model, clock: clock, learningEnd: end, learningDaily: budget.learningDaily)
    }

    /// More exhausted days than allowed is worse than any objective; otherwise the objective decides.
    private func isWorse(_ a: WidgetSummary, than b: WidgetSummary) -> Bool {
        let allowed = settings.constraints.maxExhaustedDayFraction
        let aOver = a.exhaustedDayFraction > allowed, bOver = b.exhaustedDayFraction > allowed
        if aOver != bOver { return aOver }
        if aOver { return a.exhaustedDayFraction > b.exhaustedDayFraction }
        let objective = settings.objective
        return objective.loss(objective.value(of: a)) > objective.loss(objective.value(of: b))
    }

    private func violations(_ s: WidgetSummary, worst: Int, needed: Int) -> [ConstraintViolation] {
        var out: [ConstraintViolation] = []
        if s.exhaustedDayFraction > settings.constraints.maxExhaustedDayFraction {
            out.append(.budget(fraction: s.exhaustedDayFraction, budget: worst, needed: needed))
        }
        let limit = scenario.memory.limitMB
        if s.kills > 0 || s.peakMemoryMB > limit {
            out.append(.killed(peakMB: s.peakMemoryMB, limitMB: limit, kills: s.kills))
        } else if s.peakMemoryMB > memoryCeilingMB {
            out.append(.memoryMargin(peakMB: s.peakMemoryMB, ceilingMB: memoryCeilingMB, limitMB: limit))
        }
        return out
    }

    /// `spec`'s provider built for this problem's runs (its clock and horizon), to be handed to
    /// each of them: a provider depends only on its spec, the clock and the horizon, so one serves
    /// every replication and budget when its copies run apart (``BuiltInProvider/copiesRunApart``);
    /// `nil` otherwise, and each run builds its own.
    func sharedProvider(_ spec: ProviderSpec) -> BuiltInProvider? {
        let built = spec.makeProvider(clock: calendar.clock, horizon: calendar.horizon)
        return built.copiesRunApart ? built : nil
    }

    /// One replication of `spec` with `budget` drawn as the daily budget (the widget's B is then
    /// what the scenario's budget settings make of it, as in `simulate`), with the charge times (for the needed
    /// budget) and without what the optimizer never reads: by default `RunDetail.optimization` (no
    /// age quantile per day, no events); a run without a budget may read less still
    /// (`RunDetail.unconstrained(for:)`). `provider`: `spec`'s, from this problem's
    /// ``sharedProvider(_:)``; `nil` builds it for the run.
    func simulate(
        _ spec: ProviderSpec, provider: BuiltInProvider? = nil, replication r: Int, budget: Int, model: BudgetModel,
        appThrottle: Double? = nil, detail: RunDetail = .optimization
    ) -> WidgetRunResult {
        // `drawing(daily:_:)` in place: one copy of the inputs less a run.
        var inputs = input(r, appThrottle: appThrottle)
        inputs.dailyBudget = scenario.budget.dailyBudget(budget, viewsPerDay: inputs.viewsPerDay)
        var simulation = WidgetSimulation(
            provider: provider ?? spec.makeProvider(clock: calendar.clock, horizon: calendar.horizon), inputs: consume inputs,
            calendar: calendar, memory: scenario.memory, system: scenario.system, budgetModel: model,
            widgetIndex: settings.widget, replication: r, family: widget.family, events: .none,
            detail: detail)
        var run = simulation.run()
        if detail.reach { run.reach = simulation.measuredReach() }
        return run
    }
}
