import WidgetBudgetKit

/// How much of one widget's reload budget was left over time, rebuilt from its charged grants.
///
/// Grant events carry the budget left at the instant of the grant, but budget also comes back
/// between events (a charge leaving the trailing 24 hours, local midnight, the bucket refilling),
/// so the curve is rebuilt by replaying the charges through the engine's own ``ReloadBudget``.
/// At every grant the curve equals the grant's `budgetLeft`.
public struct BudgetTrajectory: Sendable, Equatable {
    /// The budget holds `left` charged reloads from `time` until the next step's time.
    public struct Step: Sendable, Equatable {
        /// When the value starts, simulation seconds.
        public var time: SimTime
        /// Charged reloads left.
        public var left: Int
    }

    /// B, the daily budget of the run.
    public var daily: Int
    /// The steps, in time order; the last repeats the final value at the end of the stretch.
    public var steps: [Step]
    /// Stretches during which a charged reload waited for budget (from `budget-out` to
    /// `budget-back`), clipped to the stretch.
    public var waiting: [Range<SimTime>]

    /// Rebuilds the budget over `[from, until]` from a run's events (at least the reload events).
    ///
    /// - Complexity: O((g + m) · B) for g charged grants and m candidate instants (grants, their
    ///   expiry, midnights, and a one-minute grid for the token bucket).
    public init(events: [EngineEvent], model: BudgetModel, daily: Int, clock: LocalClock, from: SimTime = 0, until: SimTime) {
        let reloads = ShownReloads(events: events, until: until)
        self.init(charges: reloads.charges, waits: reloads.waits, model: model, daily: daily, clock: clock, from: from, until: until)
    }

    /// Rebuilds the budget over `[from, until]` from the times of the charged grants (ascending;
    /// at least those at or before `until`) and the waits for budget (`BudgetWaits.all(in:openSince:)`;
    /// at least those that began by `until`): what the curve reads of a run's events.
    init(
        charges: [SimTime], waits: [(start: SimTime, end: SimTime)], model: BudgetModel, daily: Int, clock: LocalClock,
        from: SimTime = 0, until: SimTime
    ) {
        self.daily = daily
        var candidates: [SimTime] = [from]
        for t in charges where t >= from && t <= until { candidates.append(t) }
        candidates += model.rule.recoveryInstants(charges: charges, clock: clock, from: from, until: until)
        candidates.sort()
        var budget = ReloadBudget(model: model, daily: daily, clock: clock)
        var next = 0
        var steps: [Step] = []
        for t in candidates {
            while next < charges.count && charges[next] <= t {
                budget.charge(at: charges[next])
                next += 1
            }
            let left = budget.left(at: t)
            if steps.last?.left != left { steps.append(Step(time: t, left: left)) }
        }
        if let last = steps.last, last.time < until { steps.append(Step(time: until, left: last.left)) }
        self.steps = steps

        self.waiting = Self.clip(waits, from: from, until: until)
    }

    /// `waits` clipped to `[from, until]`, the empty ones left out.
    static func clip(_ waits: [(start: SimTime, end: SimTime)], from: SimTime, until: SimTime) -> [Range<SimTime>] {
        waits.compactMap { start, end in
            let lower = max(start, from), upper = min(end, until)
            return lower < upper ? lower..<upper : nil
        }
    }

    /// The budget left at `t` (the value of the step holding `t`).
    public func left(at t: SimTime) -> Int {
        var value = steps.first?.left ?? daily
        for step in steps where step.time <= t { value = step.left }
        return value
    }
}
